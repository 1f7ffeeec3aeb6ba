import PomoKitTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

@Suite("Dates that do not exist are errors")
struct ImpossibleDateTests {
  @Test(
    "RFC 3339: the day must exist in its month",
    arguments: [
      ("2026-02-31T08:00:00Z", false), ("2026-02-29T08:00:00Z", false), ("2024-02-29T08:00:00Z", true),
      ("2100-02-29T08:00:00Z", false), ("2000-02-29T08:00:00+01:00", true), ("2026-04-31T08:00:00Z", false),
      ("2026-04-30T08:00:00Z", true), ("2026-12-31T23:59:59.5-05:00", true), ("2026-11-00T08:00:00Z", false),
      ("2026-06-31T08:00:00Z", false), ("2026-09-31T08:00:00Z", false), ("2026-11-31T08:00:00Z", false),
    ])
  func rfc3339(text: String, valid: Bool) {
    #expect((RFC3339.parse(text) != nil) == valid)
  }

  @Test(
    "report ranges: impossible dates, weeks and months are usage errors",
    arguments: [
      ["--from", "2026-02-31"], ["--from", "2026-01-01", "--to", "2026-02-30"], ["--week", "2026-02-31"],
      ["--week", "+026-W48"], ["--week", "2026-W+8"], ["--month", "2026-+1"], ["--month", "2026-13"],
      ["--from", "2026-2-3"],
    ])
  func ranges(words: [String]) {
    let result = InProcess(home: "/nonexistent-home").run(["report"] + words)
    #expect(result.status == 64, "\(result.err)")
    #expect(result.err.hasPrefix("Error: '--"))
  }

  @Test("a journal record that starts on 31 February is a damaged line, not 3 March")
  func journal() throws {
    let line =
      #"{"v":1,"id":"a","preset":"work","status":"completed","start":"2026-02-31T08:00:00Z","end":"2026-02-31T08:25:00Z","rounds":1,"phases":[]}"#
    #expect(throws: JournalRecord.Problem.self) { try JournalRecord(line: Array(line.utf8)) }
  }
}
