import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal
import PomoSession

/// Time away counted by one rule across processes: pauses and resumes from other shells while
/// away, a session killed while away and recovered, and `status` while away, through the real
/// binary.
@Suite("End to end: time away counted by one rule", .endToEnd)
struct AwayAccountingEndToEndTests {
  /// The sessions in the journal, corrections applied.
  func sessions(_ home: PomoHome) throws -> [JournalRecord] {
    let text = home.folder.read(journalFile(home.path)) ?? ""
    return Fold.sessions(try text.split(separator: "\n").map { try JournalEntry(line: Array($0.utf8)[...]) })
  }

  /// In a new HOME with `config` (by default no bell and no notifications), starts a 10-minute
  /// focus in the background, waits until `first` (the first command sent it) succeeds, and
  /// runs `body` on the home and the session.
  func withSession(
    config: String = #"{"bell": false, "notify": false}"#, until first: [String],
    _ body: (PomoHome, Process) async throws -> Void
  ) async throws {
    try await PomoHome.with(config: config) { home in try await body(home, try await start(in: home, until: first)) }
  }

  /// Starts a 10-minute focus in `home` in the background, and waits until `first` succeeds.
  private func start(in home: PomoHome, until first: [String]) async throws -> Process {
    let session = try home.launch(["start", "10m"], name: "session")
    #expect(await waitUntil { (try? await home.run(first))?.status == 0 })
    return session
  }

  /// Stops the session, and returns its record and its one phase.
  func stop(_ session: Process, in home: PomoHome) async throws -> (JournalRecord, JournalPhase) {
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try sessions(home).last)
    let phase = try #require(record.phases.first)
    return (record, phase)
  }

  /// `pomo edit last --keep-away`, and the record it leaves.
  func keepAway(in home: PomoHome) async throws -> (Finished, JournalRecord) {
    let kept = try await home.run(["edit", "last", "--keep-away"])
    #expect(kept.status == 0, "\(kept.err)")
    let edited = try #require(try sessions(home).last)
    return (kept, edited)
  }

  /// Waits, on the clock, until `seconds` have passed since `from`.
  func wait(_ seconds: TimeInterval, from: Date = Date()) async {
    _ = await waitUntil(seconds + 60) { Date().timeIntervalSince(from) >= seconds }
  }

  @Test("run: a pause while away is paused time, not time away: focus is what ran")
  func runPausedWhileAway() async throws {
    let config = #"{"bell": false, "notify": false, "away": {"work": "run"}}"#
    try await withSession(config: config, until: ["away"]) { home, session in
      #expect(try await home.run(["pause"]).status == 0)
      await wait(3)
      #expect(try await home.run(["back"]).status == 0)
      #expect(try await home.run(["resume"]).status == 0)
      await wait(1)
      let (record, phase) = try await stop(session, in: home)
      // The time paused while away is a pause of the phase; what ran away is only the moments
      // between `away` and `pause`.
      let ranAway = phase.away.filter { !$0.paused }.reduce(0) { $0 + $1.seconds }
      #expect(phase.pausedSeconds >= 3, "\(phase)")
      #expect(ranAway < phase.elapsedSeconds, "\(phase)")
      #expect(record.focusSeconds >= 1, "the second after resume is focus: \(phase)")
      #expect(record.focusSeconds == phase.elapsedSeconds - ranAway)
    }
  }

  @Test(
    "pause: a resume while away runs the phase, and that time is away: out of focus, and kept only once")
  func resumedWhileAway() async throws {
    try await withSession(until: ["pause"]) { home, session in
      #expect(try await home.run(["away"]).status == 0)
      #expect(try await home.run(["resume"]).status == 0)
      let resumed = Date()
      await wait(2, from: resumed)
      #expect(try await home.run(["back"]).status == 0)
      let (record, phase) = try await stop(session, in: home)
      let ranAway = phase.away.filter { !$0.paused }.reduce(0) { $0 + $1.seconds }
      #expect(ranAway >= 2, "\(phase)")
      #expect(record.focusSeconds <= phase.elapsedSeconds - 2, "\(phase)")
      let edited = try await keepAway(in: home).1
      // Kept, the time away is focus once: never more than the phase ran.
      #expect(edited.focusSeconds <= edited.phases[0].elapsedSeconds + 0.001, "\(edited.phases[0])")
      #expect(edited.focusSeconds >= 2)
    }
  }

  @Test(
    "pause: pomo pause while the policy holds the phase makes the pause yours: back leaves it paused, keep-away puts none of it in")
  func pausedByHandWhileHeld() async throws {
    try await withSession(until: ["away"]) { home, session in
      #expect(try await home.run(["pause"]).status == 0)
      await wait(3)
      let back = try await home.run(["back"])
      #expect(back.status == 0 && back.out.hasPrefix("PAUSED"), "\(back.out)")
      let (_, phase) = try await stop(session, in: home)
      // Only the moments between `away` and `pause` are a span; the pause is yours.
      let held = phase.away.reduce(0) { $0 + $1.seconds }
      #expect(phase.away.allSatisfy { $0.paused }, "\(phase)")
      #expect(phase.pausedSeconds >= held + 3, "\(phase)")
      let edited = try await keepAway(in: home).1
      #expect(abs(edited.focusSeconds - (phase.elapsedSeconds + held)) < 0.001, "\(edited.phases[0])")
      #expect(edited.focusSeconds <= phase.end - phase.start - 3, "\(edited.phases[0])")
    }
  }

  @Test("killed while away, the recovered record keeps the span, and edit --keep-away counts it")
  func killedWhileAway() async throws {
    try await withSession(until: ["away", "--cause", "lock"]) { home, session in
      let stateFile = home.statePath
      // The session's heartbeat, written a second or more after it was left, is the last it says.
      #expect(
        await waitUntil {
          guard let state = SessionState.read(path: stateFile), let since = state.awaySince else { return false }
          return state.updated - since >= 1
        })
      kill(session.processIdentifier, SIGKILL)
      await session.waitForExit()
      #expect(try await home.run(["status"]).status == 0)
      let record = try #require(try sessions(home).last)
      let phase = try #require(record.phases.first)
      #expect(record.interruption == .crash)
      #expect(phase.away.count == 1, "\(phase)")
      #expect(phase.away.first?.cause == "lock" && phase.away.first?.paused == true)
      #expect((phase.away.first?.seconds ?? 0) >= 1)
      #expect(phase.end == record.end)
      let (kept, edited) = try await keepAway(in: home)
      #expect(!kept.out.hasPrefix("Nothing changed"), "\(kept.out)")
      #expect(edited.focusSeconds >= record.focusSeconds + 1)
    }
  }

  @Test("run: status leaves the time away now out of today's focus, as the record will")
  func statusWhileAway() async throws {
    let home = try PomoHome(config: #"{"bell": false, "notify": false, "daily_goal": "4h", "away": {"work": "run"}}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    #expect(await waitUntil { await home.status()["state"] as? String == "running" })
    let before = await home.status()["goal_focus_seconds"] as? Int ?? -1
    #expect(try await home.run(["away"]).status == 0)
    let left = Date()
    await wait(5, from: left)
    let away = await home.status()["goal_focus_seconds"] as? Int ?? -1
    #expect(try await home.run(["back"]).status == 0)
    let back = await home.status()["goal_focus_seconds"] as? Int ?? -1
    #expect(before >= 0 && away >= 0 && back >= 0)
    // Away, the figure stands still (a moment for the commands aside); back, it goes on from there.
    #expect(away <= before + 2, "before \(before), away \(away)")
    #expect(back >= away, "away \(away), back \(back)")
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
  }
}
