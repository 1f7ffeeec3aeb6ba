import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoSession

#if canImport(Glibc)
  import Glibc
#endif

/// Time away counted by one rule across processes: pauses and resumes from other shells while
/// away, a session killed while away and recovered, and `status` while away, through the real
/// binary.
@Suite("End to end: time away counted by one rule", .endToEnd)
struct AwayAccountingEndToEndTests {
  func home(_ config: String) throws -> PomoHome {
    let home = try PomoHome()
    try home.folder.write(".config/pomo/config.json", config)
    return home
  }

  /// The sessions in the journal, corrections applied.
  func sessions(_ home: PomoHome) throws -> [JournalRecord] {
    let text = home.folder.read(journalFile(home.path)) ?? ""
    return Fold.sessions(try text.split(separator: "\n").map { try JournalEntry(line: Array($0.utf8)[...]) })
  }

  func status(_ home: PomoHome) async -> [String: Any] {
    guard let out = try? await home.run(["status", "--json"]).out else { return [:] }
    return (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]) ?? [:]
  }

  /// Waits, on the clock, until `seconds` have passed since `from`.
  func wait(_ seconds: TimeInterval, from: Date = Date()) async {
    _ = await waitUntil(seconds + 60) { Date().timeIntervalSince(from) >= seconds }
  }

  @Test("run: a pause while away is paused time, not time away: focus is what ran", .hangLimit)
  func runPausedWhileAway() async throws {
    let home = try home(#"{"bell": false, "notify": false, "away": {"work": "run"}}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
    #expect(await waitUntil { (try? await home.run(["away"]))?.status == 0 })
    #expect(try await home.run(["pause"]).status == 0)
    await wait(3)
    #expect(try await home.run(["back"]).status == 0)
    #expect(try await home.run(["resume"]).status == 0)
    await wait(1)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try sessions(home).last)
    let phase = try #require(record.phases.first)
    // The time paused while away is a pause of the phase; what ran away is only the moments
    // between `away` and `pause`.
    let ranAway = phase.away.filter { !$0.paused }.reduce(0) { $0 + $1.seconds }
    #expect(phase.pausedSeconds >= 3, "\(phase)")
    #expect(ranAway < phase.elapsedSeconds, "\(phase)")
    #expect(record.focusSeconds >= 1, "the second after resume is focus: \(phase)")
    #expect(record.focusSeconds == phase.elapsedSeconds - ranAway)
  }

  @Test(
    "pause: a resume while away runs the phase, and that time is away: out of focus, and kept only once",
    .hangLimit)
  func resumedWhileAway() async throws {
    let home = try home(#"{"bell": false, "notify": false}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
    #expect(await waitUntil { (try? await home.run(["pause"]))?.status == 0 })
    #expect(try await home.run(["away"]).status == 0)
    #expect(try await home.run(["resume"]).status == 0)
    let resumed = Date()
    await wait(2, from: resumed)
    #expect(try await home.run(["back"]).status == 0)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try sessions(home).last)
    let phase = try #require(record.phases.first)
    let ranAway = phase.away.filter { !$0.paused }.reduce(0) { $0 + $1.seconds }
    #expect(ranAway >= 2, "\(phase)")
    #expect(record.focusSeconds <= phase.elapsedSeconds - 2, "\(phase)")
    let kept = try await home.run(["edit", "last", "--keep-away"])
    #expect(kept.status == 0, "\(kept.err)")
    let edited = try #require(try sessions(home).last)
    // Kept, the time away is focus once: never more than the phase ran.
    #expect(edited.focusSeconds <= edited.phases[0].elapsedSeconds + 0.001, "\(edited.phases[0])")
    #expect(edited.focusSeconds >= 2)
  }

  @Test(
    "pause: pomo pause while the policy holds the phase makes the pause yours: back leaves it paused, keep-away puts none of it in",
    .hangLimit)
  func pausedByHandWhileHeld() async throws {
    let home = try home(#"{"bell": false, "notify": false}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
    #expect(await waitUntil { (try? await home.run(["away"]))?.status == 0 })
    #expect(try await home.run(["pause"]).status == 0)
    await wait(3)
    let back = try await home.run(["back"])
    #expect(back.status == 0 && back.out.hasPrefix("PAUSED"), "\(back.out)")
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try sessions(home).last)
    let phase = try #require(record.phases.first)
    // Only the moments between `away` and `pause` are a span; the pause is yours.
    let held = phase.away.reduce(0) { $0 + $1.seconds }
    #expect(phase.away.allSatisfy { $0.paused }, "\(phase)")
    #expect(phase.pausedSeconds >= held + 3, "\(phase)")
    let kept = try await home.run(["edit", "last", "--keep-away"])
    #expect(kept.status == 0, "\(kept.err)")
    let edited = try #require(try sessions(home).last)
    #expect(abs(edited.focusSeconds - (phase.elapsedSeconds + held)) < 0.001, "\(edited.phases[0])")
    #expect(edited.focusSeconds <= phase.end - phase.start - 3, "\(edited.phases[0])")
  }

  @Test("killed while away, the recovered record keeps the span, and edit --keep-away counts it", .hangLimit)
  func killedWhileAway() async throws {
    let home = try home(#"{"bell": false, "notify": false}"#)
    defer { home.cleanUp() }
    let stateFile = home.folder.file(".local/state/pomo/current.json")
    let session = try home.launch(["start", "10m"], name: "session")
    defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
    #expect(await waitUntil { (try? await home.run(["away", "--cause", "lock"]))?.status == 0 })
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
    let kept = try await home.run(["edit", "last", "--keep-away"])
    #expect(kept.status == 0 && !kept.out.hasPrefix("Nothing changed"), "\(kept.out)")
    let edited = try #require(try sessions(home).last)
    #expect(edited.focusSeconds >= record.focusSeconds + 1)
  }

  @Test("run: status leaves the time away now out of today's focus, as the record will", .hangLimit)
  func statusWhileAway() async throws {
    let home = try home(#"{"bell": false, "notify": false, "daily_goal": "4h", "away": {"work": "run"}}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
    #expect(await waitUntil { await status(home)["state"] as? String == "running" })
    let before = await status(home)["goal_focus_seconds"] as? Int ?? -1
    #expect(try await home.run(["away"]).status == 0)
    let left = Date()
    await wait(5, from: left)
    let away = await status(home)["goal_focus_seconds"] as? Int ?? -1
    #expect(try await home.run(["back"]).status == 0)
    let back = await status(home)["goal_focus_seconds"] as? Int ?? -1
    #expect(before >= 0 && away >= 0 && back >= 0)
    // Away, the figure stands still (a moment for the commands aside); back, it goes on from there.
    #expect(away <= before + 2, "before \(before), away \(away)")
    #expect(back >= away, "away \(away), back \(back)")
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
  }
}
