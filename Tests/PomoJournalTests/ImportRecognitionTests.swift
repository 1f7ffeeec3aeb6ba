import Foundation
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
import PomoTestSupport

/// Defect 7 of issue 18: `pomo import timew.json` warned 6 times, imported nothing and exited 0.
@Suite("Import recognizes what a file holds")
struct ImportRecognitionTests {
  static let now = 1_796_126_400.0

  @Test("the format is recognized from the first characters", arguments: [
    (#"{"v":2,"id":"a"}"#, ImportSource.pomo),
    ("\u{FEFF}\n  [\n{\"id\":1,\"start\":\"20261201T090000Z\"}]", .timewarrior),
    ("[\n]\n", .timewarrior),
    ("[\n [\n  1796027400,", .watson),
    ("2026-11-30T09:00:00-05:00 duration=25", .openpomodoro),
    ("", .pomo),
  ])
  func recognized(text: String, source: ImportSource) {
    #expect(ImportSource.recognize(Array(text.utf8)[...]) == source)
  }

  @Test("text of no known format is not recognized", arguments: ["hello", "[1, 2]", "2026/11/30 09:00", "<xml/>"])
  func unrecognized(text: String) {
    #expect(ImportSource.recognize(Array(text.utf8)[...]) == nil)
  }

  @Test("without --from each tool's file imports as with it", arguments: [
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

  @Test("--from timew is timewarrior, and standard input is recognized too")
  func timewAlias() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let file = try h.home.write("timew.json", InterchangeSamples.timewarrior)
    let result = h.run("import", "--from", "timew", file)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("imported 3 sessions"))
    let env = ["HOME": h.home.path, "LANG": "C.UTF-8", "TZ": "UTC"]
    let piped = try runPomo(["import", "-"], environment: env, stdin: InterchangeSamples.watson)
    #expect(piped.status == 0, "\(piped.err)")
    #expect(piped.out.hasPrefix("imported 3 sessions"))
    let journal = try runPomo(["export", "--format", "json"], environment: env)
    let lines = journal.out.split(separator: "\n").filter { $0.hasPrefix("{") }.map { String($0.hasSuffix(",") ? $0.dropLast() : $0[...]) }
    let again = try runPomo(["import", "-"], environment: env, stdin: lines.joined(separator: "\n") + "\n")
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.hasPrefix("imported 0 sessions, 6 already present"), "\(again.out)")
  }

  @Test("Timewarrior's intervals are named as Timewarrior names them: @1 is the newest")
  func newestIsOne() {
    let text = """
      [
      {"id":3,"start":"20261130T083000Z","end":"20261130T085500Z"},
      {"id":2,"start":"bad","end":"20261130T093000Z"},
      {"start":"20261130T100000Z"}
      ]
      """
    let result = TimewarriorImport.parse(Array(text.utf8), host: "h", zone: FixedZone())
    #expect(result.skipped.map(\.reason).map { String($0.prefix(12)) } == ["interval @2 ", "interval @1 "])
  }
}
