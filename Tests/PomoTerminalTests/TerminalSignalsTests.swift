import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// The sequences pinned byte for byte, so a change to any of them is seen in review.
@Suite("Terminal signals")
struct TerminalSignalsTests {
  static let esc = "\u{1B}"
  static let st = "\u{1B}\\"

  @Test(
    "each sequence, byte for byte",
    arguments: [
      (TerminalSequence.title("WORK 12:34 focus"), "\(esc)]2;WORK 12:34 focus\(st)"),
      (TerminalSequence.pushTitle, "\(esc)[22;0t"),
      (TerminalSequence.popTitle, "\(esc)[23;0t"),
      (
        TerminalSequence.notify(.osc777, title: "pomo: focus done", body: "Next: break (5:00)"),
        "\(esc)]777;notify;pomo: focus done;Next: break (5:00)\(st)"
      ),
      (
        TerminalSequence.notify(.osc9, title: "pomo: focus done", body: "Next: break (5:00)"),
        "\(esc)]9;pomo: focus done: Next: break (5:00)\(st)"
      ),
      (
        TerminalSequence.notify(.kitty, title: "pomo: focus done", body: "Next: a;b"),
        "\(esc)]99;i=pomo:d=0:p=title;pomo: focus done\(st)\(esc)]99;i=pomo:d=1:p=body;Next: a;b\(st)"
      ),
      (TerminalSequence.progress(.normal(42)), "\(esc)]9;4;1;42\(st)"),
      (TerminalSequence.progress(.paused(7)), "\(esc)]9;4;4;7\(st)"),
      (TerminalSequence.progress(.normal(140)), "\(esc)]9;4;1;100\(st)"),
      (TerminalSequence.progress(.clear), "\(esc)]9;4;0;0\(st)"),
      (
        TerminalSequence.tmuxPassthrough(TerminalSequence.progress(.normal(5))),
        "\(esc)Ptmux;\(esc)\(esc)]9;4;1;5\(esc)\(esc)\\\(st)"
      ),
      (
        TerminalSequence.tmuxPassthrough(TerminalSequence.notify(.osc777, title: "t", body: "b")),
        "\(esc)Ptmux;\(esc)\(esc)]777;notify;t;b\(esc)\(esc)\\\(st)"
      ),
    ])
  func sequences(actual: String, expected: String) {
    #expect(actual == expected)
  }

  @Test(
    "text from a preset cannot end or start a sequence: no control character survives",
    arguments: [
      "evil\u{07}name", "evil\u{1B}\\name", "a\u{1B}]2;pwned\u{07}", "c1\u{9C}st", "c1\u{9D}osc", "nl\nline",
      "del\u{7F}",
    ])
  func inert(name: String) {
    let all = [
      TerminalSequence.title(name), TerminalSequence.notify(.osc777, title: name, body: name),
      TerminalSequence.notify(.osc9, title: name, body: name), TerminalSequence.notify(.kitty, title: name, body: name),
    ]
    for sequence in all {
      // Controls only where pomo put them: the opening ESC ] and each closing ESC \.
      let controls = sequence.unicodeScalars.filter { TextLayout.isControl($0) }
      let escapes = sequence.unicodeScalars.filter { $0 == "\u{1B}" }
      #expect(controls.count == escapes.count)
      #expect(!sequence.contains("\u{07}"))
      #expect(!sequence.unicodeScalars.contains("\u{9C}"))
      for piece in sequence.split(separator: "\u{1B}", omittingEmptySubsequences: true) {
        #expect(piece.hasPrefix("]") || piece == "\\")
      }
    }
  }

  @Test("OSC 777's title keeps no ';' (it would end the title); OSC 9 never starts with a digit and ';'")
  func separators() {
    #expect(
      TerminalSequence.notify(.osc777, title: "a;b", body: "c;d") == "\(Self.esc)]777;notify;a,b;c;d\(Self.st)")
    #expect(TerminalSequence.notify(.osc9, title: "4;1;50", body: "") == "\(Self.esc)]9;pomo: 4;1;50\(Self.st)")
  }

  // MARK: - Settings

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var environment: [String: String]
    var notify: TerminalNotifyChoice = .auto
    var progress: TerminalProgressChoice = .auto
    var notifications = true
    var hasNotifier = true
    var live = true
    var expected: TerminalSignalSettings
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a plain xterm: title only", environment: ["TERM": "xterm-256color"],
      expected: .init(title: true, progress: false, notify: nil, tmux: false)),
    Case(
      name: "TERM=dumb: nothing", environment: ["TERM": "dumb", "WT_SESSION": "1"], notify: .osc9, progress: .always,
      expected: .none),
    Case(
      name: "not a terminal: nothing", environment: ["TERM": "xterm-kitty"], notify: .kitty, live: false,
      expected: .none),
    Case(
      name: "kitty over SSH", environment: ["TERM": "xterm-kitty", "SSH_CONNECTION": "1 2 3 4"],
      expected: .init(title: true, progress: false, notify: .kitty, tmux: false)),
    Case(
      name: "kitty at home with notify-send: the desktop notifier alone",
      environment: ["TERM": "xterm-kitty"], expected: .init(title: true, progress: false, notify: nil, tmux: false)),
    Case(
      name: "iTerm2 (through tmux, over SSH), wrapped",
      environment: ["TERM": "tmux-256color", "LC_TERMINAL": "iTerm2", "TMUX": "/tmp/t,1,0", "SSH_TTY": "/dev/pts/1"],
      expected: .init(title: true, progress: false, notify: .osc9, tmux: true)),
    Case(
      name: "Ghostty without a notifier: OSC 777 and progress",
      environment: ["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], hasNotifier: false,
      expected: .init(title: true, progress: true, notify: .osc777, tmux: false)),
    Case(
      name: "Windows Terminal: progress", environment: ["TERM": "xterm-256color", "WT_SESSION": "abc"],
      expected: .init(title: true, progress: true, notify: nil, tmux: false)),
    Case(
      name: "chosen kinds win over detection", environment: ["TERM": "xterm"], notify: .osc777, progress: .always,
      expected: .init(title: true, progress: true, notify: .osc777, tmux: false)),
    Case(
      name: "--no-notify turns terminal notifications off too", environment: ["TERM": "xterm"], notify: .kitty,
      notifications: false, expected: .init(title: true, progress: false, notify: nil, tmux: false)),
    Case(
      name: "off and never", environment: ["TERM": "xterm-ghostty", "SSH_TTY": "x"], notify: .off, progress: .never,
      expected: .init(title: true, progress: false, notify: nil, tmux: false)),
  ]

  @Test("what a session sends, by terminal and config", arguments: cases)
  func resolve(c: Case) {
    let settings = TerminalSignalSettings.resolve(
      title: true, notify: c.notify, progress: c.progress, notifications: c.notifications, hasNotifier: c.hasNotifier,
      liveTerminal: c.live, environment: c.environment)
    #expect(settings == c.expected)
  }

  @Test("config keys for the terminal: defaults, values, and errors naming the key")
  func config() throws {
    let defaults = try Config.parse(Array("{}".utf8), file: "c.json")
    #expect(defaults.terminalTitle && defaults.terminalNotify == .auto && defaults.terminalProgress == .auto)
    let set = try Config.parse(
      Array(#"{"terminal_title": false, "terminal_notify": "kitty", "terminal_progress": "always"}"#.utf8),
      file: "c.json")
    #expect(!set.terminalTitle && set.terminalNotify == .kitty && set.terminalProgress == .always)
    #expect {
      try Config.parse(Array(#"{"terminal_notify": "osc99"}"#.utf8), file: "c.json")
    } throws: { error in
      (error as? DataFileError)?.description
        == #"c.json:1:21: terminal_notify: expected one of "auto", "osc777", "osc9", "kitty", "off", got "osc99""#
    }
  }

  // MARK: - The listener

  @Test("the title is pushed, set only when its text changes, and put back at the end")
  func listener() {
    let clock = FakeClock()
    var e = clock.engine(Preset(name: "t", round: [phase("focus", .work, 90)]))
    let out = TextBuffer()
    let signals = TerminalSignals(
      output: out, settings: .init(title: true, progress: true, notify: nil, tmux: false), unicode: true)
    step(signals, &e) { $0.start() }
    #expect(out.text == "\(Self.esc)[22;0t\(Self.esc)]2;WORK 1:30 focus\(Self.st)\(Self.esc)]9;4;1;0\(Self.st)")
    let before = out.text
    clock.advance(.milliseconds(300))
    step(signals, &e) { $0.tick() }
    #expect(out.text == before)  // Nothing shown changed: nothing written.
    clock.advance(.milliseconds(700))
    step(signals, &e) { $0.tick() }
    #expect(out.text == before + "\(Self.esc)]2;WORK 1:29 focus\(Self.st)\(Self.esc)]9;4;1;1\(Self.st)")
    step(signals, &e) { $0.apply(.pause) }
    #expect(out.text.hasSuffix("\(Self.esc)]2;PAUSED 1:29 focus\(Self.st)\(Self.esc)]9;4;4;1\(Self.st)"))
    step(signals, &e) { $0.apply(.stop) }
    #expect(out.text.hasSuffix("\(Self.esc)]2;\(Self.st)\(Self.esc)[23;0t\(Self.esc)]9;4;0;0\(Self.st)"))
  }

  // MARK: - Hooks and notifications through Alerts

  final class Launches {
    var events: [String] = []
    var remaining: [String] = []
  }

  @Test("hooks fire on pause, resume, extend, skip and stop, with the phase and its time left")
  func hooks() {
    let clock = FakeClock()
    var e = clock.engine(.goRest(skipLastRest: false))
    let launches = Launches()
    let hooks = Dictionary(uniqueKeysWithValues: HookEvent.allCases.map { ($0, ["/bin/true"]) })
    let alerts = Alerts(
      settings: .init(bell: false, notifier: nil, hooks: hooks, environment: [:]), output: TextBuffer()
    ) { _, env, _ in
      launches.events.append(env["POMO_EVENT"]!)
      launches.remaining.append(env["POMO_PHASE"]! + " " + env["POMO_REMAINING"]!)
    }
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(2))
    step(alerts, &e) { $0.apply(.toggle) }
    step(alerts, &e) { $0.apply(.toggle) }
    step(alerts, &e) { $0.apply(.extend(.seconds(60))) }
    step(alerts, &e) { $0.apply(.skip) }
    clock.advance(.seconds(1))
    step(alerts, &e) { $0.apply(.stop) }
    #expect(
      launches.events == [
        "phase_start", "pause", "resume", "extend", "skip", "phase_end", "phase_start", "phase_end", "stop",
        "session_end",
      ])
    #expect(launches.remaining[1...4] == ["go 8", "go 8", "go 68", "go 68"])
    #expect(launches.remaining[8] == "rest 4")
  }

  @Test("a waiting phase alerts once when its time is up; going on runs only phase_start")
  func waitingAlerts() {
    let clock = FakeClock()
    var e = clock.engine(.goRest(skipLastRest: false, advance: .confirm))
    let launches = Launches()
    let out = TextBuffer()
    let alerts = Alerts(
      settings: .init(
        bell: true, notifier: nil, hooks: [.phaseEnd: ["/bin/true"], .phaseStart: ["/bin/true"]], environment: [:],
        terminal: .init(title: false, progress: false, notify: .osc777, tmux: false)),
      output: out
    ) { _, env, _ in launches.events.append(env["POMO_EVENT"]!) }
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(12))
    step(alerts, &e) { $0.tick() }
    #expect(
      out.text == "\u{07}\(Self.esc)]777;notify;pomo: go done;Next: rest (0:05) after space or 'pomo next'\(Self.st)")
    #expect(launches.events == ["phase_start", "phase_end"])
    clock.advance(.seconds(30))
    step(alerts, &e) { $0.tick() }
    step(alerts, &e) { $0.apply(.next) }
    #expect(launches.events == ["phase_start", "phase_end", "phase_start"])
    #expect(out.text.filter { $0 == "\u{07}" }.count == 1)
  }
}
