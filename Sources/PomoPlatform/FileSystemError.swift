#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A failed file operation: what was being done and the system's reason.
package struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  package var code: Int32
  /// pomo's own reason, where the system's would mislead ("not a regular file").
  package var reason: String?

  package init(code: Int32, reason: String? = nil) {
    self.code = code
    self.reason = reason
  }

  /// "no such file or directory", as strerror says it, in lowercase.
  package var description: String { reason ?? String(cString: strerror(code)).lowercased() }

  /// A FIFO, socket or device where a file was expected: reading it could hang or never end.
  package static let notRegularFile = FileSystemError(code: EINVAL, reason: "not a regular file")

  /// A file that changed while it was read (cut short, grown, replaced, written): what was
  /// read may mix two versions, so it is not used. Running the command again reads it whole.
  package static let changedWhileRead = FileSystemError(
    code: EAGAIN, reason: "changed while it was read; run the command again")

  package static var current: FileSystemError { FileSystemError(code: errno) }

  package static var permissionDenied: FileSystemError { FileSystemError(code: EACCES) }

  /// Something is already at the path (EEXIST).
  package var isAlreadyExists: Bool { code == EEXIST }

  /// Nothing is at the path (ENOENT), or a part of it is not a folder (ENOTDIR).
  package var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
}
