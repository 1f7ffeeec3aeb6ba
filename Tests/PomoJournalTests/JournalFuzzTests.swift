import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoJournal

/// A bad line never crashes a reader: every number is range-checked before it is converted,
/// and whatever a line holds, the readers skip it as damaged and count the intact ones.
@Suite("A bad line never crashes a reader")
struct JournalFuzzTests {
  static let outOfRange: [(String, String, String)] = [
    ("rounds", "1e300", #""rounds" must be a whole number from 1 to 10000, got 1e300"#),
    ("rounds", "200000000", #""rounds" must be a whole number from 1 to 10000, got 200000000"#),
    ("rounds", "-9223372036854775809", #""rounds" must be a whole number from 1 to 10000, got -9223372036854775809"#),
    ("rounds", "2.5", #""rounds" must be a whole number from 1 to 10000, got 2.5"#),
    ("plan_offset", "1e19", #""plan_offset" must be a whole number from 0 to 1000000000, got 1e19"#),
    ("paused_seconds", "-5", #""paused_seconds" must be from 0 to 1000000000 seconds, got -5"#),
    (
      "round", "9223372036854775808",
      #""phases[0].round" must be a whole number from 1 to 10000, got 9223372036854775808"#
    ),
    ("planned_seconds", "1e999", #""phases[0].planned_seconds" must be from 0 to 1000000000 seconds, got 1e999"#),
    (
      "elapsed_seconds", "1.7976931348623157e308",
      #""phases[0].elapsed_seconds" must be from 0 to 1000000000 seconds, got 1.7976931348623157e308"#
    ),
  ]

  @Test("a number out of range makes the line damaged, naming the key", arguments: outOfRange)
  func outOfRangeNumber(key: String, value: String, message: String) {
    let line = MutatedRecords.replacing(key, with: value)
    #expect(throws: JournalRecord.Problem(message: message)) { try JournalRecord(line: Array(line.utf8)) }
    #expect(throws: JournalRecord.Problem(message: message)) {
      try JournalRecord(line: Array(line.utf8), detail: false)
    }
  }

  @Test("numbers at the limits are still read")
  func limitsAccepted() throws {
    let line = MutatedRecords.replacing("paused_seconds", with: "1000000000", in: MutatedRecords.replacing("rounds", with: "10000"))
    let record = try JournalRecord(line: Array(line.utf8))
    #expect(record.rounds == 10000)
    #expect(record.pausedSeconds == 1e9)
  }
}
