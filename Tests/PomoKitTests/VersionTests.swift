import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoKit

/// The version comes from one place, the CHANGELOG's current heading, and the commit from
/// `.git`, both read when pomo is built; `--version` and the manual page say the same.
@Suite("The version")
struct VersionTests {
  /// The first `## [X.Y.Z] - DATE` heading of CHANGELOG.md, read here as a person would.
  static func changelogRelease() throws -> (version: String, date: String) {
    let text = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") })
    let match = try #require(line.wholeMatch(of: /## \[(.+)\] - (\d{4}-\d{2}-\d{2})/))
    return (String(match.1), String(match.2))
  }

  @Test("pomo --version prints the CHANGELOG's current version")
  func versionIsTheChangelogs() throws {
    let release = try Self.changelogRelease()
    #expect(Pomo.version == release.version)
    let out = InProcess(home: "/nonexistent").run("--version").out
    #expect(out.hasPrefix("pomo \(release.version)"))
  }

  @Test("pomo --version names the commit HEAD points to", .requires(.git))
  func versionNamesTheCommit() async throws {
    guard FileManager.default.fileExists(atPath: packageRoot + "/.git") else { return }
    let git = try await runProgram(
      [RequiredTool.path(of: "git")!, "-c", "safe.directory=*", "-C", packageRoot, "rev-parse", "--short=7", "HEAD"],
      environment: ["PATH": RequiredTool.searchPath, "HOME": "/nonexistent"])
    #expect(git.status == 0, "\(git.err)")
    let head = git.out.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(Pomo.commit == head)
    #expect(InProcess(home: "/nonexistent").run("--version").out == "pomo \(Pomo.version) (\(head))\n")
  }

  @Test("the manual page carries the version and the date of the CHANGELOG's current heading")
  func manualCarriesTheVersion() throws {
    let release = try Self.changelogRelease()
    let page = InProcess(home: "/nonexistent").run("manual").out
    #expect(page.hasPrefix(".Dd \(Pomo.Manual.longDate(release.date))\n"))
    #expect(page.contains("\n.Pp\nThis page describes version \(release.version) of\n.Nm .\n"))
  }

  @Test("an ISO date reads as the manual's date; anything else stays as it is")
  func longDate() {
    #expect(Pomo.Manual.longDate("2026-12-06") == "December 6, 2026")
    #expect(Pomo.Manual.longDate("2027-01-31") == "January 31, 2027")
    #expect(Pomo.Manual.longDate("2026-13-01") == "2026-13-01")
    #expect(Pomo.Manual.longDate("soon") == "soon")
  }
}
