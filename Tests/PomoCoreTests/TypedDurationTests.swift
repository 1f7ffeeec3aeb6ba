import Testing

@testable import PomoCore

/// One rule for every duration typed on the command line, which reads the spellings people
/// type and refuses a bare number with a suggestion.
@Suite("Durations typed on the command line")
struct TypedDurationTests {
  static let spellings: [(String, Int64)] = [
    ("25m", 1500), ("25min", 1500), ("25mins", 1500), ("25 minutes", 1500), ("1 minute", 60), ("25M", 1500),
    ("90s", 90), ("90sec", 90), ("90secs", 90), ("90 seconds", 90), ("1second", 1),
    ("2h", 7200), ("2hr", 7200), ("2hrs", 7200), ("1 hour", 3600), ("2hours", 7200),
    ("1h30", 5400), ("1h 30", 5400), ("1h30m", 5400), ("1hr 30min", 5400), ("2m30", 150), ("1h30m15", 5415),
    ("1.5h", 5400), ("1.5 hours", 5400), ("2.5m", 150), ("0.5min", 30),
    ("1:30", 90), ("1:02:03", 3723), (" 5m ", 300),
  ]

  @Test("the spellings people type are read", arguments: spellings)
  func reads(text: String, seconds: Int64) {
    #expect(TypedDuration.parse(text) == .success(.seconds(seconds)))
  }

  static let refusals: [(String, TypedDuration.Problem)] = [
    ("25", .bareNumber(suggestion: "25m")), ("2", .bareNumber(suggestion: "2m")),
    ("1.5", .bareNumber(suggestion: "1.5m")),
    ("25mn", .misspelt(suggestion: "25min")), ("2minuets", .misspelt(suggestion: "2minutes")),
    ("1hr30mn", .misspelt(suggestion: "1hr30min")), ("90secnds", .misspelt(suggestion: "90seconds")),
    ("25ms", .duration(.notADuration)), ("5x5", .duration(.notADuration)), ("soon", .duration(.notADuration)),
    ("1s30", .duration(.notADuration)),
    ("30m1h", .duration(.notADuration)), ("", .duration(.notADuration)), ("1.5h30", .duration(.notADuration)),
    ("0m", .duration(.notPositive)), ("25h", .duration(.tooLong)), ("1h90", .duration(.partTooLarge)),
    // A number as some people write it: a decimal comma, a fraction with no whole part.
    ("1,5h", .misspelt(suggestion: "1.5h")), ("2,5 min", .misspelt(suggestion: "2.5 min")),
    (".5h", .misspelt(suggestion: "30m")), (",5h", .misspelt(suggestion: "30m")),
    (".25m", .misspelt(suggestion: "15s")),
    ("1h.5", .duration(.notADuration)), (".5", .bareNumber(suggestion: "0.5m")),
    ("1,5", .bareNumber(suggestion: "1.5m")),
    (",5x", .duration(.notADuration)), ("30,5h", .duration(.tooLong)),
    // A bare number that no unit mends says why; one too long in minutes suggests seconds.
    ("0", .duration(.notPositive)), ("0.0", .duration(.notPositive)), ("2000", .bareNumber(suggestion: "2000s")),
  ]

  @Test("a bare number, a word that is no unit, or a span out of range is refused, and why", arguments: refusals)
  func refuses(text: String, problem: TypedDuration.Problem) {
    #expect(TypedDuration.parse(text) == .failure(problem))
  }

  @Test(
    "a bare number takes the unit it is given, when that reads",
    arguments: [
      ("20", "s", TypedDuration.Problem.bareNumber(suggestion: "20s")), ("5", "min", .bareNumber(suggestion: "5min")),
      ("90", "h", .bareNumber(suggestion: "90m")), ("0", "s", .duration(.notPositive)),
    ])
  func bareInUnit(text: String, unit: String, problem: TypedDuration.Problem) {
    #expect(TypedDuration.parse(text, unit: unit) == .failure(problem))
  }

  @Test("preset files keep their meaning: a bare number there is seconds")
  func presetFilesUnchanged() {
    #expect(DurationText.parse("25") == .success(.seconds(25)))
    #expect(DurationText.parse("25min") == .failure(.notADuration))
  }

  static let timers: [(String, QuickTimer)] = [
    ("25min", QuickTimer(spec: "25m", work: .seconds(1500))),
    ("1h30", QuickTimer(spec: "1h30m", work: .seconds(5400))),
    ("90sec", QuickTimer(spec: "90s", work: .seconds(90))),
    ("1.5h", QuickTimer(spec: "1.5h", work: .seconds(5400))),
    ("40sec/20sec", QuickTimer(spec: "40s/20s", work: .seconds(40), rest: .seconds(20))),
  ]

  @Test("a timer reads the same spellings, named in the form a preset file reads", arguments: timers)
  func timer(text: String, expected: QuickTimer) {
    #expect(QuickTimer.parse(text) == .success(expected))
  }
}
