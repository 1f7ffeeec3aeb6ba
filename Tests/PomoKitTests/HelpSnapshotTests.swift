import Foundation
import PomoKitTestSupport
import Testing

@testable import PomoKit

/// Every help page and the manual page, whole, against the snapshot files in
/// `Tests/PomoKitTests/Snapshots` (`Snapshot`): a changed help text is a reviewed diff of its
/// file. `POMO_UPDATE_SNAPSHOTS=1` rewrites them (CONTRIBUTING.md).
@Suite("Help pages and the manual match their snapshots")
struct HelpSnapshotTests {
  static let pages = commandTree().map(\.path)

  /// The file of a help page: `help-pomo.txt` for the root, `help-presets-new.txt` for
  /// `pomo presets new`.
  static func file(_ path: [String]) -> String {
    path.count == 1 ? "help-pomo.txt" : "help-" + path.dropFirst().joined(separator: "-") + ".txt"
  }

  static let manualFile = "pomo.1"

  /// The manual as `pomo manual` prints it, with a fixed version and date, so a release does
  /// not change the snapshot.
  static func manual() -> String {
    ManualPage.render(root: Pomo.node, version: "1.0.0", date: "December 1, 2026")
  }

  @Test("every help page at 80 columns is its snapshot, on standard output with status 0", arguments: pages)
  func help(path: [String]) {
    let result = InProcess(home: "/nonexistent-home").run(Array(path.dropFirst()) + ["--help"])
    #expect(result.status == 0)
    #expect(result.err == "")
    Snapshot.expect(result.out, matches: Self.file(path), what: "\(path.joined(separator: " ")) --help at 80 columns")
  }

  @Test("the manual page is its snapshot")
  func manualPage() {
    Snapshot.expect(Self.manual(), matches: Self.manualFile, what: "pomo manual")
  }

  @Test("every snapshot is of a help page or the manual, and no two pages share a file")
  func noStaleSnapshots() throws {
    let expected = Set(Self.pages.map(Self.file) + [Self.manualFile])
    #expect(expected.count == Self.pages.count + 1)
    let stale = Snapshot.names().filter { !expected.contains($0) }
    if Snapshot.updating {
      for name in stale { try FileManager.default.removeItem(atPath: Snapshot.folder + "/" + name) }
    } else {
      #expect(stale.isEmpty, "snapshots of no page (\(Snapshot.updateVariable)=1 removes them): \(stale)")
    }
  }

  // The snapshot check, tested: it must name the file and show what changed.

  @Test("a snapshot that differs fails naming its file, with the lines that changed")
  func differenceShown() throws {
    let old = (1...12).map { "line \($0)" }.joined(separator: "\n")
    let new = old.replacingOccurrences(of: "line 6", with: "line six").replacingOccurrences(of: "line 12", with: "")
    #expect(
      Snapshot.diff(old, new) == """
        @@ -4 +4 @@
         line 4
         line 5
        -line 6
        +line six
         line 7
         line 8
        @@ -10 +10 @@
         line 10
         line 11
        -line 12
        +
        """)
    let message = Snapshot.mismatch(
      "OVERVIEW: changed\n", matches: Self.file(["pomo", "pause"]), what: "pomo pause --help")
    #expect(message?.hasPrefix("Tests/PomoKitTests/Snapshots/help-pause.txt differs from pomo pause --help") == true)
    #expect(message?.contains("\n-OVERVIEW: Pause the running session.\n") == true, "\(message ?? "")")
    #expect(message?.contains("\n+OVERVIEW: changed\n") == true, "\(message ?? "")")
    let file = try String(contentsOfFile: Snapshot.folder + "/help-pause.txt", encoding: .utf8)
    #expect(Snapshot.mismatch(file, matches: "help-pause.txt", what: "the file itself") == nil)
  }
}
