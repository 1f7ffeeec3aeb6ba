import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Waits, without polling, for a file of a given name to appear in a folder (inotify on
/// Linux): how a follower sleeps until the next session opens its socket.
package final class FolderWatch {
  private let fd: Int32

  /// Nil where the system cannot watch folders, or `folder` cannot be watched.
  package init?(folder: String) {
    fd = cplatform_folder_watch(folder)
    if fd < 0 { return nil }
  }

  deinit { _ = Glibc_or_Darwin_close(fd) }

  package enum Change {
    /// A file named as asked was created or moved in.
    case appeared
    /// The folder itself was removed or moved: watch it anew.
    case folderGone
  }

  /// Blocks until `name` appears in the folder or the folder goes away.
  package func wait(for name: String) -> Change {
    while true {
      switch cplatform_folder_watch_read(fd, name) {
      case 1: return .appeared
      case 0: continue
      default: return .folderGone
      }
    }
  }
}
