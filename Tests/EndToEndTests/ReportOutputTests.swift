import Foundation
import PomoTestSupport
import Testing

import PomoPlatform

/// `report --output PATH` writes what is at the path as it should be written: a regular file
/// (or a new path) replaced all at once; a link written through to its target; a FIFO, a
/// device or an inherited descriptor written into; a folder refused. Nothing that is not a
/// regular file is ever replaced by one.
@Suite("report --output writes only what the path is", .endToEnd)
struct ReportOutputTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome()
  }

  /// The report as stdout shows it.
  func expected() async throws -> String {
    let report = try await home.run("report", "--format", "csv")
    #expect(report.status == 0)
    return report.out
  }

  func write(_ path: String) async throws -> Finished {
    try await home.run("report", "--format", "csv", "--output", path)
  }

  func status(_ path: String) -> FileStatus? { try? FileStatus.of(path).get() }

  @Test("a regular file is replaced atomically, keeping its permissions; a new path is made")
  func regularFile() async throws {
    defer { home.cleanUp() }
    let path = try home.folder.write("old.csv", "old contents that are longer than the report will ever be\n")
    chmod(path, 0o640)
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(try await write(path).status == 0)
    #expect(home.folder.read("old.csv") == (try await expected()))
    let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(before != after, "replaced by a rename, not rewritten in place")
    #expect(status(path)?.permissions == 0o640)
    #expect(try await write(home.folder.file("new.csv")).status == 0)
    #expect(home.folder.read("new.csv") == (try await expected()))
  }

  @Test("a file with another name (a hard link) is written where it stands: both names hold the report")
  func hardLinkAndOwner() async throws {
    defer { home.cleanUp() }
    let path = try home.folder.write("linked.csv", "old\n")
    let other = home.folder.file("other-name.csv")
    #expect(link(path, other) == 0)
    #expect(try await write(path).status == 0)
    #expect(home.folder.read("other-name.csv") == (try await expected()), "both names hold the report")
  }

  @Test(
    "a file of another owner is written where it stands, keeping its owner",
    .enabled(if: getuid() == 0, "needs root, to give a file of the test's to another user"))
  func anotherOwner() async throws {
    defer { home.cleanUp() }
    let owned = try home.folder.write("owned.csv", "old\n")
    #expect(chown(owned, 65534, 65534) == 0)
    #expect(try await write(owned).status == 0)
    #expect(status(owned)?.owner == 65534, "the file keeps its owner")
    #expect(home.folder.read("owned.csv") == (try await expected()))
  }

  @Test("- is standard output; a new file in a folder that is not there is refused, the folder never made")
  func dashAndMissingFolder() async throws {
    defer { home.cleanUp() }
    let dash = try await write("-")
    let report = try await expected()
    #expect(dash.status == 0 && dash.out == report)
    #expect(!FileManager.default.fileExists(atPath: home.folder.file("-")))
    let missing = home.folder.file("nodir/x.csv")
    let refused = try await write(missing)
    #expect(refused.status == 1)
    #expect(refused.err == "Error: cannot write \(missing): no folder \(home.folder.file("nodir"))\n")
    #expect(!FileManager.default.fileExists(atPath: home.folder.file("nodir")))
  }

  @Test("a symbolic link is written through: its target replaced, the link kept; a dangling one's target made")
  func writtenThroughALink() async throws {
    defer { home.cleanUp() }
    try FileManager.default.createDirectory(atPath: home.folder.file("real"), withIntermediateDirectories: true)
    _ = try home.folder.write("real/target.csv", "old\n")
    #expect(symlink("real/target.csv", home.folder.file("link.csv")) == 0)
    #expect(symlink("link.csv", home.folder.file("link-to-link.csv")) == 0)
    #expect(try await write(home.folder.file("link-to-link.csv")).status == 0)
    #expect(status(home.folder.file("link.csv"))?.kind == .link)
    #expect(status(home.folder.file("link-to-link.csv"))?.kind == .link)
    #expect(home.folder.read("real/target.csv") == (try await expected()))

    #expect(symlink(home.folder.file("real/made.csv"), home.folder.file("dangling.csv")) == 0)
    #expect(try await write(home.folder.file("dangling.csv")).status == 0)
    #expect(status(home.folder.file("dangling.csv"))?.kind == .link)
    #expect(home.folder.read("real/made.csv") == (try await expected()))
  }

  @Test("a FIFO is written into, to its reader, and stays a FIFO")
  func fifo() async throws {
    defer { home.cleanUp() }
    let fifo = home.folder.file("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, home.folder.file("received")]
    try reader.run()
    let result = try await write(fifo)
    #expect(result.status == 0, "\(result)")
    await reader.waitForExit()
    #expect(home.folder.read("received") == (try await expected()))
    #expect(status(fifo)?.kind == .fifo)
  }

  @Test("a character device of the test's own is written into and stays a device", .enabled(if: getuid() == 0))
  func characterDevice() async throws {
    defer { home.cleanUp() }
    // A copy of /dev/null (1,3), made by root in the test's own folder.
    let device = home.folder.file("null")
    let made = try await runProgram(["/usr/bin/mknod", "-m", "666", device, "c", "1", "3"], environment: home.environment)
    try #require(made.status == 0, "\(made)")
    #expect(try await write(device).status == 0)
    #expect(status(device)?.kind == .characterDevice)
    #expect(FileManager.default.fileExists(atPath: device + ".tmp") == false)
  }

  @Test("/dev/fd/1, /dev/stdout and process substitution are written to where they stand")
  func inheritedDescriptors() async throws {
    defer { home.cleanUp() }
    let text = try await expected()
    for path in ["/dev/fd/1", "/dev/stdout"] {
      let result = try await write(path)
      #expect(result.status == 0)
      #expect(result.out == text, "\(path)")
    }
    // `>>` appends: the descriptor is written where it stands, not opened anew.
    let log = try home.folder.write("log", "before\n")
    let shell = try await runProgram(
      ["/bin/sh", "-c", "\"$0\" report --format csv --output /dev/fd/1 >> \"$1\"", pomoBinary, log],
      environment: home.environment)
    #expect(shell.status == 0)
    #expect(home.folder.read("log") == "before\n" + text)
    let substitution = try await runProgram(
      [
        "/bin/bash", "-c", "\"$0\" report --format csv --output >(cat > \"$1\"); wait", pomoBinary,
        home.folder.file("sub"),
      ],
      environment: home.environment)
    #expect(substitution.status == 0, "\(substitution)")
    #expect(await waitUntil { home.folder.read("sub") == text })
    let missing = try await write("/dev/fd/9")
    #expect(missing.status == 1)
    #expect(missing.err == "Error: cannot write /dev/fd/9: no such descriptor was given to pomo\n")
  }

  @Test("a folder is refused with one line, and left as it was")
  func folder() async throws {
    defer { home.cleanUp() }
    let folder = home.folder.file("reports")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for path in [folder, folder + "/"] {
      let result = try await write(path)
      #expect(result.status == 1)
      #expect(result.out == "")
      #expect(result.err == "Error: cannot write \(path): is a folder\n")
    }
    #expect(status(folder)?.kind == .folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
