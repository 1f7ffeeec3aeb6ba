import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// Do-not-disturb during focus, through the real binary: a real dunst under Xvfb on a private
/// session bus, real gsettings on a keyfile, the user's own commands as small scripts, and
/// stand-ins for mako and swaync (which need a Wayland compositor to run). Every wait is for a
/// condition.
@Suite("End to end: do not disturb while you focus", .endToEnd, .hangLimit)
struct DoNotDisturbEndToEndTests {
  /// 2 s of focus, then a break long enough to look at.
  static let shortFocus =
    #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "30s"}]}"#
  /// Focus, a break, and focus again that lasts until the test ends it.
  static let again =
    #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}, {"name": "deep", "kind": "work", "duration": "10m"}]}"#
  /// Focus that lasts until the test ends it.
  static let longFocus = #"{"round": [{"name": "deep", "kind": "work", "duration": "10m"}]}"#
  /// 3 s of focus that warns 2 s before its end.
  static let warned =
    #"{"round": [{"name": "go", "kind": "work", "duration": "3s", "warn_before": "2s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#

  /// What the tests with a real dunst need installed.
  static let withDunst = ConditionTrait.requires(.xvfb, .dunst, .dunstctl, .dbusDaemon)

  /// A hook that writes the phase's kind and what dunst says, one line each time.
  static let seen = ["sh", "-c", #"echo "$POMO_EVENT $POMO_KIND $(dunstctl is-paused)" >> "$HOME/seen""#]

  struct Desk {
    let dunst: DunstDesk
    let home: PomoHome

    init(config: String = #"{"bell": false, "dnd": true}"#) async throws {
      dunst = try await DunstDesk()
      home = try PomoHome(
        presets: [
          "short": DoNotDisturbEndToEndTests.shortFocus, "long": DoNotDisturbEndToEndTests.longFocus,
          "warned": DoNotDisturbEndToEndTests.warned, "again": DoNotDisturbEndToEndTests.again,
        ],
        environment: dunst.environment)
      try home.folder.write(".config/pomo/config.json", config)
    }

    /// A desk whose hooks at `events` write what they see (`seen`) to `HOME/seen`.
    init(seeing events: [String]) async throws {
      try await self.init(config: DoNotDisturbEndToEndTests.config(hooks: events.map { ($0, DoNotDisturbEndToEndTests.seen) }))
    }

    var seen: [String] { home.lines("seen") }
    var stateFile: String { home.folder.file(".local/state/pomo/current.json") }
    var state: String { (try? String(contentsOfFile: stateFile, encoding: .utf8)) ?? "" }

    /// Starts `preset` in the background.
    func start(_ preset: String) throws -> Process {
      try home.launch(["start", home.preset(preset)], name: "session")
    }

    /// Starts the long focus on a terminal, and waits until dunst is paused.
    func focusOnATerminal() async throws -> PseudoTerminal {
      let pty = try home.terminal(["start", home.preset("long")])
      #expect(await waitUntil { await dunst.isPaused() == "true" }, "paused during focus")
      return pty
    }

    /// `pomo stop`, and waits for the session to end.
    func stop(_ session: Process) async throws {
      #expect(try await home.run("stop").status == 0)
      await session.waitForExit()
    }

    /// Kills the sessions still running, then stops dunst.
    func cleanUp() {
      home.cleanUp()
      dunst.stop()
    }
  }

  static func config(hooks: [(String, [String])] = [], extra: String = "") -> String {
    let hookText = hooks.map { key, argv in
      "\"\(key)\": ["
        + argv.map {
          "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ", ") + "]"
    }.joined(separator: ", ")
    return #"{"bell": false, "dnd": true, "hooks": {"# + hookText + "}" + extra + "}"
  }

  @Test(
    "dunst is paused during focus and not in the break; pomo's alert at the end of focus is shown, not held",
    DoNotDisturbEndToEndTests.withDunst)
  func pausedDuringFocus() async throws {
    let desk = try await Desk(seeing: ["phase_start"])
    defer { desk.cleanUp() }
    #expect(await desk.dunst.isPaused() == "false")
    let session = try desk.start("short")
    #expect(await waitUntil { desk.seen.contains("phase_start rest false") }, "\(desk.seen)")
    #expect(desk.seen.first == "phase_start work true", "dunst is paused when focus starts: \(desk.seen)")
    #expect(await desk.dunst.isPaused() == "false", "the break runs with notifications")
    // The end of focus's notification: shown by dunst, not waiting for the pause to end.
    var displayed: String?
    let shown = await waitUntil {
      displayed = await desk.dunst.dunstctl("count", "displayed")
      return (displayed ?? "0") != "0"
    }
    #expect(shown, "displayed \(displayed ?? "?")")
    #expect(await desk.dunst.dunstctl("count", "waiting") == "0")
    #expect(!desk.state.contains(#""dnd""#), "the state file no longer marks it: \(desk.state)")
    try await desk.stop(session)
    #expect(await desk.dunst.isPaused() == "false")
    let err = desk.home.folder.read("session.err") ?? ""
    #expect(!err.contains("warning"), "\(err)")
  }

  @Test(
    "focus after a break: the break's alert shows first, then dunst is paused a few seconds in",
    DoNotDisturbEndToEndTests.withDunst)
  func breakAlertShows() async throws {
    let desk = try await Desk(seeing: ["phase_start"])
    defer { desk.cleanUp() }
    let session = try desk.start("again")
    #expect(await waitUntil { desk.seen.count == 3 }, "\(desk.seen)")
    #expect(
      desk.seen == ["phase_start work true", "phase_start rest false", "phase_start work false"],
      "focus that starts with the break's alert waits before pausing dunst: \(desk.seen)")
    #expect(await waitUntil { await desk.dunst.isPaused() == "true" }, "paused once the alert has shown")
    try await desk.stop(session)
    #expect(await desk.dunst.isPaused() == "false")
  }

  @Test(
    "a short focus after a break: dunst is paused a moment in (a tenth of the phase), and back after",
    DoNotDisturbEndToEndTests.withDunst)
  func shortFocusAfterBreak() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    try desk.home.folder.write(
      "drill.json",
      #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}, {"name": "again", "kind": "work", "duration": "4s"}]}"#
    )
    let session = try desk.start("drill")
    #expect(
      await waitUntil {
        guard desk.state.contains(#""phase_index":2"#) else { return false }
        return await desk.dunst.isPaused() == "true"
      },
      "paused during the second focus")
    await session.waitForExit()
    #expect(session.terminationStatus == 0)
    #expect(await desk.dunst.isPaused() == "false")
  }

  @Test("'pomo stop', SIGTERM and Ctrl-C mid-focus each put dunst back", DoNotDisturbEndToEndTests.withDunst)
  func stopRestores() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    for way in ["stop", "SIGTERM", "SIGINT"] {
      let session = try desk.start("long")
      #expect(await waitUntil { await desk.dunst.isPaused() == "true" }, "\(way): paused during focus")
      #expect(
        desk.state.contains(#""dnd":{"backend":"dunst","off":["dunstctl","set-paused","false"]}"#), "\(desk.state)")
      switch way {
      case "stop": #expect(try await desk.home.run("stop").status == 0)
      case "SIGTERM": kill(session.processIdentifier, SIGTERM)
      default: kill(session.processIdentifier, SIGINT)
      }
      await session.waitForExit()
      #expect(await desk.dunst.isPaused() == "false", "\(way) restores it")
      #expect(!FileManager.default.fileExists(atPath: desk.stateFile))
    }
  }

  @Test(
    "on a terminal: space pauses (dunst back), space resumes (paused again), q quits (back)",
    DoNotDisturbEndToEndTests.withDunst)
  func keys() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let pty = try await desk.focusOnATerminal()
    pty.send(" ")
    #expect(await waitUntil { await desk.dunst.isPaused() == "false" }, "a pause lets notifications through")
    pty.send(" ")
    #expect(await waitUntil { await desk.dunst.isPaused() == "true" }, "resumed, quiet again")
    pty.send("q")
    #expect(await pty.waitForExit() != nil)
    #expect(await desk.dunst.isPaused() == "false")
  }

  @Test(
    "Ctrl-Z leaves do-not-disturb on no longer: dunst is back while pomo is stopped, and paused again after fg",
    DoNotDisturbEndToEndTests.withDunst)
  func ctrlZTurnsItOff() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let pty = try await desk.focusOnATerminal()
    pty.send("\u{1A}")
    #expect(await pty.waitForStop())
    #expect(await desk.dunst.isPaused() == "false", "put back before pomo stopped")
    #expect(!desk.state.contains(#""dnd""#), "nothing left for a recovery to undo: \(desk.state)")
    kill(pty.pid, SIGCONT)
    #expect(await waitUntil { await desk.dunst.isPaused() == "true" }, "focus still runs after fg: quiet again")
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(await desk.dunst.isPaused() == "false")
  }

  @Test(
    "kill -9 mid-focus leaves dunst paused; the next 'pomo status' turns it back and says so in one line",
    DoNotDisturbEndToEndTests.withDunst)
  func killNineRecovers() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let session = try desk.start("long")
    #expect(await waitUntil { await desk.dunst.isPaused() == "true" && desk.state.contains(#""dnd""#) })
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    #expect(await desk.dunst.isPaused() == "true", "nothing could put it back yet")
    let status = try await desk.home.run("status")
    #expect(status.status == 0, "\(status.err)")
    let lines = status.err.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "pomo: turned do-not-disturb off again (dunst), as the session that turned it on had ended unexpectedly",
      "\(status.err)")
    #expect(lines.count == 2, "one line for the do-not-disturb, one for the session: \(status.err)")
    #expect(await desk.dunst.isPaused() == "false")
    // Done once: the next command has nothing to say.
    #expect(try await desk.home.run("status").err.isEmpty)
  }

  @Test(
    "dunst paused already: it stays paused through focus, the break and the end",
    DoNotDisturbEndToEndTests.withDunst)
  func alreadyPaused() async throws {
    let desk = try await Desk(seeing: ["phase_start"])
    defer { desk.cleanUp() }
    _ = await desk.dunst.dunstctl("set-paused", "true")
    #expect(await desk.dunst.isPaused() == "true")
    let session = try desk.start("short")
    #expect(await waitUntil { desk.seen.count == 2 }, "\(desk.seen)")
    #expect(desk.seen == ["phase_start work true", "phase_start rest true"])
    #expect(!desk.state.contains(#""dnd""#), "pomo switched nothing: \(desk.state)")
    try await desk.stop(session)
    #expect(await desk.dunst.isPaused() == "true")
  }

  @Test("the warning before the end lifts the pause, so the warning shows", DoNotDisturbEndToEndTests.withDunst)
  func warningShows() async throws {
    let desk = try await Desk(seeing: ["phase_start", "phase_warning"])
    defer { desk.cleanUp() }
    let run = try await desk.home.run(["start", desk.home.preset("warned")], timeout: 120)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      desk.seen == ["phase_start work true", "phase_warning work false", "phase_start rest false"], "\(desk.seen)")
    #expect(await desk.dunst.isPaused() == "false")
    #expect(await desk.dunst.dunstctl("count", "waiting") == "0", "no notification of pomo's is held")
  }

  // MARK: - Without dunst

  /// A script that keeps do-not-disturb in a file and logs every call, as a user's own might.
  static let script = """
    #!/bin/sh
    here=$(dirname "$0")
    echo "$*" >> "$here/calls"
    case "$1" in
      on) echo on > "$here/dnd" ;;
      off) echo off > "$here/dnd" ;;
      query) cat "$here/dnd" 2>/dev/null || echo off ;;
      *) exit 2 ;;
    esac
    """

  /// A HOME whose config turns do-not-disturb on and off with `script` as `HOME/bin/my-dnd`.
  func customHome(extraConfig: String = "") throws -> PomoHome {
    var home = try PomoHome(presets: ["short": Self.shortFocus, "long": Self.longFocus, "tiny": PomoHome.tinyPreset])
    let dnd = try home.standIn("my-dnd", Self.script)
    try home.folder.write(
      ".config/pomo/config.json",
      #"{"bell": false, "dnd": true, "dnd_commands": {"on": [""# + dnd + #"", "on"], "off": ""# + dnd
        + #" off", "query": [""# + dnd + #"", "query"]}"# + extraConfig + "}")
    return home
  }

  @Test("custom commands: asked, turned on for focus and off after it, the off command through /bin/sh")
  func customCommands() async throws {
    let home = try customHome()
    defer { home.cleanUp() }
    let run = try await home.run(["start", home.preset("tiny")], timeout: 60)
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.err.contains("warning"), "\(run.err)")
    #expect(home.folder.read("bin/calls") == "query\non\noff\n")
    #expect(home.folder.read("bin/dnd") == "off\n")
  }

  @Test("the end of focus: do-not-disturb is off before pomo's notification goes out")
  func offBeforeTheAlert() async throws {
    var home = try PomoHome(presets: ["tiny": PomoHome.tinyPreset])
    defer { home.cleanUp() }
    let dnd = try home.standIn("my-dnd", Self.script)
    // The notifier notes whether do-not-disturb was on when it ran. The off command takes
    // half a second before it switches, so a notification sent before it (the wrong order)
    // would find it still on; in the right order, pomo sends nothing until off has finished.
    try home.standIn(
      "notify-send",
      """
      #!/bin/sh
      here=$(dirname "$0")
      echo "notify $2 with dnd $(cat "$here/dnd" 2>/dev/null || echo off)" >> "$here/calls"
      """)
    try home.folder.write(
      ".config/pomo/config.json",
      #"{"bell": false, "dnd": true, "dnd_commands": {"on": [""# + dnd + #"", "on"], "off": "sleep 0.5; "# + dnd
        + #" off", "query": [""# + dnd + #"", "query"]}}"#)
    let run = try await home.run(["start", home.preset("tiny")], timeout: 60)
    #expect(run.status == 0, "\(run.err)")
    var calls: [String] = []
    #expect(
      await waitUntil {
        calls = home.lines("bin/calls")
        return calls.filter { $0.hasPrefix("notify") }.count == 2
      }, "\(calls)")
    #expect(calls.prefix(3) == ["query", "on", "off"], "\(calls)")
    #expect(calls.contains("notify pomo: go done with dnd off"), "\(calls)")
    #expect(!calls.contains { $0.hasPrefix("notify") && $0.hasSuffix("with dnd on") }, "\(calls)")
  }

  @Test("custom commands: kill -9 mid-focus, and the next pomo runs the off command the state file kept")
  func customRecovery() async throws {
    let home = try customHome()
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("long")], name: "session")
    #expect(await waitUntil { home.folder.read("bin/dnd") == "on\n" })
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    // The config changed since: recovery runs what the session recorded, not the config.
    try home.folder.write(".config/pomo/config.json", #"{"bell": false}"#)
    let log = try await home.run("log")
    #expect(log.err.hasPrefix("pomo: turned do-not-disturb off again (custom)"), "\(log.err)")
    #expect(home.folder.read("bin/dnd") == "off\n")
    #expect(home.folder.read("bin/calls") == "query\non\noff\n")
  }

  @Test(
    "a killed 'on' command: pomo killed while its 'on' command runs takes the command with it, so do-not-disturb stays off after recovery"
  )
  func killedOnCommand() async throws {
    var home = try PomoHome(presets: ["long": Self.longFocus])
    defer { home.cleanUp() }
    let dnd = try home.standIn("my-dnd", Self.script)
    // An 'on' that takes its time, as one over a slow bus might, then switches.
    let slowOn = try home.standIn(
      "slow-on", "#!/bin/sh\nhere=$(dirname \"$0\")\necho started >> \"$here/calls\"\nsleep 4\n\"$here/my-dnd\" on\n")
    try home.folder.write(
      ".config/pomo/config.json",
      #"{"bell": false, "dnd": true, "dnd_commands": {"on": [""# + slowOn + #""], "off": [""# + dnd
        + #"", "off"], "query": [""# + dnd + #"", "query"]}}"#)
    let session = try home.launch(["start", home.preset("long")], name: "session")
    #expect(await waitUntil { home.folder.read("bin/calls") == "query\nstarted\n" }, "\(home.folder.read("bin/calls") ?? "")")
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    let status = try await home.run("status")
    #expect(status.err.hasPrefix("pomo: turned do-not-disturb off again (custom)"), "\(status.err)")
    #expect(home.folder.read("bin/dnd") == "off\n")
    // Until the 'on' script is gone, whichever way it ends: killed with pomo, or done.
    #expect(await waitUntil { !Self.running(slowOn) }, "the 'on' command still runs")
    #expect(home.folder.read("bin/calls") == "query\nstarted\noff\n", "the orphan never switched")
    #expect(home.folder.read("bin/dnd") == "off\n")
  }

  /// Whether a process runs whose command line holds `path` (a script's, as `sh` runs it).
  static func running(_ path: String) -> Bool {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.contains { entry in
      guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
        return false
      }
      return String(decoding: data, as: UTF8.self).contains(path)
    }
  }

  @Test("a custom command that fails: one warning, nothing left switched, and the session runs on")
  func customFails() async throws {
    let home = try PomoHome(presets: ["tiny": PomoHome.tinyPreset])
    defer { home.cleanUp() }
    let calls = home.folder.file("calls")
    try home.folder.write(
      ".config/pomo/config.json",
      #"{"bell": false, "dnd": true, "dnd_commands": {"on": "echo on >> "# + calls + #"; exit 3", "off": "echo off >> "#
        + calls + #""}}"#)
    let run = try await home.run(["start", home.preset("tiny")], timeout: 60)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.err
        == "pomo: warning: cannot turn do-not-disturb on: '/bin/sh -c echo on >> \(calls); exit 3' exited with status 3; focus goes on without do-not-disturb\n"
    )
    #expect(home.folder.read("calls") == "on\noff\n", "the failed 'on' is undone")
    let records = try journalRecords(home.folder.file(journalFile(home.path)))
    #expect(records.last?.status == .completed)
  }

  @Test("no backend answers: one warning, and the session runs as ever")
  func noBackend() async throws {
    let home = try PomoHome(presets: ["tiny": PomoHome.tinyPreset], environment: ["PATH": "/nonexistent"])
    defer { home.cleanUp() }
    try home.folder.write(".config/pomo/config.json", #"{"bell": false, "dnd": true}"#)
    let run = try await home.run(["start", home.preset("tiny")], timeout: 60)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.err
        == "pomo: warning: \"dnd\" is on, but no do-not-disturb answered (dunst, mako, swaync); focus runs without it (see \"dnd_commands\" in the configuration)\n"
    )
  }

  /// Stand-ins for `makoctl` and `swaync-client` (neither runs without a Wayland compositor):
  /// each keeps its mode in a file and logs its calls, answering as the real one does.
  static let makoctl = """
    #!/bin/sh
    here=$(dirname "$0")
    echo "makoctl $*" >> "$here/calls"
    [ -f "$here/modes" ] || echo default > "$here/modes"
    case "$*" in
      mode) cat "$here/modes" ;;
      "mode -a do-not-disturb") echo do-not-disturb >> "$here/modes"; cat "$here/modes" ;;
      "mode -r do-not-disturb") grep -v '^do-not-disturb$' "$here/modes" > "$here/m"; mv "$here/m" "$here/modes"; cat "$here/modes" ;;
      *) exit 1 ;;
    esac
    """
  static let swaync = """
    #!/bin/sh
    here=$(dirname "$0")
    echo "swaync-client $*" >> "$here/calls"
    [ -f "$here/dnd" ] || echo false > "$here/dnd"
    case "$*" in
      --get-dnd) cat "$here/dnd" ;;
      --dnd-on) echo true > "$here/dnd"; cat "$here/dnd" ;;
      --dnd-off) echo false > "$here/dnd"; cat "$here/dnd" ;;
      *) exit 1 ;;
    esac
    """

  @Test(
    "mako, then swaync, when dunst does not answer: each asked, switched on for focus and back",
    arguments: ["mako", "swaync"])
  func makoAndSwaync(_ which: String) async throws {
    var home = try PomoHome(presets: ["tiny": PomoHome.tinyPreset], config: #"{"bell": false, "dnd": true}"#)
    defer { home.cleanUp() }
    if which == "mako" { try home.standIn("makoctl", Self.makoctl) }
    try home.standIn("swaync-client", Self.swaync)
    // A dunstctl that finds no dunst, as on a desktop where dunst is installed but not running.
    try home.standIn("dunstctl", "#!/bin/sh\necho \"dunstctl $*\" >> \"$(dirname \"$0\")/calls\"\nexit 1\n")
    let run = try await home.run(["start", home.preset("tiny")], timeout: 60)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.isEmpty, "\(run.err)")
    let calls = home.lines("bin/calls")
    if which == "mako" {
      #expect(
        calls == [
          "dunstctl is-paused", "makoctl mode", "makoctl mode", "makoctl mode -a do-not-disturb",
          "makoctl mode -r do-not-disturb",
        ])
      #expect(home.folder.read("bin/modes") == "default\n")
    } else {
      #expect(
        calls == [
          "dunstctl is-paused", "swaync-client --get-dnd", "swaync-client --get-dnd", "swaync-client --dnd-on",
          "swaync-client --dnd-off",
        ])
      #expect(home.folder.read("bin/dnd") == "false\n")
    }
  }

  @Test(
    "GNOME: show-banners is off during focus and on again after it (real gsettings, on a keyfile)",
    .requires(.gnomeSettings))
  func gnome() async throws {
    let home = try PomoHome(
      presets: ["short": Self.shortFocus],
      environment: ["XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile"])
    defer { home.cleanUp() }
    let seen = [
      "sh", "-c", #"echo "$POMO_KIND $(gsettings get org.gnome.desktop.notifications show-banners)" >> "$HOME/seen""#,
    ]
    try home.folder.write(".config/pomo/config.json", Self.config(hooks: [("phase_start", seen)]))
    let keyfile = home.folder.file(".config/glib-2.0/settings/keyfile")
    let session = try home.launch(["start", home.preset("short")], name: "session")
    #expect(await waitUntil { (home.folder.read("seen") ?? "").contains("rest") }, "\(home.folder.read("seen") ?? "")")
    #expect(home.folder.read("seen") == "work false\nrest true\n")
    #expect(try await home.run("stop").status == 0)
    await session.waitForExit()
    #expect((try? String(contentsOfFile: keyfile, encoding: .utf8))?.contains("show-banners=true") == true)
  }
}
