import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

// Workouts with moves, run as a user would, in a pseudo-terminal.

@Suite("Workouts with moves, end to end", .endToEnd)
struct WorkoutMovesEndToEndTests {
  static let cycling =
    #"{"rounds": 3, "round": [{"name": "{exercise}", "kind": "work", "duration": "1s", "exercises": ["burpees", "squats"]}, {"name": "rest", "kind": "rest", "duration": "1s"}], "cue": 1}"#
  /// Room, on a loaded machine, for two pomo runs in the AMRAP and one in the rest.
  static let amrap =
    #"{"round": [{"name": "amrap", "kind": "work", "duration": "15s", "count": "rounds"}, {"name": "rest", "kind": "rest", "duration": "10s"}]}"#
  static let reps =
    #"{"round": [{"name": "{exercise}", "kind": "work", "duration": "1s", "exercises": ["squats"], "count": "reps"}, {"name": "rest", "kind": "rest", "duration": "8s"}]}"#

  /// The simplest reps workout: one phase, which asks when it ends the session.
  static let pushups = #"{"round": [{"name": "pushups", "kind": "work", "duration": "2s", "count": "reps"}]}"#

  /// A HOME holding one of this suite's presets as `NAME.json`, for a terminal.
  static func home(_ name: String, _ preset: String) throws -> PomoHome {
    try PomoHome(presets: [name: preset], environment: ["TERM": "xterm"])
  }

  /// `pomo start NAME --no-notify` on a 100-column terminal, once it shows `first`.
  static func start(_ name: String, in home: PomoHome, showing first: String) async throws -> PseudoTerminal {
    let pty = try home.terminal(["start", home.preset(name), "--no-notify"], columns: 100, rows: 24)
    #expect(await pty.waitForText(first))
    return pty
  }

  @Test("the exercises cycle round by round: the plan lists them, the display shows each, the journal keeps them")
  func cycling() async throws {
    let home = try Self.home("moves", Self.cycling)
    defer { home.cleanUp() }
    let plan = try await home.run("start", home.preset("moves"), "--dry-run")
    #expect(plan.out.hasSuffix("Total 0:06: work 0:03, rest 0:03\nExercises: burpees, squats\n"))
    let pty = try home.terminal(["start", home.preset("moves"), "--no-notify", "--big"], columns: 80, rows: 24)
    #expect(await pty.waitForExit() == 0)
    let seen = pty.visible
    let order = ["burpees", "squats", "burpees"].reduce((seen.startIndex, true)) { state, word in
      guard state.1, let found = seen.range(of: "WORK · " + word, range: state.0..<seen.endIndex) else {
        return (state.0, false)
      }
      return (found.upperBound, true)
    }
    #expect(order.1, "the big display did not show burpees, squats, burpees in turn:\n\(seen)")
    #expect(seen.contains("burpees 0:02, squats 0:01"))
    let record = try #require(try home.records().last)
    #expect(record.phases.map(\.exercise) == ["burpees", nil, "squats", nil, "burpees", nil])
  }

  @Test("an AMRAP is counted by r and by pomo rep; pomo rep outside it is refused")
  func amrap() async throws {
    let home = try Self.home("amrap", Self.amrap)
    defer { home.cleanUp() }
    let pty = try await Self.start("amrap", in: home, showing: "0 rounds, r to count")
    pty.send("r")
    #expect(await pty.waitForText("1 round, r to count"))
    // Another shell sees the count too (the socket's feed, as attach and status --follow do).
    let status = try await home.run("status")
    #expect(status.out.hasPrefix("WORK amrap ") && status.out.hasSuffix(", round 1/1, 1 round)\n"), "\(status.out)")
    let rep = try await home.run("rep")
    #expect(rep.status == 0, "\(rep.err)")
    #expect(await pty.waitForText("2 rounds, r to count"))
    #expect(await pty.waitForText("done    amrap"))
    let outside = try await home.run("rep")
    #expect(outside.status == 1)
    #expect(
      outside.err
        == "Error: the running session answered: no AMRAP phase is running: 'pomo rep' counts rounds in a phase with \"count\": \"rounds\"\n"
    )
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.visible.contains("(0:15, 2 rounds)"))
    let record = try #require(try home.records().last)
    #expect(record.phases.first?.countedRounds == 2 && record.phases.last?.countedRounds == nil)
    // A phase that counts without exercises is recorded as its own exercise.
    #expect(record.phases.map(\.exercise) == ["amrap", nil])
  }

  @Test("reps are asked for at the phase's end, answered with digits and enter, and recorded; bad answers are refused")
  func reps() async throws {
    let home = try Self.home("reps", Self.reps)
    defer { home.cleanUp() }
    let pty = try await Self.start("reps", in: home, showing: "reps for squats? _")
    pty.send("-")
    #expect(await pty.waitForText("(reps are a whole number from 0 to 9999)"))
    let bad = try await home.run("rep", "1e9")
    #expect(bad.status == 64)
    #expect(bad.err.hasPrefix("Error: '<reps>' must be a whole number from 0 to 9999, got '1e9'\n"))
    let negative = try await home.run("rep", "-3")
    #expect(negative.status == 64 && negative.err.contains("got '-3'"))
    pty.send("12\r")
    #expect(await pty.waitForText("reps    squats: 12 reps"))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.visible.contains("squats 0:01 (12 reps)"))
    let record = try #require(try home.records().last)
    #expect(record.phases.first?.reps == 12 && record.phases.first?.exercise == "squats")
    // pomo log lists the session's exercises under the table.
    let log = try await home.run("log")
    #expect(log.out.contains("\nExercises:\n\(record.id.prefix(8))  squats 0:01 (12 reps)\n"))
  }

  @Test("pomo rep N answers the question from another shell")
  func repsFromAnotherShell() async throws {
    let home = try Self.home("reps", Self.reps)
    defer { home.cleanUp() }
    let pty = try await Self.start("reps", in: home, showing: "reps for squats? _")
    let answer = try await home.run("rep", "7")
    #expect(answer.status == 0, "\(answer.err)")
    #expect(await pty.waitForText("reps    squats: 7 reps"))
    let again = try await home.run("rep", "8")
    #expect(again.status == 1 && again.err.contains("no phase is asking for reps"))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(try home.records().last?.phases.first?.reps == 7)
  }

  @Test("the report adds up each exercise's time, reps and rounds by week")
  func report() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let now = Date().timeIntervalSince1970
    func phase(_ exercise: String?, _ seconds: Double, at start: Double, reps: Int? = nil, rounds: Int? = nil)
      -> JournalPhase
    {
      var p = JournalPhase(
        name: exercise ?? "amrap", kind: .work, round: 1, start: start, end: start + seconds, plannedSeconds: seconds,
        elapsedSeconds: seconds, completed: true)
      p.exercise = exercise
      p.reps = reps
      p.countedRounds = rounds
      return p
    }
    let start = now - 120
    let record = JournalRecord(
      id: JournalRecord.newID(), preset: "moves", status: .completed, start: start, end: start + 100, host: "test",
      rounds: 1,
      phases: [
        phase("squats", 20, at: start, reps: 12), phase("burpees", 20, at: start + 20),
        phase("squats", 20, at: start + 40, reps: 10), phase("amrap", 40, at: start + 60, rounds: 5),
      ])
    let file = journalFile(home.path)
    try home.folder.write(file, record.json(offset: { _ in 0 }).text + "\n")
    let text = try await home.run("report", "--week")
    #expect(text.status == 0, "\(text.err)")
    let table = text.out.split(separator: "\n").drop { !$0.hasPrefix("WEEK OF") }.map(String.init)
    #expect(table.count == 4, "\(text.out)")
    #expect(
      table.dropFirst().map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == [
        "amrap 0:40 - 5", "burpees 0:20 - -", "squats 0:40 22 -",
      ])
    let json = try await home.run("report", "--week", "--format", "json")
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let rows = try #require(object?["exercises"] as? [[String: Any]])
    #expect(rows.map { $0["name"] as? String } == ["amrap", "burpees", "squats"])
    #expect(rows.map { $0["seconds"] as? Int } == [40, 20, 40] && rows[2]["reps"] as? Int == 22)
  }
  @Test("a last phase that asks for reps asks before the session ends; the answer is recorded, then the summary")
  func lastPhaseAsks() async throws {
    let home = try Self.home("pushups", Self.pushups)
    defer { home.cleanUp() }
    let pty = try await Self.start("pushups", in: home, showing: "reps for pushups? _")
    #expect(!pty.visible.contains("Completed"), "the session ended before the answer:\n\(pty.visible)")
    let status = try await home.run("status")
    #expect(status.out == "WORK pushups 0:00 (100%, round 1/1, reps for pushups?)\n", "\(status.out)")
    pty.send("20")
    #expect(await pty.waitForText("reps for pushups? 20_"))
    pty.send("\r")
    #expect(await pty.waitForExit() == 0)
    #expect(pty.visible.contains("reps    pushups: 20 reps"))
    #expect(pty.visible.contains("pushups 0:02 (20 reps)"), "\(pty.visible)")
    let record = try #require(try home.records().last)
    #expect(record.status == .completed && record.phases.first?.reps == 20)
  }

  @Test("pomo rep N answers a last phase's question from another shell; q and Ctrl-C skip it")
  func lastPhaseAnsweredElsewhereOrSkipped() async throws {
    let home = try Self.home("pushups", Self.pushups)
    defer { home.cleanUp() }
    let pty = try await Self.start("pushups", in: home, showing: "reps for pushups? _")
    let answer = try await home.run("rep", "9")
    #expect(answer.status == 0, "\(answer.err)")
    #expect(await pty.waitForExit() == 0)
    #expect(try home.records().last?.phases.first?.reps == 9)
    let skipped = try await Self.start("pushups", in: home, showing: "reps for pushups? _")
    skipped.send("q")
    #expect(await skipped.waitForExit() == 0)
    #expect(skipped.visible.contains("reps    pushups: not given"))
    let record = try #require(try home.records().last)
    #expect(record.status == .completed && record.phases.first?.reps == nil)
    // Ctrl-C while the last question is open skips it: every phase has run.
    let interrupted = try await Self.start("pushups", in: home, showing: "reps for pushups? _")
    interrupted.send("\u{3}")
    #expect(await interrupted.waitForExit() == 0)
    #expect(try home.records().last?.status == .completed)
  }

  @Test("piped, with no way to answer, a last phase's question is not asked and the session ends at once")
  func lastPhasePiped() async throws {
    let home = try PomoHome(presets: ["pushups": Self.pushups])
    defer { home.cleanUp() }
    let started = Date()
    // Well under the question's 30 s: the session does not wait for an answer nobody can give.
    let run = try await home.run(["start", home.preset("pushups"), "--no-notify"], timeout: 20)
    #expect(Date().timeIntervalSince(started) < 20)
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.out.contains("reps?"), "\(run.out)")
    let record = try #require(try home.records().last)
    #expect(record.status == .completed && record.phases.first?.reps == nil)
  }
}
