import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore

/// Every command that takes a duration reads it by `TypedDuration`'s one rule: the same
/// suggestion for a bare number wherever it is typed, and the common spellings everywhere.
@Suite("Durations typed on the command line, command by command")
struct TypedDurationCommandTests {
  /// Every place a duration is typed, with its whole first line of error.
  static let messages: [([String], Int32, String)] = [
    (
      ["start", "25"], 64, "Error: '25' has no unit; did you mean '25m'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (
      ["start", "40/20s"], 64,
      "Error: '40/20s' has no unit; did you mean '40s/20s'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (
      ["start", "40s/20"], 64,
      "Error: '40s/20' has no unit; did you mean '40s/20s'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (
      ["start", "25min/5"], 64,
      "Error: '25min/5' has no unit; did you mean '25min/5min'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (
      ["start", "40/20"], 64,
      "Error: '40/20' has no unit; did you mean '40m/20m'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (["start", "25m/"], 64, "Error: '25m/' has an empty part; did you mean '25m'?"),
    (["start", "25m/5m/"], 64, "Error: '25m/5m/' has an empty part; did you mean '25m/5m'?"),
    (["start", "25m//5m"], 64, "Error: '25m//5m' has an empty part; did you mean '25m/5m'?"),
    (["add", "25m/", "--start", "-30m"], 64, "Error: '25m/' has an empty part; did you mean '25m'?"),
    (
      ["start", "25/"], 64,
      "Error: '25/' has no unit; did you mean '25m'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (["start", ".5h"], 64, "Error: '.5h' is not a timer; did you mean '30m'?"),
    (["start", "1,5h"], 64, "Error: '1,5h' is not a timer; did you mean '1.5h'?"),
    (["start", "40s/,5m"], 64, "Error: '40s/,5m' is not a timer; did you mean '40s/30s'?"),
    (
      ["extend", ".5h"], 64,
      "Error: '<duration>' must be a duration like 25m, 1h30m or 90s, got '.5h'. Did you mean '30m'?"
    ),
    (
      ["start", "25m", "--warmup", "1,5m"], 64,
      "Error: '--warmup' must be a duration like 25m, 1h30m or 90s, got '1,5m'. Did you mean '1.5m'?"
    ),
    (["add", "work", "--start", "-.5h"], 64, "Error: '--start': '-.5h' is not a time; did you mean '-30m'?"),
    (["extend", "0"], 64, "Error: '<duration>' must be more than zero, got '0'"),
    (["start", "25m", "--warmup", "0"], 64, "Error: '--warmup' must be more than zero, got '0'"),
    (["start", "0"], 64, "Error: a duration must be more than zero, got 0"),
    (
      ["start", "50m/10m/5m"], 64,
      "Error: '50m/10m/5m' has 3 parts; a timer is WORK or WORK/REST, like 25m or 50m/10m (for more phases, write a preset: 'pomo presets new')"
    ),
    (["start", "25mn"], 64, "Error: '25mn' is not a timer; did you mean '25min'?"),
    (["start", "40sec/20scs"], 64, "Error: '40sec/20scs' is not a timer; did you mean '40sec/20secs'?"),
    (["start", "5x5"], 64, "Error: no preset named '5x5' (see 'pomo presets'), and not a timer like 25m or 40s/20s"),
    (
      ["extend", "2mn"], 64,
      "Error: '<duration>' must be a duration like 25m, 1h30m or 90s, got '2mn'. Did you mean '2min'?"
    ),
    (["add", "work", "--start", "-90mn"], 64, "Error: '--start': '-90mn' is not a time; did you mean '-90min'?"),
    (["start", "40s/20s", "--warmup", "2"], 64, "Error: '--warmup' has no unit, got '2'. Did you mean '2m'?"),
    (
      ["start", "40s/20s", "-r", "2", "--cooldown", "1.5"], 64,
      "Error: '--cooldown' has no unit, got '1.5'. Did you mean '1.5m'?"
    ),
    (
      ["start", "40s/20s", "--warmup", "2x"], 64,
      "Error: '--warmup' must be a duration like 25m, 1h30m or 90s, got '2x'"
    ),
    (["extend", "2"], 64, "Error: '<duration>' has no unit, got '2'. Did you mean '2m'?"),
    (["extend", "0m"], 64, "Error: '<duration>' must be more than zero, got '0m'"),
    (["add", "work", "--start", "-90"], 64, "Error: '--start': '-90' has no unit; did you mean '-90m'?"),
    (
      ["add", "25", "--start", "-90m"], 64,
      "Error: '25' has no unit; did you mean '25m'? (a timer is a duration like 25m, 90s or 1:30)"
    ),
    (["edit", "last", "--end", "-5"], 64, "Error: '--end': '-5' has no unit; did you mean '-5m'?"),
  ]

  @Test("a bare number is refused with the same suggestion wherever a duration is typed", arguments: messages)
  func errors(words: [String], status: Int32, line: String) throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run(words)
    #expect(result.status == status)
    #expect(result.err.split(separator: "\n").first.map(String.init) == line)
  }

  static let accepted: [[String]] = [
    ["start", "25min", "--dry-run"], ["start", "1h30", "--dry-run"], ["start", "90sec", "--dry-run"],
    ["start", "1.5h", "--dry-run"],
    ["start", "40s/20s", "-r", "2", "--warmup", "2min", "--cooldown", "90sec", "--dry-run"],
    ["add", "25min", "--start", "-90min"], ["add", "work", "--start", "-3hours"],
  ]

  @Test("the common spellings work in every command that takes a duration", arguments: accepted)
  func accepts(words: [String]) throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run(words)
    #expect(result.status == 0, "\(result.err)")
  }

  @Test("--warmup 2min and --cooldown 90sec make phases of those lengths")
  func optionLengths() throws {
    let result = InProcess(home: "/nonexistent-home").run(
      "start", "40s/20s", "-r", "1", "--warmup", "2min", "--cooldown", "90sec", "--dry-run")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("40s/20s: 1 round, 3 phases, 4:10\n"), "\(result.out)")
  }

  @Test("a word shaped like a timer gets the timer's error, not a file error, unless the file exists")
  func timerShapedWord() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let file = try home.write("50m/10m/5m", #"{"round": [{"name": "f", "kind": "work", "duration": "1m"}]}"#)
    let result = InProcess(home: home.path).run("start", file, "--dry-run")
    #expect(result.status == 0, "\(result.err)")
    #expect(!QuickTimer.looksLikeTimer(file))
    #expect(QuickTimer.looksLikeTimer("50m/10m/5m"))
    #expect(!QuickTimer.looksLikeTimer("25m.json"))
    // A part that is no duration, or a leading slash, is still the timer's mistake; a path is not.
    for word in ["25m/5m/x", "1h/x", "/5m", ".5h/x"] { #expect(QuickTimer.looksLikeTimer(word), "\(word)") }
    for word in ["/tmp/x", "./mine", "mine/25m", "../presets/25m.json", "./"] {
      #expect(!QuickTimer.looksLikeTimer(word), "\(word)")
    }
    for word in ["25m/5m/x", "1h/x", "/5m"] {
      let refused = InProcess(home: home.path).run("start", word, "--dry-run")
      #expect(refused.status == 64 && !refused.err.contains("cannot read the file"), "\(word): \(refused.err)")
    }
  }
}
