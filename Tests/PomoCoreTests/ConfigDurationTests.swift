import Testing

@testable import PomoCore

/// The config's durations keep a preset file's grammar (docs/commands.md, typed durations):
/// text such as "2m", or a bare number, which is seconds.
@Suite("Config durations")
struct ConfigDurationTests {
  @Test("warn_before as a bare number of seconds: 120 is two minutes, as docs/commands.md says of a config file")
  func warnBeforeBareNumber() throws {
    let config = try Config.parse(
      Array(#"{"warn_before": 120, "daily_goal": 14400, "idle_after": 90, "break_bank": {"cap": 1800.5}}"#.utf8),
      file: "c.json")
    #expect(config.warnBefore == .seconds(120))
    #expect(config.dailyGoal == 14_400)
    #expect(config.away.idleAfter == .seconds(90))
    #expect(config.breakBankCap == .milliseconds(1_800_500))
    // The same as text.
    let text = try Config.parse(Array(#"{"warn_before": "2m"}"#.utf8), file: "c.json")
    #expect(text.warnBefore == config.warnBefore)
  }

  @Test("a duration that is neither text nor a number, or not more than zero, names the key", arguments: [
    (#"{"warn_before": true}"#, #"warn_before: expected a duration like "2m" or a number of seconds, got "#),
    (#"{"warn_before": 0}"#, "warn_before: "),
    (#"{"idle_after": -5}"#, "idle_after: "),
    (#"{"warn_before": 90000}"#, "warn_before: "),
  ])
  func badDuration(_ text: String, _ message: String) {
    let error = Config.refusal(text)?.description
    #expect(error?.contains(message) == true, "\(error ?? "\(text) was taken")")
  }
}
