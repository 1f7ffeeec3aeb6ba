#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What is at a path, not following a final link: its kind, owner and permission bits. The
/// control socket's clients read it to decide whether a folder and a socket are this user's
/// before they believe a word from them.
package struct FileStatus: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    case regular, folder, link, fifo, characterDevice, blockDevice, socket, other
  }

  package var kind: Kind
  /// The owner's user id.
  package var owner: UInt32
  /// The permission bits (and set-id and sticky bits): `st_mode & 07777`.
  package var permissions: UInt32
  /// How many names the file has (hard links).
  package var links: UInt64 = 1

  /// `lstat` of `path`; the error when there is nothing there or it cannot be looked at.
  package static func of(_ path: String) -> Result<FileStatus, FileSystemError> {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .failure(.current) }
    return .success(FileStatus(info))
  }

  /// `stat` of `path`, following links.
  package static func following(_ path: String) -> Result<FileStatus, FileSystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(.current) }
    return .success(FileStatus(info))
  }

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .link
    case S_IFIFO: kind = .fifo
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFSOCK: kind = .socket
    default: kind = .other
    }
    owner = UInt32(info.st_uid)
    permissions = UInt32(info.st_mode & 0o7777)
    links = UInt64(info.st_nlink)
  }

  /// How the kind reads in a message: "a folder", "a FIFO".
  package var kindText: String {
    switch kind {
    case .regular: "a regular file"
    case .folder: "a folder"
    case .link: "a symbolic link"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .other: "an unknown kind of file"
    }
  }
}
