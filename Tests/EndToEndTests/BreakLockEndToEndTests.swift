import Foundation
import PomoTestSupport
import Testing

/// `"break_lock"` through the real binary, counted by the stand-in logind's record of
/// `LockSession` calls on a private system bus.
@Suite(
  "End to end: a break that locks the screen", .endToEnd, .requires(.dbusDaemon, .pythonDBus, .pythonGLib), .hangLimit)
struct BreakLockEndToEndTests {
  static func config(_ breakLock: String) -> String {
    #"{"bell": false, "notify": false, "break_lock": \#(breakLock)}"#
  }

  static let presets = [
    "two":
      #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "rest", "kind": "rest", "duration": "2s"}], "rounds": 2}"#,
    "skip":
      #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "rest", "kind": "rest", "duration": "10m"}, {"name": "more rest", "kind": "rest", "duration": "2s"}, {"name": "again", "kind": "work", "duration": "1s"}]}"#,
    "workout":
      #"{"workout": true, "round": [{"name": "move", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "2s"}], "rounds": 2}"#,
    "hang":
      #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "rest", "kind": "rest", "duration": "4s"}], "rounds": 2, "skip_last_rest": true}"#,
    "long":
      #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "rest", "kind": "rest", "duration": "1s"}], "rounds": 2, "long_break": {"every": 2, "duration": "2s"}}"#,
  ]

  func locks(_ desk: InhibitDesk) -> [[String: Any]] { InhibitDesk.calls("LockSession", in: desk.logind) }

  @Test("each break locks pomo's own session exactly once")
  func oncePerBreak() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config("true"), presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("two")
    await session.waitForExit()
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    #expect(locks(desk).count == 2, "\(desk.logind) \(desk.errors)")
    #expect(locks(desk).allSatisfy { $0["session"] as? String == "1" })
  }

  @Test(
    "a system bus that hangs as a break starts gets no LockSession, so none reaches logind when the bus wakes after the session",
    .timeLimit(.minutes(3)))
  func noLateLock() async throws {
    let config = #"{"bell": false, "notify": false, "break_lock": true, "inhibit": {"sleep": "work", "screen": "off"}}"#
    guard let desk = try await InhibitDesk.ready(config: config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    defer { desk.system.signal(SIGCONT) }
    let session = try desk.start("hang")
    // Focus has begun: the bus takes every call from now on and answers none.
    #expect(await waitUntil(60) { !InhibitDesk.calls("Inhibit", in: desk.logind).isEmpty }, "\(desk.errors)")
    desk.system.signal(SIGSTOP)
    await session.waitForExit()
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    #expect(desk.errors.contains("cannot lock the screen for the break: logind does not answer"), "\(desk.errors)")
    desk.system.signal(SIGCONT)
    // The second focus's Inhibit, sent after the break began on the same connection, comes
    // once the bus has handed on all it held.
    #expect(await waitUntil(60) { InhibitDesk.calls("Inhibit", in: desk.logind).count == 2 }, "\(desk.logind)")
    #expect(locks(desk).isEmpty, "a lock came after the session: \(desk.logind)")
  }

  @Test("pomo skip is the way out of a locked break, and the break it leads to is not locked again")
  func skipLeaves() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config("true"), presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("skip")
    #expect(await waitUntil(60) { !locks(desk).isEmpty || !session.isRunning }, "\(desk.logind) \(desk.errors)")
    let skipped = try await desk.home.run(["skip"])
    #expect(skipped.status == 0, "\(skipped.err)")
    await session.waitForExit()
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    #expect(locks(desk).count == 1, "\(desk.logind)")
  }

  @Test("a workout's rests never lock; the same desk's focus break does")
  func noneInAWorkout() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config("true"), presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let workout = try desk.start("workout")
    await workout.waitForExit()
    #expect(workout.terminationStatus == 0, "\(desk.errors)")
    #expect(locks(desk).isEmpty, "\(desk.logind)")
    let focus = try desk.start("two")
    await focus.waitForExit()
    #expect(locks(desk).count == 2, "\(desk.logind) \(desk.errors)")
  }

  @Test("\"long\" locks only the long break")
  func longOnly() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config(#""long""#), presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("long")
    await session.waitForExit()
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    #expect(locks(desk).count == 1, "\(desk.logind) \(desk.errors)")
  }
}
