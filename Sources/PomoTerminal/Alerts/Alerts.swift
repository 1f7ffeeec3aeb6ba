import PomoCore
import PomoPlatform

/// Tells the user when time is up, even when they are not looking: the terminal bell, a
/// desktop notification, and the user's hooks.
public final class Alerts: SessionListener {
  public struct Settings {
    public var bell: Bool
    /// The notifier's path (notify-send, osascript), or nil for none.
    public var notifier: String?
    public var hooks: [HookEvent: [String]]
    public var environment: [String: String]

    public init(bell: Bool, notifier: String?, hooks: [HookEvent: [String]], environment: [String: String]) {
      self.bell = bell
      self.notifier = notifier
      self.hooks = hooks
      self.environment = environment
    }
  }

  package let settings: Settings
  package let output: any TextOutput
  package let launch: ([String], [String: String]) -> Void

  public init(settings: Settings, output: any TextOutput, launch: @escaping ([String], [String: String]) -> Void) {
    self.settings = settings
    self.output = output
    self.launch = launch
  }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var timeUp = false
    var cue = false
    for event in events {
      switch event {
      case .phaseStarted(let i):
        hook(.phaseStart, engine, phase: engine.plan.phases[i], remaining: engine.plan.phases[i].duration)
      case .phaseEnded(let i, let completed):
        guard let record = engine.record(ofPhase: i) else { break }
        if completed { timeUp = true }
        let left =
          record.completed ? Duration.zero : max(.zero, record.phase.duration + record.extended - record.elapsed)
        hook(.phaseEnd, engine, phase: record.phase, remaining: left)
      case .sessionEnded:
        if let record = engine.records.last { hook(.sessionEnd, engine, phase: record.phase, remaining: .zero) }
      case .cue:
        cue = true
      default:
        break
      }
    }
    // Boundaries that passed together (say, during a suspend) make one alert, not a burst.
    if timeUp {
      if settings.bell { output.write("\u{07}") }
      notify(engine)
    } else if cue && settings.bell {
      output.write("\u{07}")
    }
  }

  private func notify(_ engine: SessionEngine) {
    guard let notifier = settings.notifier, let last = engine.records.last else { return }
    let title: String
    let body: String
    if let next = engine.currentPhase {
      title = "pomo: \(TextLayout.inert(last.phase.name)) done"
      body = "Next: \(TextLayout.inert(next.name)) (\(TimeText.clock(next.duration)))"
    } else {
      title = "pomo: \(TextLayout.inert(engine.plan.presetName)) complete"
      body = SessionSummary.render(engine, width: .max, unicode: true).trimmedSpaces()
    }
    if notifier.hasSuffix("osascript") {
      let quoted = { (s: String) in
        "\"" + s.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] } + "\""
      }
      launch(
        [notifier, "-e", "display notification \(quoted(body)) with title \(quoted(title))"], settings.environment)
    } else {
      launch([notifier, "--app-name=pomo", title, body], settings.environment)
    }
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
    launch(argv, environment)
  }
}
