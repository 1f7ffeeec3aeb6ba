import Testing

@testable import PomoCore

@Suite("Durations")
struct DurationTextTests {
  static let accepted: [(String, Int64)] = [
    ("25m", 1_500_000), ("90s", 90_000), ("1h30m", 5_400_000), ("1h 30m", 5_400_000),
    ("1:30", 90_000), ("1:02:03", 3_723_000), ("90", 90_000), (" 45 ", 45_000),
    ("1.5s", 1500), ("0.5", 500), ("2m5s", 125_000), ("1h", 3_600_000), ("24h", 86_400_000),
    ("0:01", 1000), ("10:00", 600_000), ("1h 30m 15.25s", 5_415_250), ("24:00:00", 86_400_000),
    ("1440m", 86_400_000), ("007m", 420_000), ("1.001h", 3_603_600), ("0.001", 1), ("59:59.999", 3_599_999),
  ]

  @Test("accepts the forms people type", arguments: accepted)
  func accepts(text: String, millis: Int64) {
    #expect(DurationText.parse(text) == .success(.milliseconds(millis)))
  }

  static let rejected: [(String, DurationText.Problem)] = [
    ("", .notADuration), ("abc", .notADuration), ("5x", .notADuration), ("m", .notADuration),
    ("1:3", .notADuration), ("1:60", .partTooLarge), ("1:2:3:4", .notADuration), ("30s5m", .notADuration),
    ("0", .notPositive), ("0s", .notPositive), ("-5", .notPositive), ("-5m", .notPositive), ("0:00", .notPositive),
    ("24h1s", .tooLong), ("25h", .tooLong), ("99999999m", .tooLong), ("1.2.3", .notADuration),
    ("1h 60m", .partTooLarge), ("1:02:60", .partTooLarge), ("\t25m", .notADuration), ("25m\t", .notADuration),
    ("1h\t30m", .notADuration), ("1.2345s", .notADuration), ("1.5h 30m", .notADuration), ("1:5:00", .notADuration),
    ("25 m", .notADuration), ("0.000s", .notPositive), ("24:00:00.001", .tooLong), ("1e3", .notADuration),
  ]

  @Test("rejects zero, negative, absurd and malformed durations", arguments: rejected)
  func rejects(text: String, problem: DurationText.Problem) {
    #expect(DurationText.parse(text) == .failure(problem))
  }

  @Test("JSON numbers are seconds")
  func numbers() {
    #expect(DurationText.fromSeconds(90) == .success(.seconds(90)))
    #expect(DurationText.fromSeconds(0) == .failure(.notPositive))
    #expect(DurationText.fromSeconds(-1) == .failure(.notPositive))
    #expect(DurationText.fromSeconds(1e300) == .failure(.tooLong))
    #expect(DurationText.fromSeconds(.infinity) == .failure(.tooLong))
    #expect(DurationText.fromSeconds(0.0001) == .success(.milliseconds(1)))
    #expect(DurationText.fromSeconds(1.2345) == .success(.milliseconds(1235)))
    #expect(DurationText.fromSeconds(86_400.001) == .failure(.tooLong))
  }

  static let formats: [(Int64, String)] = [
    (1_500_000, "25m"), (5_400_000, "1h 30m"), (86_400_000, "24h"), (1500, "1.5s"), (1, "0.001s"),
    (3_723_450, "1h 2m 3.45s"), (3_600_001, "1h 0.001s"), (60_010, "1m 0.01s"),
  ]

  @Test("durations are written exactly, in a form that reads back", arguments: formats)
  func format(millis: Int64, text: String) {
    #expect(DurationText.format(.milliseconds(millis)) == text)
    #expect(DurationText.parse(text) == .success(.milliseconds(millis)))
  }

  @Test("countdowns round up, so 0:00 shows only at the end")
  func countdown() {
    #expect(TimeText.countdown(.milliseconds(59_001)) == "1:00")
    #expect(TimeText.countdown(.seconds(59)) == "0:59")
    #expect(TimeText.countdown(.milliseconds(1)) == "0:01")
    #expect(TimeText.countdown(.zero) == "0:00")
    #expect(TimeText.countdown(.seconds(3600)) == "1:00:00")
    #expect(TimeText.countdown(.seconds(3725)) == "1:02:05")
    #expect(TimeText.countdown(.seconds(-5)) == "0:00")
  }

  @Test("short spans read naturally")
  func short() {
    #expect(TimeText.short(.seconds(1500)) == "25m")
    #expect(TimeText.short(.seconds(6900)) == "1h 55m")
    #expect(TimeText.short(.seconds(1060)) == "17m 40s")
    #expect(TimeText.short(.milliseconds(1500)) == "1.5s")
    #expect(TimeText.short(.zero) == "0s")
  }
}
