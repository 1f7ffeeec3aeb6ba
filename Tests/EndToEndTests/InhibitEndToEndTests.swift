import Foundation
import PomoTestSupport
import Testing

/// `"inhibit"` through the real binary: a stand-in logind on a private system bus hands out a
/// real descriptor for each inhibitor and notices when its last copy closes; a stand-in
/// screen saver on a private session bus records cookies and notices a client that leaves.
@Suite(
  "End to end: the sleep and screen inhibitors", .endToEnd, .requires(.dbusDaemon, .pythonDBus, .pythonGLib),
  .hangLimit)
struct InhibitEndToEndTests {
  static let config = #"{"bell": false, "notify": false, "inhibit": true}"#
  static let presets = [
    "focus":
      #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "rest", "kind": "rest", "duration": "4s"}]}"#,
    "long": #"{"round": [{"name": "go", "kind": "work", "duration": "10m"}]}"#,
    "rest-first":
      #"{"round": [{"name": "settle", "kind": "rest", "duration": "2s"}, {"name": "go", "kind": "work", "duration": "10m"}]}"#,
    "workout":
      #"{"workout": true, "round": [{"name": "move", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}], "rounds": 2}"#,
    "long-workout": #"{"workout": true, "round": [{"name": "move", "kind": "work", "duration": "10m"}]}"#,
  ]

  @Test(
    "focus holds logind's idle:sleep inhibitor, and its descriptor closes when focus ends, not when the session does")
  func sleepFollowsFocus() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("focus")
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("released", in: desk.logind).isEmpty || !session.isRunning },
      "\(desk.logind) \(desk.errors)")
    await session.waitForExit()
    let ended = Date().timeIntervalSince1970
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    let taken = InhibitDesk.calls("Inhibit", in: desk.logind)
    #expect(taken.count == 1, "only the focus takes one: \(desk.logind)")
    let first = try #require(taken.first)
    #expect(first["what"] as? String == "idle:sleep")
    #expect(first["who"] as? String == "pomo")
    #expect(first["mode"] as? String == "block")
    #expect((first["why"] as? String)?.hasPrefix("Focus until ") == true, "\(first)")
    let released = try #require(InhibitDesk.calls("released", in: desk.logind).first)
    #expect(released["id"] as? Int == first["id"] as? Int)
    // Let go as the 4-s rest began, seconds before the session ended.
    let at = try #require(released["t"] as? Double)
    #expect(ended - at > 2, "released at \(at), the session ended at \(ended)")
    #expect(InhibitDesk.calls("Inhibit", in: desk.screenSaver).isEmpty, "focus is no workout: \(desk.screenSaver)")
  }

  @Test("after kill -9 of pomo the kernel closes the inhibitor's descriptor, and logind sees it released")
  func sleepReleasedBySIGKILL() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("long")
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("Inhibit", in: desk.logind).isEmpty || !session.isRunning },
      "\(desk.logind) \(desk.errors)")
    #expect(session.isRunning)
    #expect(InhibitDesk.calls("released", in: desk.logind).isEmpty, "held while focus runs")
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("released", in: desk.logind).isEmpty },
      "the descriptor outlived pomo: \(desk.logind)")
  }

  @Test("a workout holds the screen saver's inhibitor through its phases and lets go with UnInhibit at the end")
  func screenFollowsWorkout() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("workout")
    await session.waitForExit()
    #expect(session.terminationStatus == 0, "\(desk.errors)")
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("UnInhibit", in: desk.screenSaver).isEmpty },
      "\(desk.screenSaver) \(desk.errors)")
    let taken = InhibitDesk.calls("Inhibit", in: desk.screenSaver)
    #expect(taken.count == 1, "one hold for the whole workout: \(desk.screenSaver)")
    #expect(taken.first?["app"] as? String == "pomo")
    #expect(taken.first?["reason"] as? String == "Workout")
    let released = InhibitDesk.calls("UnInhibit", in: desk.screenSaver)
    #expect(released.map { $0["cookie"] as? Int } == taken.map { $0["cookie"] as? Int })
    // A workout's work phases hold sleep back too ("sleep": "work").
    #expect(InhibitDesk.calls("Inhibit", in: desk.logind).count == 2, "\(desk.logind)")
  }

  @Test("after kill -9 of pomo in a workout the screen saver sees its connection leave, holding the cookie")
  func screenReleasedByDisconnect() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("long-workout")
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("Inhibit", in: desk.screenSaver).isEmpty || !session.isRunning },
      "\(desk.screenSaver) \(desk.errors)")
    let cookie = try #require(InhibitDesk.calls("Inhibit", in: desk.screenSaver).first?["cookie"] as? Int)
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("disconnected", in: desk.screenSaver).isEmpty }, "\(desk.screenSaver)")
    #expect(InhibitDesk.calls("disconnected", in: desk.screenSaver).first?["cookies"] as? [Int] == [cookie])
    #expect(InhibitDesk.calls("UnInhibit", in: desk.screenSaver).isEmpty)
  }

  @Test("pomo stop in the middle of a workout gives both back at once: UnInhibit, and the descriptor closed")
  func stopGivesBack() async throws {
    guard let desk = try await InhibitDesk.ready(config: Self.config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    let session = try desk.start("long-workout")
    #expect(
      await waitUntil(60) {
        (!InhibitDesk.calls("Inhibit", in: desk.screenSaver).isEmpty
          && !InhibitDesk.calls("Inhibit", in: desk.logind).isEmpty) || !session.isRunning
      }, "\(desk.screenSaver) \(desk.logind) \(desk.errors)")
    let stopped = try await desk.home.run(["stop"])
    #expect(stopped.status == 0, "\(stopped.err)")
    await session.waitForExit()
    #expect(
      await waitUntil(60) {
        !InhibitDesk.calls("UnInhibit", in: desk.screenSaver).isEmpty
          && !InhibitDesk.calls("released", in: desk.logind).isEmpty
      }, "\(desk.screenSaver) \(desk.logind)")
    #expect(InhibitDesk.calls("disconnected", in: desk.screenSaver).isEmpty, "given back before pomo left")
  }

  @Test(
    "an inhibitor logind hands out after pomo's call timed out is let go at once, not held unseen for the rest of the session",
    .timeLimit(.minutes(3)))
  func lateInhibitorLetGo() async throws {
    let config = #"{"bell": false, "notify": false, "inhibit": {"sleep": "work", "screen": "off"}}"#
    guard let desk = try await InhibitDesk.ready(config: config, presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    defer { desk.system.signal(SIGCONT) }
    let session = try desk.start("rest-first")
    // The session runs its first phase, a rest, with its connection open; the bus then
    // stops answering, and the focus's Inhibit waits in it until it times out.
    #expect(await waitUntil(60) { desk.home.read(".local/state/pomo/current.json")?.contains("\"phase_index\":0,") == true })
    desk.system.signal(SIGSTOP)
    #expect(
      await waitUntil(60) { desk.errors.contains("cannot keep the machine awake (logind)") || !session.isRunning },
      "\(desk.errors)")
    desk.system.signal(SIGCONT)
    // logind now takes the call, and hands out a descriptor nobody asked for any more.
    #expect(await waitUntil(60) { !InhibitDesk.calls("Inhibit", in: desk.logind).isEmpty }, "\(desk.logind)")
    #expect(
      await waitUntil(60) { !InhibitDesk.calls("released", in: desk.logind).isEmpty },
      "held while the focus runs on: \(desk.logind)")
    #expect(session.isRunning, "the focus runs on: \(desk.errors)")
    #expect(try await desk.home.run("stop").status == 0)
    await session.waitForExit()
  }
}
