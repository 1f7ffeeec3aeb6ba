import PomoCore
import PomoPlatform

/// Tells the user when time is up, even when they are not looking: the terminal bell, a
/// desktop notification, and the user's hooks.
package final class Alerts: SessionListener {
  package struct Settings {
    package var bell: Bool
    /// The notifier's path (notify-send, osascript), or nil for none.
    package var notifier: String?
    package var hooks: [HookEvent: [String]]
    package var environment: [String: String]
    /// Notifications through the terminal too, when it takes them (see `TerminalSignalSettings`).
    package var terminal: TerminalSignalSettings
    /// Whether the 3-2-1 cue rings the bell (not when a voice counts instead).
    package var cueBell: Bool
    /// The session's id in the journal, for the hooks.
    package var sessionID: String?
    /// The task the session works on, for the hooks: a pomo task's id, or `tw:ID`.
    package var task: String?

    package init(
      bell: Bool, notifier: String?, hooks: [HookEvent: [String]], environment: [String: String],
      terminal: TerminalSignalSettings = .none, cueBell: Bool = true, sessionID: String? = nil, task: String? = nil
    ) {
      self.sessionID = sessionID
      self.task = task
      self.cueBell = cueBell
      self.bell = bell
      self.notifier = notifier
      self.hooks = hooks
      self.environment = environment
      self.terminal = terminal
    }
  }

  package let settings: Settings
  package let output: any TextOutput
  /// Starts a program with an environment and, for a hook, what it reads on stdin.
  package let launch: ([String], [String: String], [UInt8]?) -> Void
  /// Shows the desktop notifications in place of `settings.notifier` while it can (pomo's own
  /// D-Bus notifications, with buttons); the notifier program takes over when it cannot.
  package let desktop: (any DesktopNotifier)?

  package init(
    settings: Settings, output: any TextOutput, desktop: (any DesktopNotifier)? = nil,
    launch: @escaping ([String], [String: String], [UInt8]?) -> Void
  ) {
    self.desktop = desktop
    self.settings = settings
    self.output = output
    self.launch = launch
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var timeUp = false
    var cue = false
    var reminded = false
    for event in events {
      switch event {
      case .phaseStarted(let i):
        hook(.phaseStart, engine, phase: engine.plan.phases[i], remaining: engine.plan.phases[i].duration)
      case .waiting(let i):
        // The time is up now; confirming later only starts the next phase.
        timeUp = true
        hook(.phaseEnd, engine, phase: engine.plan.phases[i], remaining: .zero)
      case .phaseEnded(let i, let completed):
        guard let record = engine.record(ofPhase: i) else { break }
        // A phase that waited had its alert and its hook when its time was up.
        if record.overtime != nil && completed { break }
        if completed { timeUp = true }
        hook(.phaseEnd, engine, phase: record.phase, remaining: Self.left(record))
      case .paused:
        currentHook(.pause, engine)
      case .resumed:
        currentHook(.resume, engine)
      case .extended:
        currentHook(.extend, engine)
      case .skipped(let i):
        guard let record = engine.record(ofPhase: i) else { break }
        hook(.skip, engine, phase: record.phase, remaining: Self.left(record))
      case .sessionEnded(let completed):
        guard let record = engine.records.last else { break }
        if !completed { hook(.stop, engine, phase: record.phase, remaining: Self.left(record)) }
        hook(.sessionEnd, engine, phase: record.phase, remaining: .zero)
      case .cue:
        cue = true
      case .reminded:
        reminded = true
      case .warning(let i):
        let phase = engine.plan.phases[i]
        let left = engine.snapshot?.remaining ?? phase.warnBefore ?? .zero
        hook(.phaseWarning, engine, phase: phase, remaining: left)
        warn(phase, left: left, engine)
      default:
        break
      }
    }
    // Boundaries that passed together (say, during a suspend) make one alert, not a burst.
    if timeUp {
      if settings.bell { output.write("\u{07}") }
      notify(engine)
    } else if cue && settings.bell && settings.cueBell {
      output.write("\u{07}")
    }
    if reminded && !timeUp, let (title, body) = Self.reminder(engine) {
      if settings.bell { output.write("\u{07}") }
      send(title: title, body: body, engine, warning: false)
    }
  }

  /// The notification's title and body when a phase that waits nudges again: how long it has
  /// waited, and what starts next.
  package static func reminder(_ engine: SessionEngine) -> (title: String, body: String)? {
    guard engine.status == .waiting, let done = engine.currentPhase, engine.index + 1 < engine.plan.phases.count,
      let over = engine.overtime
    else { return nil }
    let next = engine.plan.phases[engine.index + 1]
    return (
      "pomo: \(TextLayout.inert(next.name)) is waiting",
      "\(TextLayout.inert(done.name)) ended \(TimeText.short(over)) ago. "
        + "Next: \(TextLayout.inert(next.name)) (\(TimeText.clock(next.duration))) after space or 'pomo next'"
    )
  }

  /// The notification's title and body for the moment a phase's time is up.
  package static func message(_ engine: SessionEngine) -> (title: String, body: String)? {
    if engine.status == .waiting, let done = engine.currentPhase, engine.index + 1 < engine.plan.phases.count {
      let next = engine.plan.phases[engine.index + 1]
      return (
        "pomo: \(TextLayout.inert(done.name)) done",
        "Next: \(TextLayout.inert(next.name)) (\(TimeText.clock(next.duration))) after space or 'pomo next'"
      )
    }
    guard let last = engine.records.last else { return nil }
    if let next = engine.currentPhase {
      return (
        "pomo: \(TextLayout.inert(last.phase.name)) done",
        "Next: \(TextLayout.inert(next.name)) (\(TimeText.clock(next.duration)))"
      )
    }
    return (
      "pomo: \(TextLayout.inert(engine.plan.presetName)) complete",
      SessionSummary.render(engine, width: .max, unicode: true).trimmedSpaces()
    )
  }

  /// Time is nearly up: a notification that says how much is left (no bell: the end has one).
  private func warn(_ phase: PlannedPhase, left: Duration, _ engine: SessionEngine) {
    send(
      title: "pomo: \(TimeText.countdown(left)) left",
      body: "\(TextLayout.inert(phase.name)) ends in \(TimeText.countdown(left))", engine, warning: true)
  }

  private func notify(_ engine: SessionEngine) {
    guard let (title, body) = Self.message(engine) else { return }
    send(title: title, body: body, engine, warning: false)
  }

  private func send(title: String, body: String, _ engine: SessionEngine, warning: Bool) {
    if let kind = settings.terminal.notify {
      output.write(settings.terminal.wrapped(TerminalSequence.notify(kind, title: title, body: body)))
    }
    if let desktop, desktop.post(engine, title: title, body: body, warning: warning) { return }
    guard let notifier = settings.notifier else { return }
    if notifier.hasSuffix("osascript") {
      let quoted = { (s: String) in
        "\"" + s.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] } + "\""
      }
      launch(
        [notifier, "-e", "display notification \(quoted(body)) with title \(quoted(title))"], settings.environment, nil)
    } else {
      launch(
        [notifier, "--app-name=pomo", Spawner.inertText(title), Spawner.inertText(body)], settings.environment, nil)
    }
  }

  /// The time a phase still had when it ended: none once its time was up.
  private static func left(_ record: SessionEngine.PhaseRecord) -> Duration {
    record.completed ? .zero : max(.zero, record.phase.duration + record.extended - record.elapsed)
  }

  /// A hook about the phase under way, with its time left now.
  private func currentHook(_ event: HookEvent, _ engine: SessionEngine) {
    guard let snapshot = engine.snapshot else { return }
    hook(event, engine, phase: snapshot.phase, remaining: snapshot.remaining)
  }

  private func hook(_ event: HookEvent, _ engine: SessionEngine, phase: PlannedPhase, remaining: Duration) {
    guard let argv = settings.hooks[event] else { return }
    var environment = settings.environment
    environment["POMO_EVENT"] = event.rawValue
    environment["POMO_PRESET"] = engine.plan.presetName
    environment["POMO_PHASE"] = phase.name
    environment["POMO_KIND"] = phase.kind.rawValue
    environment["POMO_ROUND"] = phase.round.map(String.init) ?? ""
    environment["POMO_REMAINING"] = "\(TimeText.roundedSeconds(remaining))"
    environment["POMO_SESSION_ID"] = settings.sessionID ?? ""
    environment["POMO_TAGS"] = engine.tags.joined(separator: ",")
    environment["POMO_NOTE"] = engine.note ?? ""
    environment["POMO_TASK"] = settings.task ?? ""
    launch(
      argv, environment,
      Self.json(event, engine, phase: phase, remaining: remaining, id: settings.sessionID, task: settings.task))
  }

  /// The event as one JSON object and a newline, as a hook reads it on stdin: the event, the
  /// session's id, preset, tags, note and task, and the phase with its time left in seconds and the
  /// interruptions marked in it (`marks`, their times in UTC). What is too long for the pipe
  /// (`Spawner.inputLimit`) is cut: the marks' notes, then all but the latest 100 marks, then
  /// the session's note; the journal keeps them whole.
  static func json(
    _ event: HookEvent, _ engine: SessionEngine, phase: PlannedPhase, remaining: Duration, id: String?,
    task: String? = nil
  ) -> [UInt8] {
    func object(note: String?) -> [UInt8] {
      let members: [(String, JSONOutput)] = [
        ("event", .string(event.rawValue)), ("session", id.map { .string($0) } ?? .null),
        ("preset", .string(engine.plan.presetName)), ("phase", .string(phase.name)),
        ("kind", .string(phase.kind.rawValue)), ("round", phase.round.map { .int(Int64($0)) } ?? .null),
        ("remaining", .seconds(TimeText.seconds(remaining))),
        ("tags", .array(engine.tags.map { .string($0) })), ("note", note.map { .string($0) } ?? .null),
        ("task", task.map { .string($0) } ?? .null), ("marks", .array(marks.map(mark))),
      ]
      return Array((JSONOutput.object(members).text + "\n").utf8)
    }
    // The phase's own marks: the current phase's so far, or those of the phase that ended.
    var marks =
      !engine.isFinished && engine.index == phase.index ? engine.marks : engine.record(ofPhase: phase.index)?.marks ?? []
    func mark(_ m: PhaseMark) -> JSONOutput {
      .object([
        ("at", .string(RFC3339.format(m.at, offset: 0))), ("kind", .string(m.kind.rawValue)),
        ("note", m.note.map { .string($0) } ?? .null),
      ])
    }
    var whole = object(note: engine.note)
    if whole.count > Spawner.inputLimit && !marks.isEmpty {
      marks = marks.suffix(100).map { PhaseMark(kind: $0.kind, at: $0.at) }
      whole = object(note: engine.note)
    }
    guard whole.count > Spawner.inputLimit, let note = engine.note else { return whole }
    let room = max(0, note.utf8.count - (whole.count - Spawner.inputLimit) - 64)
    return object(note: String(decoding: note.utf8.prefix(room), as: UTF8.self) + "…")
  }
}
