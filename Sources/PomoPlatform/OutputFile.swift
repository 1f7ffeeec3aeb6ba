#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Writes what the user asked to have written at a path (`report --output`), as the path
/// asks: a regular file, or a new path, is replaced all at once (a temporary file renamed over
/// it), keeping the old file's permissions; a symbolic link is followed and its target
/// written so (the link stays a link); a FIFO, a device or an inherited descriptor
/// (`/dev/fd/N`, `/dev/stdout`, process substitution) is written into as it is; a folder is
/// refused; `-` is standard output; a new file's folder is never made. Nothing but a regular
/// file is ever replaced, and not one with other names (hard
/// links) or another owner: those are written where they stand.
package enum OutputFile {
  package static func write(_ contents: [UInt8], to path: String) throws(FileSystemError) {
    // `-` is standard output, as for most tools that take an output file.
    if let fd = path == "-" ? 1 : try inheritedDescriptor(path) {
      var bytes = contents
      let code = Platform.writeAll(fd, &bytes)
      guard code == 0 else { throw FileSystemError(code: code) }
      return
    }
    let target = try finalTarget(path)
    switch FileStatus.following(target) {
    case .failure(let error) where error.code == ENOENT:
      // A new file, in a folder that must be there already: a mistyped folder is never made.
      let folder = Platform.parentFolder(target)
      guard case .success(let parent) = FileStatus.following(folder), parent.kind == .folder else {
        throw FileSystemError(code: ENOENT, reason: "no folder \(folder)")
      }
      try Platform.writeAtomically(contents, to: target, mode: 0o666)
    case .failure(let error):
      throw error
    case .success(let status):
      switch status.kind {
      case .regular where status.links > 1 || status.owner != geteuid():
        // Another name for the same file, or another user's file: a new file renamed into
        // place would part them, or take it from its owner. It is written where it stands.
        try writeInto(target, contents, truncating: true)
      case .regular:
        try Platform.writeAtomically(contents, to: target, mode: 0o666, keeping: mode_t(status.permissions))
      case .folder:
        throw FileSystemError(code: EISDIR, reason: "is a folder")
      case .socket:
        throw FileSystemError(code: ENXIO, reason: "is a socket")
      case .fifo, .characterDevice, .blockDevice, .link, .other:
        try writeInto(target, contents)
      }
    }
  }

  /// `/dev/fd/N`, `/proc/self/fd/N`, `/dev/stdout` and `/dev/stderr` name a descriptor this
  /// process was given: it is written to where it stands (a shell's `>>` appends), as a shell
  /// would, not opened anew.
  ///
  /// Descriptors pomo opens itself are close-on-exec; one that is not was given to it. One of
  /// pomo's own (its journal, say) is refused rather than written.
  static func inheritedDescriptor(_ path: String) throws(FileSystemError) -> Int32? {
    var fd: Int32?
    switch path {
    case "/dev/stdout": fd = 1
    case "/dev/stderr": fd = 2
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        let digits = path.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        fd = Int32(digits)
      }
    }
    guard let fd else { return nil }
    let flags = fcntl(fd, F_GETFD)
    guard flags >= 0 else { throw FileSystemError(code: EBADF, reason: "no such descriptor was given to pomo") }
    guard flags & FD_CLOEXEC == 0 else {
      throw FileSystemError(code: EBADF, reason: "not a descriptor given to pomo (it is one of pomo's own)")
    }
    return fd
  }

  /// The path a chain of symbolic links ends at (which may not exist yet: a dangling link's
  /// target is made), relative targets taken from each link's folder.
  static func finalTarget(_ path: String) throws(FileSystemError) -> String {
    var current = path
    for _ in 0..<40 {
      guard case .success(let status) = FileStatus.of(current), status.kind == .link else { return current }
      guard let next = Platform.readLink(current) else { throw .current }
      current = next.hasPrefix("/") ? next : Platform.parentFolder(current) + "/" + next
    }
    throw FileSystemError(code: ELOOP)
  }

  /// Writes into a FIFO or a device as it is (or a regular file that must keep its inode,
  /// `truncating` it first): opened for writing, never created or replaced.
  static func writeInto(_ path: String, _ contents: [UInt8], truncating: Bool = false) throws(FileSystemError) {
    let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (truncating ? O_TRUNC : 0))
    guard fd >= 0 else { throw .current }
    defer { _ = Glibc_or_Darwin_close(fd) }
    var bytes = contents
    let code = Platform.writeAll(fd, &bytes)
    guard code == 0 else { throw FileSystemError(code: code) }
  }
}
