import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// Virtual time that moves a quarter second each time a session reads it, so an in-process
/// session of 1-second phases runs through its real event loop at once. It starts at 1 s of
/// boot time, far behind the real boot clock, so every wake-up timer (CLOCK_BOOTTIME,
/// absolute) is already due and no wait blocks.
final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var elapsed: Duration = .zero

  private func step() -> Duration {
    lock.lock()
    defer { lock.unlock() }
    elapsed += .milliseconds(250)
    return elapsed
  }

  var clock: SessionClock {
    SessionClock(
      now: { .seconds(1) + self.step() }, awake: { .seconds(1) + self.step() },
      wallSeconds: { 1_764_583_200 + TimeText.seconds(self.step()) })
  }
}

/// One run of a command for the audit, in a fresh temporary HOME.
struct AuditHome {
  let home: TemporaryFolder
  /// A preset of one 1-second work phase.
  let tiny: String
  /// A journal holding an interrupted session of `tiny` (so `resume` has work) and a
  /// completed one.
  let journal: String
  /// Another journal, for `import`.
  let other: String

  init() throws {
    home = try TemporaryFolder()
    tiny = try home.write("tiny.json", #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}]}"#)
    let interrupted =
      #"{"v":1,"id":"cut","preset":"tiny","source":"\#(tiny)","status":"interrupted","interruption":"quit","start":"2025-12-01T09:00:00Z","end":"2025-12-01T09:00:00.5Z","tags":["a"],"host":"h","rounds":1,"paused_seconds":0,"phases":[{"name":"go","kind":"work","round":1,"start":"2025-12-01T09:00:00Z","end":"2025-12-01T09:00:00.5Z","planned_seconds":1,"elapsed_seconds":0,"completed":false}]}"#
    let completed =
      #"{"v":1,"id":"done","preset":"work","status":"completed","start":"2025-12-01T08:00:00Z","end":"2025-12-01T08:25:00Z","tags":["a"],"host":"h","rounds":1,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2025-12-01T08:00:00Z","end":"2025-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    // A correction, so `pomo undo` has one to take back.
    let amended =
      #"{"v":2,"kind":"amend","id":"fix","target":"done","at":"2025-12-01T09:30:00Z","host":"h","set":{"note":"fixed"}}"#
    // Two tasks, the second done, for the `task` commands.
    let tasks = [
      #"{"v":2,"kind":"task","id":"task0001","at":"2025-12-01T07:00:00Z","host":"h","title":"write","estimate":2,"tags":["a"]}"#,
      #"{"v":2,"kind":"task","id":"task0002","at":"2025-12-01T07:01:00Z","host":"h","title":"read","tags":[]}"#,
      #"{"v":2,"kind":"amend","id":"fin","target":"task0002","at":"2025-12-01T07:10:00Z","host":"h","set":{"done":"2025-12-01T07:10:00Z"}}"#,
    ]
    journal = try home.write(
      "journal.jsonl", ([completed, interrupted, amended] + tasks).joined(separator: "\n") + "\n")
    other = home.file("other.jsonl")
  }

  func expand(_ words: [String]) -> [String] {
    words.map { ["$TINY": tiny, "$JOURNAL": journal, "$OTHER": other, "$FOLDER": home.path][$0] ?? $0 }
  }

  /// The sessions in a journal, corrections left out.
  func records(_ path: String) throws -> [JournalRecord] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").compactMap {
      if case .session(let record) = try JournalEntry(line: Array($0.utf8)[...]) { return record }
      return nil
    }
  }
}

/// What a command did with its options in one run.
struct AuditedRun {
  var status: Int32
  var out: String
  var err: String
  /// The parsed arguments `willRun` saw; nil when the command never ran.
  var parsed: ParsedArguments?
  /// How many times `willRun` was called.
  var calls: Int
}

/// Held by every in-process run that may run a session, and by the test of the signal handlers
/// a session leaves: the handlers belong to the whole test process, so two sessions at once, or
/// one while the handlers are compared, would each see the other's.
let inProcessSessions = NSRecursiveLock()

/// Runs pomo in-process as a user would, in `home`, stdout not a terminal, and keeps the
/// parsed arguments of the command that ran, with the reads it made.
func auditedRun(_ words: [String], in home: AuditHome) -> AuditedRun {
  let runsSession = words.first == "start" || words.first == "resume"
  if runsSession { inProcessSessions.lock() }
  defer { if runsSession { inProcessSessions.unlock() } }
  let follow = words.contains("--follow")
  let closing = ClosingBuffer()
  let buffer = TextBuffer()
  let out: any TextOutput = follow ? closing : buffer
  let err = TextBuffer()
  var context = Context(
    environment: ["HOME": home.home.path, "COLUMNS": "80", "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/nonexistent"],
    output: out,
    errors: err, clock: SteppingClock().clock, hostName: "audit")
  var seen: [ParsedArguments] = []
  context.willRun = { seen.append($0) }
  context.programPath = pomoBinary  // `start --detach` starts the real binary, not the tests.
  let status = Pomo.main(["pomo"] + home.expand(words), context: context)
  return AuditedRun(
    status: status, out: follow ? closing.text : buffer.text, err: err.text, parsed: seen.first, calls: seen.count)
}

/// Output whose reader goes away after the first line, as a status bar that quits would.
final class ClosingBuffer: TextOutput {
  private(set) var text = ""
  var isClosed: Bool { !text.isEmpty }
  func write(_ text: String) { self.text += text }
}

/// The options given in a parse: its flags and the options that took values.
func givenOptions(_ parsed: ParsedArguments) -> Set<String> {
  parsed.flags.union(parsed.values.keys)
}

/// Every option a command reads is one it declares. Each command of the
/// tree runs in-process, as far as it goes, with every option it declares given in some run;
/// whatever it read without declaring shows in `undeclaredReads`.
@Suite("Option audit", .serialized)
struct OptionAuditTests {
  /// The runs of each command, with placeholders for the fixture's files. Together a
  /// command's runs give every option it declares (the test checks), and each run gets as
  /// far as the command goes: exit 0, with output.
  static let runs: [String: [[String]]] = [
    "pomo": [[]],
    "pomo start": [
      [
        "start", "$TINY", "--dry-run", "--rounds", "2", "--tag", "x", "--note", "n", "--journal", "$JOURNAL",
        "--color", "never", "--ascii", "--no-bell", "--no-notify", "--no-input", "--no-confirm",
      ],
      // A real session, recorded: the tiny preset's one 1-second phase, on virtual time.
      [
        "start", "$TINY", "-r", "1", "-t", "x", "--note", "n", "--journal", "$JOURNAL", "--color", "always", "--ascii",
        "--no-bell", "--no-notify", "--no-input", "--confirm",
      ],
      // To a time on the clock, and begun earlier: the plans only.
      ["start", "$TINY", "--dry-run", "--until", "23:59", "--at", "23:58"],
      ["start", "25m", "--dry-run", "--ago", "1m", "--task", "tw:1"],
      // In the background: the real binary runs the session; this process returns at once.
      ["start", "$TINY", "--detach", "--journal", "$JOURNAL", "--no-notify"],
      // A quick timer with its warm-up and cool-down; the big display and the voice (stdout is
      // not a terminal: the plain log; no speaker on this PATH: a warning).
      [
        "start", "1s/1s", "-r", "1", "--warmup", "1s", "--cooldown", "1s", "--big", "--voice", "-t", "x", "--note",
        "n", "--journal", "$JOURNAL", "--no-notify",
      ],
    ],
    "pomo resume": [
      [
        "resume", "--journal", "$JOURNAL", "--color", "never", "--ascii", "--no-bell", "--no-notify", "--no-input",
        "--big", "--voice",
      ],
      ["resume", "--journal", "$JOURNAL", "--confirm"], ["resume", "--journal", "$JOURNAL", "--no-confirm"],
      ["resume", "--detach", "--journal", "$JOURNAL"],
    ],
    "pomo status": [
      ["status", "--json", "--journal", "$JOURNAL"], ["status", "--journal", "$JOURNAL"],
      ["status", "--format", "waybar", "--journal", "$JOURNAL"],
      ["status", "--format", "{badge} {remaining}", "--journal", "$JOURNAL"],
      // The feed runs until its output closes; the audit's closes after the first line.
      ["status", "--follow", "--journal", "$JOURNAL"],
    ],
    // With no session running these say so and exit 1 (see `steering`); they take no options.
    "pomo pause": [["pause"]], "pomo toggle": [["toggle"]], "pomo skip": [["skip"]], "pomo extend": [["extend", "5m"]],
    "pomo next": [["next"]], "pomo rep": [["rep"], ["rep", "12"]], "pomo stop": [["stop"]],
    "pomo tag": [["tag", "x", "y"]], "pomo untag": [["untag", "x"]], "pomo note": [["note", "n"], ["note"]],
    "pomo mark": [["mark", "internal", "n"], ["mark", "external"]], "pomo void": [["void", "why"], ["void"], ["void", "--stop"]],
    "pomo away": [["away", "--cause", "idle"]], "pomo back": [["back"]], "pomo keep": [["keep"]],
    "pomo drop": [["drop"]],
    "pomo attach": [["attach", "--color", "never", "--ascii"]],
    "pomo log": [
      ["log", "--limit", "5", "--json", "--journal", "$JOURNAL", "--strict"],
      ["log", "-n", "1", "--journal", "$JOURNAL"],
    ],
    "pomo report": [
      [
        "report", "--week", "2025-12-01", "--week-start", "sunday", "--format", "text", "--tag", "a", "--preset",
        "work",
        "--color", "never", "--journal", "$JOURNAL", "--strict",
      ],
      ["report", "--month", "2025-12", "--format", "json", "--journal", "$JOURNAL", "--kind", "focus", "--timers"],
      ["report", "--today", "--format", "csv", "--journal", "$JOURNAL"],
      ["report", "--from", "2025-11-01", "--to", "2025-12-31", "--journal", "$JOURNAL", "--strict"],
      ["report", "--year", "2025", "--format", "svg", "-o", "$OTHER", "--journal", "$JOURNAL"],
      ["report", "--hours", "--year", "--journal", "$JOURNAL", "--output", "$OTHER"],
      ["report", "--tasks", "--month", "2025-12", "--format", "json", "--journal", "$JOURNAL"],
    ],
    "pomo presets": [["presets"]],
    "pomo presets show": [
      ["presets", "show", "$TINY", "--rounds", "2", "--json"], ["presets", "show", "work", "-r", "2"],
    ],
    "pomo presets new": [
      ["presets", "new", "mine", "--from", "$TINY"], ["presets", "new", "work", "--replace-built-in"],
    ],
    "pomo presets schema": [["presets", "schema"]],
    "pomo import": [
      ["import", "$JOURNAL", "--journal", "$OTHER", "--strict"],
      ["import", "--from", "pomo", "$JOURNAL", "--journal", "$OTHER"],
    ],
    "pomo journal": [["journal", "--json", "--journal", "$JOURNAL"], ["journal"]],
    "pomo add": [
      [
        "add", "$TINY", "--start", "-1h", "--end", "-30m", "--tag", "x", "--note", "n", "--status", "completed",
        "--rounds", "1", "--allow-overlap", "--journal", "$JOURNAL",
      ]
    ],
    "pomo edit": [
      [
        "edit", "done", "--tag", "b", "--untag", "a", "--note", "n", "--start", "2025-12-01T07:00:00Z", "--end",
        "2025-12-01T07:30:00Z", "--preset", "work", "--status", "interrupted", "--allow-overlap", "--journal",
        "$JOURNAL",
      ],
      ["edit", "done", "--keep-away", "--journal", "$JOURNAL"],
      ["edit", "done", "--drop-away", "--journal", "$JOURNAL"],
    ],
    "pomo delete": [["delete", "done", "--journal", "$JOURNAL"]],
    "pomo task": [["task"]],
    "pomo task add": [["task", "add", "write", "--estimate", "2", "--tag", "x", "--journal", "$JOURNAL"]],
    "pomo task list": [["task", "list", "--all", "--json", "--journal", "$JOURNAL"], ["task", "list"]],
    "pomo task done": [["task", "done", "task0001", "--journal", "$JOURNAL"]],
    "pomo task edit": [
      [
        "task", "edit", "task0001", "--title", "t", "--estimate", "3", "--tag", "b", "--untag", "a", "--journal",
        "$JOURNAL",
      ],
      ["task", "edit", "task0002", "--open", "--journal", "$JOURNAL"],
    ],
    "pomo undo": [["undo", "--journal", "$JOURNAL"]],
    "pomo export": [
      [
        "export", "--format", "csv", "--week", "2025-12-01", "--week-start", "sunday", "--tag", "a", "--preset", "work",
        "--journal", "$JOURNAL", "--strict",
      ],
      ["export", "--month", "2025-12", "--journal", "$JOURNAL"],
      ["export", "--today", "--format", "ics", "--journal", "$JOURNAL"],
      ["export", "--year", "2025", "--journal", "$JOURNAL"],
      ["export", "--from", "2025-11-01", "--to", "2025-12-31", "--format", "timewarrior", "--journal", "$JOURNAL"],
      ["export", "--format", "timewarrior", "--into", "$FOLDER", "--journal", "$JOURNAL"],
    ],
    "pomo completions": [
      ["completions", "--list", "tags", "--journal", "$JOURNAL"], ["completions", "--list", "presets"],
      ["completions", "bash"],
    ],
    "pomo manual": [["manual"]],
    "pomo nudge": [
      [
        "nudge", "--after", "15m", "--between", "09:00-17:00", "--preset", "work", "--wait", "1s", "--dry-run",
        "--journal", "$JOURNAL",
      ]
    ],
    "pomo doctor": [["doctor", "--json"], ["doctor", "--color", "never"]],
  ]

  /// The commands that steer a running session; the audit runs them with none running.
  static let steering: Set<String> = [
    "pomo pause", "pomo toggle", "pomo skip", "pomo extend", "pomo next", "pomo rep", "pomo stop",
    "pomo tag", "pomo untag", "pomo note", "pomo mark", "pomo void", "pomo attach", "pomo away", "pomo back", "pomo keep",
    "pomo drop",
  ]

  @Test("every option a command reads is declared", arguments: commandTree().map(\.path))
  func audit(path: [String]) async throws {
    let name = path.joined(separator: " ")
    let node = try #require(command(at: path))
    let runs = try #require(Self.runs[name], "no audit runs for '\(name)': add them to OptionAuditTests.runs")
    var given = Set<String>()
    for words in runs {
      let home = try AuditHome()
      defer { home.home.cleanUp() }
      let before = (try? home.records(home.journal).count) ?? 0
      let run = auditedRun(words, in: home)
      if Self.steering.contains(name) {
        #expect(run.status == 1 && run.err == "Error: no session is running\n", "\(words): \(run.err)")
      } else {
        #expect(run.status == 0, "\(words): \(run.err)")
        // `import` and `report --output` write files instead.
        let writesFile = name == "pomo import" || words.contains("--output") || words.contains("-o")
        #expect(!run.out.isEmpty || writesFile, "\(words) printed nothing")
      }
      #expect(run.calls == 1, "\(words): willRun called \(run.calls) times")
      let parsed = try #require(run.parsed)
      #expect(parsed.path == path)
      #expect(parsed.undeclaredReads == [], "\(words) read options it does not declare")
      given.formUnion(givenOptions(parsed))

      // The session commands got as far as recording a session.
      if words.contains("--detach") {
        // The background session records itself when its one second is up.
        #expect(run.out.contains("Running in the background"))
        _ = await waitUntil { (try? home.records(home.journal).count) ?? 0 > before }
        #expect(try home.records(home.journal).last?.status == .completed)
      } else if name == "pomo start" && !words.contains("--dry-run") {
        let last = try home.records(home.journal).last
        #expect(last?.status == .completed && last?.tags == ["x"] && last?.note == "n", "\(run.err)")
      }
      if name == "pomo resume" {
        let last = try home.records(home.journal).last
        #expect(last?.resumedFrom == "cut" && last?.status == .completed, "\(run.err)")
      }
      if name == "pomo import" {
        #expect(try home.records(home.other).map(\.id) == ["done", "cut"])
      }
    }
    // The runs give every option the command declares, so every read could be seen.
    #expect(given == Set(node.spec.options.map(\.long)), "options never given to '\(name)'")
  }

  /// The signals a running session forwards to its event loop.
  static let sessionSignals = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

  /// The handler a signal has: SIG_DFL, SIG_IGN or a function, as a number to compare.
  static func disposition(_ signal: Int32) -> UInt {
    var action = sigaction()
    sigaction(signal, nil, &action)
    #if canImport(Glibc)
      return withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: UInt.self) }
    #else
      return withUnsafeBytes(of: action.__sigaction_u) { $0.load(as: UInt.self) }
    #endif
  }

  @Test("an in-process session leaves the test process's signal handlers as it found them")
  func signalsRestored() throws {
    let home = try AuditHome()
    defer { home.home.cleanUp() }
    let (before, run, after) = inProcessSessions.withLock {
      let before = Self.sessionSignals.map(Self.disposition)
      let run = auditedRun(["start", "$TINY", "--journal", "$JOURNAL"], in: home)
      return (before, run, Self.sessionSignals.map(Self.disposition))
    }
    #expect(run.status == 0, "\(run.err)")
    #expect(after == before)
  }

  @Test("the audit catches a read of an option the command does not declare")
  func catchesUndeclaredRead() throws {
    let spec = CommandSpec(name: "x", abstract: "A test.", options: [SharedOptions.json.spec])
    let parsed = try ArgumentParser.parse(["--json"], spec: spec, path: ["pomo", "x"])
    #expect(parsed[SharedOptions.json])
    #expect(parsed.undeclaredReads == [])
    // Options of other commands: each kind of read is seen.
    _ = parsed[SharedOptions.strict]
    _ = parsed[SharedOptions.journal]
    _ = parsed[Pomo.Start.tag]
    _ = parsed[Pomo.Log.limit]
    _ = parsed[SharedOptions.color]
    _ = parsed.isPresent(Pomo.Report.week)
    #expect(parsed.undeclaredReads == ["strict", "journal", "tag", "limit", "color", "week"])
    // A copy shares the record, as the one `willRun` keeps does.
    let copy = parsed
    _ = parsed[SharedOptions.noBell]
    #expect(copy.undeclaredReads.last == "no-bell")
  }
}
