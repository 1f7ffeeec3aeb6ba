import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoJournal

/// `"timewarrior": true`: the real `timew` (Debian's timewarrior) in a database of the test's
/// own gets an interval for each stretch of focus, with the session's tags.
@Suite("Timewarrior, live", .requires(.timewarrior), .endToEnd)
struct TimewarriorLiveTests {
  var home: PomoHome
  var database: String { home.file("timew") }

  init() throws {
    home = try PomoHome()
    home.environment["TIMEWARRIORDB"] = home.file("timew")
    try home.write("timew/timewarrior.cfg", "")
    try home.write("timew/data/.keep", "")
    try home.write(".config/pomo/config.json", #"{"timewarrior": true}"#)
  }

  /// What `timew export` prints, read as JSON.
  func intervals() async throws -> [[String: Any]] {
    let timew = try #require(RequiredTool.path(of: "timew"))
    let export = try await runProgram([timew, "export"], environment: ["TIMEWARRIORDB": database, "PATH": "/usr/bin:/bin"])
    return try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
  }

  /// Starts the long preset (with `options`) in the background, killed by `cleanUp` if it
  /// still runs, and waits until its focus has opened an interval.
  func startLong(_ options: [String] = []) async throws -> Process {
    let session = try home.launch(["start", home.preset("long")] + options + ["--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await intervals())?.count == 1 })
    return session
  }

  /// A copy of the home whose PATH finds a stand-in `timew` running `script` first.
  func withTimew(_ script: String) throws -> PomoHome {
    try home.write("bin/timew", script)
    chmod(home.file("bin/timew"), 0o755)
    var home = self.home
    home.environment["PATH"] = home.file("bin") + ":/usr/bin:/bin"
    return home
  }

  /// A second into the focus, pauses and resumes: the next stretch opens a second interval.
  func pauseAndResume() async throws {
    await pause(milliseconds: 1200)
    #expect(try await home.run(["pause"]).status == 0)
    #expect(try await home.run(["resume"]).status == 0)
    #expect(await waitUntil { (try? await intervals())?.count == 2 })
  }

  @Test("each focus phase is one closed interval with the session's tags, at the phase's own times")
  func focusPhases() async throws {
    defer { home.cleanUp() }
    let run = try await home.run(["start", "2s/2s", "-r", "2", "--tag", "thesis", "--tag", "two words", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    let record = try #require(try home.records().last)
    let focus = record.phases.filter { $0.kind == .work }
    let found = try await intervals()
    #expect(found.count == focus.count && found.count == 2, "\(found) against \(focus)")
    func stamp(_ t: Double) -> String { RFC3339Stamp.utc(t.rounded(.down)) }
    // Sorted by start: timew lists the newest first.
    let sorted = found.sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
    for (interval, phase) in zip(sorted, focus) {
      #expect(interval["tags"] as? [String] == ["thesis", "two words"])
      #expect(interval["start"] as? String == stamp(phase.start) && interval["end"] as? String == stamp(phase.end))
    }
  }

  @Test("a void Pomodoro is not focus: its open interval is cancelled, the next one opens its own, and the export leaves them out")
  func voided() async throws {
    defer { home.cleanUp() }
    // The interval is open once the focus has begun.
    let session = try await startLong()
    #expect(try await intervals().first?["end"] == nil)
    // The void Pomodoro's interval is cancelled, and the new Pomodoro opens its own: were the
    // first one closed instead, it would be left after the second void below.
    let void = try await home.run(["void", "the call went on"])
    #expect(void.status == 0, "\(void.err)")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK") == true })
    let stop = try await home.run(["void", "--stop"])
    #expect(stop.status == 0, "\(stop.err)")
    await session.waitForExit()
    #expect(try await intervals().isEmpty)
    let record = try #require(try home.records().last)
    #expect(record.status == .void && record.voidPomodoros == 2)
    let export = try await home.run(["export", "--format", "timewarrior"])
    #expect(export.status == 0 && export.out == "[\n]\n", "\(export.out)")
  }

  @Test("a void Pomodoro paused on the way leaves nothing: the stretch before the pause goes too")
  func voidedAfterPause() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    try await pauseAndResume()
    await pause(milliseconds: 1200)
    let void = try await home.run(["void", "--stop"])
    #expect(void.status == 0, "\(void.err)")
    await session.waitForExit()
    let left = try await intervals()
    #expect(left.isEmpty, "\(left)")
  }

  @Test("tag and untag retag every interval of the session, as the journal records its last tags for all of it")
  func retagged() async throws {
    defer { home.cleanUp() }
    let session = try await startLong(["--tag", "a1", "--tag", "two words"])
    try await pauseAndResume()
    #expect(try await home.run(["tag", "b1"]).status == 0)
    #expect(try await home.run(["untag", "a1"]).status == 0)
    await pause(milliseconds: 1200)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try home.records().last)
    #expect(record.tags == ["two words", "b1"])
    let found = try await intervals()
    #expect(found.count == 2 && found.allSatisfy { Set($0["tags"] as? [String] ?? []) == ["two words", "b1"] }, "\(found)")
  }

  @Test("time away is not focus in Timewarrior: the interval stops when you leave and starts again when you are back")
  func awayStopsTheInterval() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    await pause(milliseconds: 1200)
    #expect(try await home.run(["away"]).status == 0)
    #expect(await waitUntil { (try? await intervals())?.first?["end"] != nil })
    await pause(milliseconds: 2200)
    #expect(try await home.run(["back"]).status == 0)
    #expect(await waitUntil { (try? await intervals())?.count == 2 })
    await pause(milliseconds: 1200)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try home.records().last)
    let away = try #require(record.phases.first?.away.first)
    let found = try await intervals().sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
    #expect(found.count == 2, "\(found)")
    guard found.count == 2 else { return }
    // Timewarrior's gap is the record's time away, to the second.
    #expect(found[0]["end"] as? String == RFC3339Stamp.utc(away.start.rounded(.down)))
    #expect(found[1]["start"] as? String == RFC3339Stamp.utc(away.end.rounded(.down)))
    // And pomo's own export of it agrees.
    let export = try await home.run(["export", "--format", "timewarrior"])
    let exported = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
    #expect(exported.map { $0["start"] as? String } == found.map { $0["start"] as? String })
  }

  /// The seconds of `intervals`, each to the second as Timewarrior keeps them.
  func seconds(_ found: [[String: Any]]) -> Double {
    found.reduce(0) { total, interval in
      let start = (interval["start"] as? String).flatMap(UTCStamp.parse) ?? 0
      let end = (interval["end"] as? String).flatMap(UTCStamp.parse) ?? start
      return total + end - start
    }
  }

  @Test("time away that ask keeps goes back to Timewarrior without the pause you made inside it")
  func keptAwayLeavesOutYourPause() async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"timewarrior": true, "away": {"work": "ask"}}"#)
    let session = try await startLong()
    await pause(milliseconds: 1200)
    #expect(try await home.run(["away"]).status == 0)
    await pause(milliseconds: 1200)
    #expect(try await home.run(["pause"]).status == 0)
    await pause(milliseconds: 4500)
    #expect(try await home.run(["resume"]).status == 0)
    await pause(milliseconds: 1200)
    #expect(try await home.run(["back"]).status == 0)
    #expect(try await home.run(["keep"]).status == 0)
    await pause(milliseconds: 1200)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try home.records().last)
    let found = try await intervals()
    // Each interval is cut to the second at both ends.
    #expect(abs(seconds(found) - record.focusSeconds) < 2.5, "\(found) against \(record.focusSeconds) s of focus")
  }

  @Test("the overtime of a focus that waits for confirmation is focus in Timewarrior too")
  func confirmOvertimeIsFocus() async throws {
    defer { home.cleanUp() }
    try home.write(
      "confirm.json",
      #"{"workout": false, "round": [{"name": "focus", "kind": "work", "duration": "1s"}, {"name": "break", "kind": "rest", "duration": "10m"}]}"#)
    let session = try home.launch(["start", home.file("confirm.json"), "--confirm", "--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.contains(" +0:02") == true })
    #expect(try await home.run(["next"]).status == 0)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try home.records().last)
    let focus = try #require(record.phases.first)
    let found = try await intervals()
    #expect(found.count == 1 && found.first?["end"] as? String == RFC3339Stamp.utc(focus.end.rounded(.down)), "\(found)")
  }

  @Test("a session killed while focus runs has its Timewarrior interval stopped at its last heartbeat by the recovery")
  func crashStopsTheInterval() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    await pause(milliseconds: 1500)
    // A change writes the state file: the heartbeat recovery takes as the end.
    #expect(try await home.run(["tag", "late"]).status == 0)
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    #expect(try await home.run(["status"]).out == "idle\n")
    let record = try #require(try home.records().last)
    let end = try #require(record.phases.last?.end)
    let found = try await intervals()
    #expect(found.count == 1 && found.first?["end"] as? String == RFC3339Stamp.utc(end.rounded(.down)), "\(found)")
  }

  @Test("a slow timew never holds the session: commands meanwhile are answered, status follows, the next session starts")
  func slowTimewHoldsNothing() async throws {
    defer { home.cleanUp() }
    let home = try withTimew("#!/bin/sh\nsleep 3\nexit 0\n")
    let session = try home.launch(["start", home.preset("long"), "--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK") == true })
    // Each command sets off a timew that takes 3 s; none waits for the one before.
    for command in ["pause", "resume", "pause"] {
      let sent = Date()
      let run = try await home.run([command])
      #expect(run.status == 0 && Date().timeIntervalSince(sent) < 2.5, "\(command): \(run.err)")
    }
    let status = try await home.run(["status"])
    #expect(status.out.hasPrefix("PAUSED"), "\(status.out) \(status.err)")
    let sent = Date()
    #expect(try await home.run(["stop"]).status == 0)
    #expect(Date().timeIntervalSince(sent) < 2.5)
    // The record is written at once; the session's pomo ends once its last timew has run.
    #expect(try await home.run(["status"]).out == "idle\n")
    await session.waitForExit()
  }

  @Test("a timew that fails is said once, and the session runs")
  func failingTimewSaidOnce() async throws {
    defer { home.cleanUp() }
    let home = try withTimew("#!/bin/sh\nexit 1\n")
    let run = try await home.run(["start", "1s/1s", "-r", "2", "--no-notify"])
    #expect(run.status == 0)
    #expect(
      run.err == "pomo: warning: 'timew start' exited with status 1; Timewarrior may not have all of this session's focus\n")
  }

  @Test("without timew on PATH: one warning, and the session runs")
  func missing() async throws {
    defer { home.cleanUp() }
    var home = self.home
    home.environment["PATH"] = home.file("nothing")
    let run = try await home.run(["start", "1s", "--no-notify"])
    #expect(run.status == 0)
    #expect(run.err == "pomo: warning: timew is not found; focus is not tracked in Timewarrior\n")
  }
}

/// Timewarrior's compact UTC form of a time: "20261202T150000Z".
enum RFC3339Stamp {
  static func utc(_ t: Double) -> String {
    let text = RFC3339.format(t, offset: 0)
    return String(text.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
  }
}

/// `pomo start --task tw:ID`: the real `task` (Debian's taskwarrior) in a database of the
/// test's own gives the session its note and a tag, and is annotated with the focus.
@Suite("Taskwarrior, live", .requires(.taskwarrior), .endToEnd)
struct TaskwarriorLiveTests {
  var home: PomoHome

  init() throws {
    home = try PomoHome()
    try home.useOwnTaskwarrior()
  }

  func task(_ words: [String]) async throws -> Finished { try await home.task(words) }

  @Test("the task's description is the note, its project a tag, and it is annotated with the focus")
  func linked() async throws {
    defer { home.cleanUp() }
    #expect(try await task(["add", "write the intro", "project:thesis"]).status == 0)
    let run = try await home.run(["start", "2s", "--task", "tw:1", "--tag", "draft", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    let record = try #require(try home.records().last)
    #expect(record.note == "write the intro" && record.tags == ["draft", "thesis"])
    let export = try await task(["1", "export"])
    let tasks = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
    let notes = (tasks.first?["annotations"] as? [[String: Any]])?.compactMap { $0["description"] as? String }
    #expect(notes == ["pomo: 0:02 focus"])
  }

  @Test("a void Pomodoro is not focus: the task is not annotated with it")
  func voided() async throws {
    defer { home.cleanUp() }
    #expect(try await task(["add", "write the intro"]).status == 0)
    let session = try home.launch(["start", home.preset("long"), "--task", "tw:1", "--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK") == true })
    await pause(milliseconds: 1200)
    let void = try await home.run(["void", "--stop", "the call went on"])
    #expect(void.status == 0, "\(void.err)")
    await session.waitForExit()
    let record = try #require(try home.records().last)
    #expect(record.status == .void && record.phases[0].elapsedSeconds >= 1)
    let export = try await task(["1", "export"])
    let tasks = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
    #expect(tasks.count == 1 && tasks[0]["annotations"] == nil, "\(export.out)")
  }

  @Test(
    "the right task: a session on tw:2 annotates that task when it ends, though Taskwarrior renumbered meanwhile",
    .hangLimit)
  func rightTask() async throws {
    defer { home.cleanUp() }
    #expect(try await task(["add", "read the paper"]).status == 0)
    #expect(try await task(["add", "write the intro"]).status == 0)
    #expect(try await task(["add", "file the expenses"]).status == 0)
    let session = try home.launch(
      ["start", home.preset("long"), "--task", "tw:2", "--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK") == true })
    // The first task is done and a report renumbers the rest: "write the intro" is now 1,
    // and "file the expenses" 2.
    #expect(try await task(["1", "done"]).status == 0)
    #expect(try await task(["list"]).status == 0)
    #expect(try await task(["2", "export"]).out.contains("file the expenses"), "renumbered")
    let stop = try await home.run(["stop"])
    #expect(stop.status == 0, "\(stop.err)")
    await session.waitForExit()
    let export = try await task(["export"])
    let tasks = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
    func notes(_ description: String) -> [String] {
      let found = tasks.first { $0["description"] as? String == description }
      return (found?["annotations"] as? [[String: Any]])?.compactMap { $0["description"] as? String } ?? []
    }
    #expect(notes("write the intro").count == 1, "\(export.out)")
    #expect(notes("write the intro").first?.hasPrefix("pomo: ") == true, "\(export.out)")
    #expect(notes("file the expenses").isEmpty, "the task that took the number is not annotated: \(export.out)")
    #expect(notes("read the paper").isEmpty, "\(export.out)")
  }

  @Test("an unknown task is one error line, and nothing runs")
  func unknown() async throws {
    defer { home.cleanUp() }
    let run = try await home.run(["start", "2s", "--task", "tw:7"])
    #expect(run.status == 1 && run.err == "Error: Taskwarrior has no task tw:7 (see 'task list')\n")
    let bad = try await home.run(["start", "2s", "--task", "tw:x7"])
    #expect(bad.status == 64 && bad.err.hasPrefix("Error: '--task tw:x7': a Taskwarrior task is tw: and its id or UUID"))
    // Without tw: it names one of pomo's own tasks (`pomo task`).
    let own = try await home.run(["start", "2s", "--task", "7"])
    #expect(own.status == 65 && own.err.hasPrefix("Error: '7' is too short to name a task"), "\(own.err)")
  }
}
