import Foundation
@testable import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Do-not-disturb during focus, with a fake desktop: every command pomo runs is logged (with
/// the moments the state file is marked), and the desktop answers as dunst would.
@Suite("Do not disturb: the backend's choice and the state machine")
struct DoNotDisturbTests {
  let clock = FakeClock()

  /// A stand-in for the desktop: a do-not-disturb switch, the log of what pomo did to it, and
  /// commands that can be made to fail.
  final class Desk {
    var on = false
    var log: [String] = []
    var marks: [DoNotDisturbMark?] = []
    var warnings: [String] = []
    var failing: Set<String> = []
    var markFails = false
    /// What the query prints instead of the truth, when set.
    var queryAnswer: String?

    func run(_ argv: [String]) -> (status: Int32, output: [UInt8])? {
      let line = argv.joined(separator: " ")
      log.append(line)
      if failing.contains(line) { return (1, []) }
      switch line {
      case "dunstctl is-paused": return (0, Array((queryAnswer ?? "\(on)\n").utf8))
      case "dunstctl set-paused true": on = true
      case "dunstctl set-paused false": on = false
      default: return nil
      }
      return (0, [])
    }

    func listener(kinds: Set<PhaseKind> = [.work], grace: Duration = DoNotDisturb.alertGrace) -> DoNotDisturb {
      DoNotDisturb(
        backend: .dunst, kinds: kinds, grace: grace, run: { self.run($0) },
        mark: { mark, _ in
          if self.markFails { return false }
          self.marks.append(mark)
          self.log.append(mark == nil ? "mark: off" : "mark: \(mark!.backend) \(mark!.off.joined(separator: " "))")
          return true
        },
        warn: { self.warnings.append($0) })
    }
  }

  /// Focus 10 s, break 5 s, focus 10 s.
  func engine(_ clock: FakeClock, warn: Duration? = nil) -> SessionEngine {
    var plan = Plan(preset: .goRest())
    if let warn { plan.warn(before: warn) }
    return SessionEngine(plan: plan, clock: clock.clock)
  }

  @Test("focus turns it on, the state file marked first; the end of focus turns it off, then forgets the mark")
  func focusOnThenOff() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(desk.on)
    #expect(
      desk.log == ["dunstctl is-paused", "mark: dunst dunstctl set-paused false", "dunstctl set-paused true"])
    desk.log = []
    clock.advance(.seconds(3))
    step(dnd, &e) { $0.tick() }
    #expect(desk.log.isEmpty, "nothing is asked again while focus runs")
    clock.advance(.seconds(7))
    step(dnd, &e) { $0.tick() }
    #expect(!desk.on, "the break runs with notifications")
    #expect(desk.log == ["dunstctl set-paused false", "mark: off"])
    #expect(desk.warnings.isEmpty)
  }

  @Test("already on when focus starts: it stays on, and pomo never turns it off")
  func alreadyOn() {
    var e = engine(clock)
    let desk = Desk()
    desk.on = true
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    step(dnd, &e) { $0.apply(.pause) }
    step(dnd, &e) { $0.apply(.resume) }
    clock.advance(.seconds(10))
    step(dnd, &e) { $0.tick() }
    step(dnd, &e) { $0.quit() }
    #expect(desk.on)
    #expect(!desk.log.contains { $0.hasPrefix("dunstctl set-paused") }, "\(desk.log)")
    #expect(desk.marks.isEmpty)
  }

  @Test("a pause puts it back; resuming turns it on again")
  func pauseRestores() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(desk.on)
    step(dnd, &e) { $0.apply(.pause) }
    #expect(!desk.on)
    #expect(dnd.stretch == .idle)
    clock.advance(.seconds(30))
    step(dnd, &e) { $0.tick() }
    #expect(!desk.on, "still paused")
    step(dnd, &e) { $0.apply(.resume) }
    #expect(desk.on)
    #expect(desk.marks.map { $0 != nil } == [true, false, true])
  }

  @Test("stopping (q, Ctrl-C, a signal, 'pomo stop') puts it back")
  func stopRestores() {
    for reason in [Interruption.quit, .signal] {
      let clock = FakeClock()
      var e = engine(clock)
      let desk = Desk()
      let dnd = desk.listener()
      step(dnd, &e) { $0.start() }
      clock.advance(.seconds(2))
      step(dnd, &e) { $0.quit(reason: reason) }
      #expect(!desk.on)
      #expect(desk.log.suffix(2) == ["dunstctl set-paused false", "mark: off"])
    }
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    step(dnd, &e) { $0.apply(.stop) }
    #expect(!desk.on)
  }

  @Test("close() puts back what the session left switched, whatever its state")
  func closeRestores() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    dnd.close()
    #expect(!desk.on)
    dnd.close()
    #expect(desk.log.filter { $0 == "dunstctl set-paused false" }.count == 1)
  }

  @Test("focus that starts with an alert (a break's end) turns it on only once the alert has shown")
  func graceAfterAlert() {
    var e = clock.engine(.goRest(go: 100, rest: 50))
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    clock.advance(.seconds(100))
    step(dnd, &e) { $0.tick() }  // the break
    clock.advance(.seconds(50))
    step(dnd, &e) { $0.tick() }  // focus again, with the break's alert
    #expect(e.currentPhase?.kind == .work)
    #expect(!desk.on, "the alert that the break is over must show")
    let wake = dnd.nextWake(e)
    #expect(wake == clock.boot + DoNotDisturb.alertGrace)
    clock.advance(.seconds(2))
    step(dnd, &e) { $0.tick() }
    #expect(!desk.on)
    clock.advance(.seconds(3))
    step(dnd, &e) { $0.tick() }
    #expect(desk.on)
    #expect(dnd.nextWake(e) == nil)
  }

  @Test("a short focus waits a tenth of its length for the alert, not the whole grace")
  func shortPhaseGrace() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    clock.advance(.seconds(15))
    step(dnd, &e) { $0.tick() }  // focus again (10 s), after the break's alert
    #expect(!desk.on)
    #expect(dnd.nextWake(e) == clock.boot + .seconds(1))
    clock.advance(.seconds(1))
    step(dnd, &e) { $0.tick() }
    #expect(desk.on)
  }

  @Test("one focus after another: off for the alert, on again after the grace")
  func focusAfterFocus() {
    var e = clock.engine(Preset(name: "t", round: [phase("a", .work, 10), phase("b", .work, 10)], rounds: 1))
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(dnd, &e) { $0.tick() }
    #expect(!desk.on)
    clock.advance(DoNotDisturb.alertGrace)
    step(dnd, &e) { $0.tick() }
    #expect(desk.on)
    // Skipping the last phase ends the session: it goes off.
    step(dnd, &e) { $0.skip() }
    #expect(!desk.on, "the session is over")
  }

  @Test("confirm mode: the wait for confirmation runs without it; confirming turns it on at once")
  func confirmWait() {
    var e = clock.engine(
      Preset(name: "t", round: [phase("a", .work, 10), phase("b", .work, 10)], rounds: 1, advance: .confirm))
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(dnd, &e) { $0.tick() }
    #expect(e.status == .waiting)
    #expect(!desk.on)
    clock.advance(.seconds(30))
    step(dnd, &e) { $0.next() }
    #expect(desk.on, "no alert came with the confirmation")
  }

  @Test("the warning before the end lifts it for the rest of the phase; '+' puts it back")
  func warningLifts() {
    var e = engine(clock, warn: .seconds(3))
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(desk.on)
    clock.advance(.seconds(7))
    let warned = e.tick()
    #expect(warned.contains(.warning(0)))
    dnd.sessionDidUpdate(e, events: warned)
    #expect(!desk.on, "the warning must show")
    clock.advance(.seconds(1))
    step(dnd, &e) { $0.tick() }
    #expect(!desk.on)
    step(dnd, &e) { $0.extend(by: .seconds(60)) }
    #expect(desk.on)
  }

  @Test("per kind: breaks too, when the config says so, and focus then runs with notifications")
  func perKind() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener(kinds: [.rest], grace: .seconds(1))
    step(dnd, &e) { $0.start() }
    #expect(!desk.on)
    clock.advance(.seconds(10))
    step(dnd, &e) { $0.tick() }
    clock.advance(.seconds(1))
    step(dnd, &e) { $0.tick() }
    #expect(desk.on, "the break is quiet")
    #expect(e.currentPhase?.kind == .rest)
    clock.advance(.seconds(4))
    step(dnd, &e) { $0.tick() }
    #expect(e.currentPhase?.kind == .work)
    #expect(!desk.on)
  }

  @Test("a command that fails is one warning, nothing is left switched, and the session goes on without it")
  func onFails() {
    var e = engine(clock)
    let desk = Desk()
    desk.failing = ["dunstctl set-paused true"]
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(!desk.on)
    #expect(desk.log.suffix(2) == ["dunstctl set-paused false", "mark: off"])
    #expect(
      desk.warnings == [
        "pomo: warning: cannot turn do-not-disturb on: 'dunstctl set-paused true' exited with status 1; focus goes on without do-not-disturb"
      ])
    desk.log = []
    step(dnd, &e) { $0.apply(.pause) }
    step(dnd, &e) { $0.apply(.resume) }
    #expect(desk.log.isEmpty)
    #expect(desk.warnings.count == 1)
  }

  @Test("a query that says neither on nor off: a warning, and nothing switched")
  func queryUnclear() {
    var e = engine(clock)
    let desk = Desk()
    desk.queryAnswer = "maybe\n"
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(desk.log == ["dunstctl is-paused"])
    #expect(
      desk.warnings == [
        "pomo: warning: cannot tell whether do-not-disturb is on: 'dunstctl is-paused' printed \"maybe\", neither on nor off; focus goes on without do-not-disturb"
      ])
  }

  @Test("a state file that cannot record the mark: do-not-disturb is not turned on")
  func markFails() {
    var e = engine(clock)
    let desk = Desk()
    desk.markFails = true
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    #expect(!desk.on)
    #expect(desk.log == ["dunstctl is-paused"])
    #expect(desk.warnings.count == 1)
  }

  @Test("turning it off fails: a warning naming what to do, and the mark stays for recovery")
  func offFails() {
    var e = engine(clock)
    let desk = Desk()
    let dnd = desk.listener()
    step(dnd, &e) { $0.start() }
    desk.failing = ["dunstctl set-paused false"]
    step(dnd, &e) { $0.quit() }
    #expect(desk.marks.count == 1, "the mark is not taken off")
    #expect(
      desk.warnings == [
        "pomo: warning: cannot turn do-not-disturb off again (dunst): 'dunstctl set-paused false' exited with status 1; turn it off yourself"
      ])
  }

  // MARK: - Which backend

  /// A desk where each program answers as `answers` says (missing: not installed).
  func choose(
    _ answers: [String: String], settings: DoNotDisturbSettings = .init(), desktop: String? = nil
  ) -> String? {
    var settings = settings
    settings.kinds = [.work]
    let environment = desktop.map { ["XDG_CURRENT_DESKTOP": $0] } ?? [:]
    return DoNotDisturbBackend.choose(
      settings, environment: environment, present: { answers[$0] != nil },
      run: { argv in
        guard let answer = answers[argv[0]] else { return nil }
        return answer == "fail" ? (1, []) : (0, Array(answer.utf8))
      })?.name
  }

  @Test("backends are tried in order: the user's commands, dunst, mako, swaync, GNOME; the first that answers")
  func backendOrder() {
    let all = ["dunstctl": "false\n", "makoctl": "default\n", "swaync-client": "false\n", "gsettings": "true\n"]
    #expect(choose(all, desktop: "GNOME") == "dunst")
    var custom = DoNotDisturbSettings()
    custom.commands = .init(on: ["my-dnd", "on"], off: ["my-dnd", "off"])
    #expect(choose(all, settings: custom) == "custom")
    var some = all
    some["dunstctl"] = "fail"  // installed, but no dunst runs
    #expect(choose(some) == "mako")
    some["makoctl"] = nil
    #expect(choose(some) == "swaync")
    some["swaync-client"] = "Error: no server\n"
    #expect(choose(some, desktop: "ubuntu:GNOME") == "gnome")
    #expect(choose(some, desktop: "XFCE") == nil, "show-banners does nothing outside GNOME")
    #expect(choose([:]) == nil)
  }

  @Test(
    "each backend reads its own query",
    arguments: [
      (DoNotDisturbBackend.dunst, "true\n", true), (.dunst, "false\n", false), (.dunst, "", nil),
      (.mako, "default\ndo-not-disturb\n", true), (.mako, "default\n", false),
      (.swaync, "true\n", true), (.swaync, "false", false),
      (.gnome, "true\n", false), (.gnome, "false\n", true),
      (.custom(.init(on: ["a"], off: ["b"], query: ["c"])), " On \n", true),
      (.custom(.init(on: ["a"], off: ["b"], query: ["c"])), "0\n", false),
      (.custom(.init(on: ["a"], off: ["b"], query: ["c"])), "on off\n", nil),
    ] as [(DoNotDisturbBackend, String, Bool?)])
  func reading(_ backend: DoNotDisturbBackend, _ output: String, _ on: Bool?) {
    #expect(backend.isOn(Array(output.utf8)) == on)
  }

  // MARK: - The config

  @Test("the config: \"dnd\" true is focus only, an object names the kinds, commands are argv or a shell line")
  func config() throws {
    let plain = try Config.parse(Array(#"{"dnd": true}"#.utf8), file: "c.json")
    #expect(plain.doNotDisturb.kinds == [.work])
    #expect(plain.doNotDisturb.commands == nil)
    let off = try Config.parse(Array(#"{"dnd": false}"#.utf8), file: "c.json")
    #expect(!off.doNotDisturb.isOn)
    let kinds = try Config.parse(Array(#"{"dnd": {"work": true, "rest": true}}"#.utf8), file: "c.json")
    #expect(kinds.doNotDisturb.kinds == [.work, .rest])
    let commands = try Config.parse(
      Array(
        #"{"dnd": true, "dnd_commands": {"on": ["my-dnd", "on"], "off": "my-dnd off && echo done", "query": ["my-dnd"]}}"#
          .utf8), file: "c.json")
    #expect(
      commands.doNotDisturb.commands
        == .init(on: ["my-dnd", "on"], off: ["/bin/sh", "-c", "my-dnd off && echo done"], query: ["my-dnd"]))
    let shortcuts = try Config.parse(
      Array(#"{"dnd_shortcuts": {"on": "Focus On", "off": "Focus Off"}}"#.utf8), file: "c.json")
    #expect(shortcuts.doNotDisturb.shortcuts == .init(on: "Focus On", off: "Focus Off"))
  }

  @Test(
    "bad do-not-disturb settings are one error naming the key",
    arguments: [
      (#"{"dnd": "yes"}"#, "dnd: expected true, false or an object"),
      (#"{"dnd": {"focus": true}}"#, "focus"),
      (#"{"dnd": {"work": 1}}"#, "dnd.work: expected true or false"),
      (#"{"dnd_commands": {"on": "x"}}"#, "off"),
      (#"{"dnd_commands": {"on": [], "off": "x"}}"#, "dnd_commands.on: expected a command"),
      (#"{"dnd_commands": {"on": "  ", "off": "x"}}"#, "dnd_commands.on: the command is empty"),
      (#"{"dnd_commands": {"on": [""], "off": "x"}}"#, "dnd_commands.on[0]: the command name is empty"),
      (#"{"dnd_shortcuts": {"on": "", "off": "x"}}"#, "dnd_shortcuts.on: the shortcut's name is empty"),
    ])
  func badConfig(_ text: String, _ says: String) {
    guard let error = Config.refusal(text)?.description else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(error.contains(says), "\(error)")
    #expect(error.hasPrefix("c.json:1:"), "\(error)")
  }

  // MARK: - The state file

  @Test("the state file keeps the mark, and reads it back; a file without one has none")
  func stateFileMark() throws {
    var e = engine(clock)
    _ = e.start()
    let info = SessionInfo(id: "0123456789abcdef", host: "h", planCount: 3)
    var state = try #require(SessionState(engine: e, info: info, pid: 42))
    #expect(state.doNotDisturb == nil)
    state.doNotDisturb = DoNotDisturbBackend.dunst.mark
    let text = state.json(offset: { _ in 0 }).text
    #expect(text.contains(#""dnd":{"backend":"dunst","off":["dunstctl","set-paused","false"]}"#), "\(text)")
    let read = try SessionState(bytes: Array(text.utf8))
    #expect(read.doNotDisturb == DoNotDisturbMark(backend: "dunst", off: ["dunstctl", "set-paused", "false"]))
    var plain = state
    plain.doNotDisturb = nil
    #expect(try SessionState(bytes: Array(plain.json(offset: { _ in 0 }).text.utf8)).doNotDisturb == nil)
  }
}
