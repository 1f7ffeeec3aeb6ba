import Foundation
import PomoTestSupport
import Testing

@testable import PomoPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// A file changed while `FileSnapshot` reads it (cut short, grown, rewritten, replaced) is
/// refused, never half read; read again, it is whole.
@Suite("A file snapshot is whole or refused")
struct FileSnapshotTests {
  static func file(_ folder: TemporaryFolder, size: Int = 10_000) throws -> String {
    let path = folder.path + "/cache.bin"
    try Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "a file cut short, grown, rewritten or replaced between two reads is refused, never half read",
    arguments: ["cut", "emptied", "grown", "rewritten", "replaced"])
  func changedBetweenReads(change: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try Self.file(folder)
    var reads = 0
    #expect(throws: FileSnapshot.changedWhileRead) {
      _ = try FileSnapshot(path: path, chunk: 4096) {
        reads += 1
        guard reads == 1 else { return }
        switch change {
        case "cut": _ = truncate(path, 5000)
        case "emptied": _ = truncate(path, 0)
        case "grown":
          FileHandle(forWritingAtPath: path).map {
            $0.seekToEndOfFile()
            $0.write(Data([1]))
            $0.closeFile()
          }
        case "rewritten":
          FileHandle(forWritingAtPath: path).map {
            $0.seek(toFileOffset: 9000)
            $0.write(Data([1]))
            $0.closeFile()
          }
        default:
          try? Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + ".new"))
          _ = rename(path + ".new", path)
        }
      }
    }
    #expect(reads >= 1, "the seam ran between two reads")
    let whole = try FileSnapshot(path: path, chunk: 4096)
    #expect(whole.bytes.count == Int(Platform.fileSize(path)), "read again, whole")
  }
}
