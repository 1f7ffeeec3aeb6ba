import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

@Suite("Alerts")
struct AlertsTests {
  let clock = FakeClock()

  final class Launches {
    var calls: [([String], [String: String], [UInt8]?)] = []
  }

  func make(
    bell: Bool = true, notifier: String? = "/usr/bin/notify-send", hooks: [HookEvent: [String]] = [:],
    sessionID: String? = nil
  ) -> (Alerts, TextBuffer, Launches) {
    let out = TextBuffer()
    let launches = Launches()
    let alerts = Alerts(
      settings: Alerts.Settings(
        bell: bell, notifier: notifier, hooks: hooks, environment: ["HOME": "/h"], sessionID: sessionID), output: out
    ) { argv, env, input in launches.calls.append((argv, env, input)) }
    return (alerts, out, launches)
  }

  func engine(_ clock: FakeClock, cue: Int = 0, tags: [String] = [], note: String? = nil) -> SessionEngine {
    let preset = Preset(
      name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2, skipLastRest: true, cue: cue)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock, tags: tags, note: note)
  }

  @Test("a phase that ends rings the bell once and sends one notification naming the next phase")
  func phaseEnd() {
    var e = engine(clock)
    let (alerts, out, launches) = make()
    step(alerts, &e) { $0.start() }
    #expect(out.text == "")
    clock.advance(.seconds(10))
    step(alerts, &e) { $0.tick() }
    #expect(out.text == "\u{07}")
    #expect(
      launches.calls.map(\.0) == [["/usr/bin/notify-send", "--app-name=pomo", "pomo: go done", "Next: rest (0:05)"]])
  }

  @Test("boundaries passed together during a suspend make one alert, not a burst")
  func coalesced() {
    var e = engine(clock)
    let (alerts, out, launches) = make()
    step(alerts, &e) { $0.start() }
    clock.sleep(.seconds(17))
    step(alerts, &e) { $0.tick() }
    #expect(out.text == "\u{07}")
    #expect(launches.calls.count == 1)
  }

  @Test("skips and quits do not ring; --no-bell and no notifier stay silent")
  func quiet() {
    var e = engine(clock)
    let (alerts, out, launches) = make()
    step(alerts, &e) { $0.start() }
    step(alerts, &e) { $0.skip() }
    step(alerts, &e) { $0.quit() }
    #expect(out.text == "")
    #expect(launches.calls.isEmpty)
    var f = engine(clock)
    let (silent, silentOut, silentLaunches) = make(bell: false, notifier: nil)
    step(silent, &f) { $0.start() }
    clock.advance(.seconds(10))
    step(silent, &f) { $0.tick() }
    #expect(silentOut.text == "")
    #expect(silentLaunches.calls.isEmpty)
  }

  @Test("3-2-1 cues ring a bell each second")
  func cues() {
    var e = engine(clock, cue: 3)
    let (alerts, out, _) = make(notifier: nil)
    step(alerts, &e) { $0.start() }
    for _ in 0..<9 {
      clock.advance(.seconds(1))
      step(alerts, &e) { $0.tick() }
    }
    #expect(out.text == "\u{07}\u{07}\u{07}")
  }

  @Test("hooks get the POMO_ variables for each event")
  func hooks() {
    var e = engine(clock)
    let (alerts, _, launches) = make(
      notifier: nil, hooks: [.phaseStart: ["start-hook"], .phaseEnd: ["end-hook", "x"], .sessionEnd: ["done-hook"]])
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(4))
    step(alerts, &e) { $0.skip() }
    step(alerts, &e) { $0.quit() }
    let summary = launches.calls.map { call in
      "\(call.0.joined(separator: " ")): \(call.1["POMO_EVENT"]!) \(call.1["POMO_PRESET"]!) \(call.1["POMO_PHASE"]!) \(call.1["POMO_KIND"]!) \(call.1["POMO_ROUND"]!) \(call.1["POMO_REMAINING"]!)"
    }
    #expect(
      summary == [
        "start-hook: phase_start t go work 1 10", "end-hook x: phase_end t go work 1 6",
        "start-hook: phase_start t rest rest 1 5",
        "end-hook x: phase_end t rest rest 1 5", "done-hook: session_end t rest rest 1 0",
      ])
    #expect(launches.calls.allSatisfy { $0.1["HOME"] == "/h" })
  }

  @Test("hooks read the event as one JSON line on stdin, and get the session's id, tags and note")
  func hookContext() throws {
    var e = engine(clock, tags: ["thesis", "a,b"], note: "chapter \"3\"")
    let (alerts, _, launches) = make(notifier: nil, hooks: [.phaseStart: ["start-hook"]], sessionID: "4f6d")
    step(alerts, &e) { $0.start() }
    let call = try #require(launches.calls.first)
    #expect(call.1["POMO_SESSION_ID"] == "4f6d" && call.1["POMO_TAGS"] == "thesis,a,b")
    #expect(call.1["POMO_NOTE"] == "chapter \"3\"")
    let line = String(decoding: try #require(call.2), as: UTF8.self)
    #expect(
      line
        == #"{"event":"phase_start","session":"4f6d","preset":"t","phase":"go","kind":"work","round":1,"remaining":10,"tags":["thesis","a,b"],"note":"chapter \"3\"","task":null,"marks":[]}"#
        + "\n")
    // The task the session works on.
    let tasked = String(
      decoding: Alerts.json(.phaseStart, e, phase: try #require(e.currentPhase), remaining: .seconds(10), id: "4f6d", task: "tw:12"),
      as: UTF8.self)
    #expect(tasked.contains(#""note":"chapter \"3\"","task":"tw:12","marks":[]"#), "\(tasked)")
    // A hook about a phase gets the interruptions marked in it so far (times in UTC).
    clock.advance(.seconds(2))
    _ = e.apply(.mark(.external, "door"))
    let phase = try #require(e.currentPhase)
    let marked = String(
      decoding: Alerts.json(.phaseStart, e, phase: phase, remaining: .seconds(8), id: "4f6d"), as: UTF8.self)
    #expect(marked.hasSuffix(#","marks":[{"at":"2025-12-01T10:00:02+00:00","kind":"external","note":"door"}]}"# + "\n"), "\(marked)")
    // A phase marked as often as a session keeps, with long notes: the hook still gets its
    // input, the latest 100 marks without their notes.
    for _ in 0..<(PhaseMark.limit - 1) { _ = e.apply(.mark(.internal, String(repeating: "n", count: 200))) }
    #expect(e.marks.count == PhaseMark.limit && e.problem(with: .mark(.internal, nil))?.contains("most it keeps") == true)
    let crowded = Alerts.json(.phaseStart, e, phase: phase, remaining: .seconds(8), id: "4f6d")
    #expect(crowded.count <= Spawner.inputLimit)
    let text = String(decoding: crowded, as: UTF8.self)
    #expect(text.components(separatedBy: #""kind":"internal""#).count - 1 == 100)
    #expect(!text.contains("nnnn") && text.contains(#""note":"chapter \"3\"""#))
    // Notifications get no input.
    let (quiet, _, notified) = make(sessionID: "4f6d")
    step(quiet, &e) { $0.skip() }
    #expect(notified.calls.allSatisfy { $0.2 == nil })
  }

  @Test("a warning before the end: the phase_warning hook and a notification with the time left, no bell")
  func warning() throws {
    let preset = Preset(name: "t", round: [phase("go", .work, 10)], rounds: 1)
    var plan = Plan(preset: preset)
    plan.warn(before: .seconds(2))
    var e = SessionEngine(plan: plan, clock: clock.clock)
    let (alerts, out, launches) = make(hooks: [.phaseWarning: ["warn-hook"]])
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(8))
    step(alerts, &e) { $0.tick() }
    let hook = try #require(launches.calls.first { $0.0 == ["warn-hook"] })
    #expect(hook.1["POMO_EVENT"] == "phase_warning" && hook.1["POMO_REMAINING"] == "2" && hook.1["POMO_PHASE"] == "go")
    let note = try #require(launches.calls.first { $0.0.first == "/usr/bin/notify-send" })
    #expect(note.0 == ["/usr/bin/notify-send", "--app-name=pomo", "pomo: 0:02 left", "go ends in 0:02"])
    #expect(!out.text.contains("\u{07}"))
  }

  @Test("pomo tag and pomo note reach the hooks that follow")
  func relabeled() throws {
    var e = engine(clock, tags: ["a"])
    let (alerts, _, launches) = make(notifier: nil, hooks: [.pause: ["pause-hook"]], sessionID: "4f6d")
    step(alerts, &e) { $0.start() }
    step(alerts, &e) { $0.apply(.tag(["b", "a", ""])) }
    step(alerts, &e) { $0.apply(.note("n")) }
    step(alerts, &e) { $0.apply(.untag(["a"])) }
    #expect(e.tags == ["b"] && e.note == "n")
    step(alerts, &e) { $0.togglePause() }
    let call = try #require(launches.calls.last)
    #expect(call.1["POMO_TAGS"] == "b" && call.1["POMO_NOTE"] == "n")
  }

  @Test("a note too long for the pipe is cut, and the line is still whole JSON")
  func longNote() throws {
    let e = engine(clock, note: String(repeating: "é", count: Spawner.inputLimit))
    let bytes = Alerts.json(.phaseStart, e, phase: e.plan.phases[0], remaining: .seconds(10), id: "x")
    #expect(bytes.count <= Spawner.inputLimit && bytes.last == 0x0A)
    let value = try JSONParser.parse(Array(bytes.dropLast()))
    #expect(value["note"]?.stringValue?.hasSuffix("…") == true)
  }

  /// A desktop notifier that takes notifications while it works, as the D-Bus one does.
  final class FakeDesktop: DesktopNotifier {
    var works = true
    var posts: [(title: String, warning: Bool, status: SessionEngine.Status)] = []
    func post(_ engine: SessionEngine, title: String, body: String, warning: Bool) -> Bool {
      guard works else { return false }
      posts.append((title, warning, engine.status))
      return true
    }
  }

  @Test("a desktop notifier that works takes the notifications from notify-send; one that fails gives them back")
  func desktopNotifier() {
    let preset = Preset(name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 1)
    var plan = Plan(preset: preset)
    plan.warn(before: .seconds(2))
    var e = SessionEngine(plan: plan, clock: clock.clock)
    let desktop = FakeDesktop()
    let launches = Launches()
    let alerts = Alerts(
      settings: Alerts.Settings(bell: false, notifier: "/usr/bin/notify-send", hooks: [:], environment: [:]),
      output: TextBuffer(), desktop: desktop
    ) { argv, env, input in launches.calls.append((argv, env, input)) }
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(8))
    step(alerts, &e) { $0.tick() }
    clock.advance(.seconds(2))
    step(alerts, &e) { $0.tick() }
    #expect(desktop.posts.map(\.title) == ["pomo: 0:02 left", "pomo: go done"])
    #expect(desktop.posts.map(\.warning) == [true, false])
    #expect(launches.calls.isEmpty)
    desktop.works = false
    clock.advance(.seconds(5))
    step(alerts, &e) { $0.tick() }
    #expect(launches.calls.map { $0.0.first } == ["/usr/bin/notify-send"])
  }
}

@Suite("Plain log")
struct PlainLogTests {
  let clock = FakeClock()

  @Test("after a suspend, each phase that ended gets its own line at its own deadline")
  func catchUp() {
    var e = clock.engine(.goRest())
    let out = TextBuffer()
    let log = PlainLog(output: out, width: 80, unicode: true) { t in "t+\(Int(t - 1_764_583_200))" }
    var events = e.start()
    log.sessionDidUpdate(e, events: events)
    clock.sleep(.seconds(17))
    events = e.tick()
    log.sessionDidUpdate(e, events: events)
    #expect(
      out.text == """
        t: 2 rounds, 3 phases, 0:25
        t+0  start   go (work, 0:10, round 1/2)
        t+17  woke    after 0:17 asleep
        t+10  done    go (0:10)
        t+10  start   rest (rest, 0:05, round 1/2)
        t+15  done    rest (0:05)
        t+15  start   go (work, 0:10, round 2/2)

        """)
  }
}
