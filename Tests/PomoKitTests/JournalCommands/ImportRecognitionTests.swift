import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

/// `pomo import FILE` recognizes the format the file holds (`timew export` among them); a file
/// that gives fewer sessions than it holds, or none, says why and exits 65, never 0.
@Suite("Import recognizes what a file holds")
struct ImportRecognitionTests {
  static let now = 1_796_126_400.0

  @Test(
    "without --from each tool's file imports as with it",
    arguments: [
      (InterchangeSamples.timewarrior, 3), (InterchangeSamples.watson, 3), (InterchangeSamples.openPomodoro, 2),
    ])
  func importsWithoutFrom(sample: String, sessions: Int) throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let file = try h.home.write("data", sample)
    let result = h.run("import", file)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("imported \(sessions) sessions"), "\(result.out)")
  }

  @Test("a file of no known format says which --from to give, and exits 65")
  func unknownFormat() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let file = try h.home.write("notes.txt", "hello\n")
    let result = h.run("import", file)
    #expect(result.status == 65)
    #expect(
      result.err
        == "Error: \(file): cannot tell what it holds; give --from pomo (a pomo journal), timewarrior (the JSON of 'timew export'), watson (Watson's frames) or openpomodoro (an Open Pomodoro history)\n"
    )
  }

  @Test("a non-empty file that gives nothing exits 65 and names the --from it looks like")
  func nothingImported() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let file = try h.home.write("timew.json", InterchangeSamples.timewarrior)
    let result = h.run("import", "--from", "watson", file)
    #expect(result.status == 65)
    #expect(result.out == "imported 0 sessions, 0 already present, 4 skipped (into \(h.journalPath))\n")
    #expect(
      result.err.hasSuffix(
        "Error: \(file): nothing could be imported as a Watson frames file; it looks like the JSON of 'timew export': try --from timewarrior\n"
      ))
    // An empty export holds nothing to import: no error.
    let empty = try h.home.write("empty.json", "[\n]\n")
    #expect(h.run("import", empty).status == 0)
  }
}
