import PomoCore

/// Keeps the desktop's do-not-disturb on while focus runs (`"dnd"`), and puts back the state
/// it found when focus ends, pauses, waits or the session stops.
///
/// - It only ever turns off what it turned on: do-not-disturb that was on already when focus
///   started stays on, and stays the user's.
/// - Before it turns do-not-disturb on, the state file says so (`mark`), with the command that
///   turns it off; a pomo killed in between leaves that for the next pomo's recovery.
/// - pomo's own alerts must reach the user, and a paused dunst would hold them: it sits before
///   `Alerts`, so do-not-disturb is off before a phase-end or warning notification goes out.
///   The warning before the end (`warn_before`) lifts it for the rest of the phase (time is
///   nearly up; `+` puts it back). A focus phase that starts with an alert (a break's end, one
///   focus after another) turns it on `grace` later (a tenth of the phase at most), once the
///   alert has shown.
/// - A command that fails is one warning; nothing is left switched, and the session goes on
///   without do-not-disturb.
package final class DoNotDisturb: SessionListener {
  /// Runs a command without a shell: its exit status and what it printed, nil when it could
  /// not be run or did not end in time.
  package typealias Run = ([String]) -> (status: Int32, output: [UInt8])?

  package let backend: DoNotDisturbBackend
  package let kinds: Set<PhaseKind>
  private let run: Run
  private let mark: (DoNotDisturbMark?, SessionEngine) -> Bool
  private let warn: (String) -> Void
  package let grace: Duration

  /// How long an alert that starts focus shows before do-not-disturb holds the rest (at most a
  /// tenth of the phase).
  package static let alertGrace: Duration = .seconds(5)

  /// Where the current stretch of focus stands.
  package enum Stretch: Equatable {
    /// No phase that wants do-not-disturb is running.
    case idle
    /// Focus runs; do-not-disturb goes on at this instant, once an alert has shown.
    case pending(at: Duration)
    /// pomo turned do-not-disturb on, and turns it off at the end.
    case switchedOn
    /// It was on already: pomo leaves it be.
    case leftAlone
  }

  package private(set) var stretch = Stretch.idle
  /// The phase whose warning lifted do-not-disturb until its end.
  private var lifted: Int?
  /// A command failed: the rest of the session runs without do-not-disturb.
  package private(set) var givenUp = false

  /// - Parameters:
  ///   - mark: records in the state file that pomo turned do-not-disturb on (nil: that it is
  ///     off again); whether the file says so now.
  ///   - warn: one line for the user (`pomo: warning: …`).
  package init(
    backend: DoNotDisturbBackend, kinds: Set<PhaseKind>, grace: Duration = alertGrace, run: @escaping Run,
    mark: @escaping (DoNotDisturbMark?, SessionEngine) -> Bool, warn: @escaping (String) -> Void
  ) {
    self.backend = backend
    self.kinds = kinds
    self.grace = grace
    self.run = run
    self.mark = mark
    self.warn = warn
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var alert = false
    for event in events {
      switch event {
      // The moments `Alerts` notifies of a phase's end: do-not-disturb must be off by then.
      case .waiting:
        alert = true
      case .phaseEnded(let i, let completed):
        if completed && engine.record(ofPhase: i)?.overtime == nil { alert = true }
      case .warning(let i):
        lifted = i
      case .extended(let i, _):
        if lifted == i { lifted = nil }
      default:
        break
      }
    }
    let wanted =
      !givenUp && engine.status == .running && lifted != engine.index
      && engine.currentPhase.map { kinds.contains($0.kind) } == true
    guard wanted else {
      restore(engine)
      return
    }
    let now = engine.clock.now()
    if alert {
      // A phase shorter than a minute (a drill's, say) waits a tenth of its length at most.
      let wait = engine.currentPhase.map { $0.open ? grace : min(grace, $0.duration / 10) } ?? grace
      switch stretch {
      case .switchedOn:
        restore(engine)
        stretch = .pending(at: now + wait)
      case .idle, .pending:
        stretch = .pending(at: now + wait)
      case .leftAlone:
        break
      }
      return
    }
    switch stretch {
    case .idle: turnOn(engine)
    case .pending(let at) where now >= at: turnOn(engine)
    case .pending, .switchedOn, .leftAlone: break
    }
  }

  package func nextWake(_ engine: SessionEngine) -> Duration? {
    if case .pending(let at) = stretch { return at }
    return nil
  }

  /// Ctrl-Z: pomo stops but the focus time runs on, maybe to its end, so do-not-disturb goes
  /// back now; the step after `fg` turns it on again if focus still runs.
  package func sessionWillSuspend(_ engine: SessionEngine) { restore(engine) }

  /// Puts back what pomo switched, whatever the session's state: the way out of last resort.
  package func close() { restore(nil) }

  private func turnOn(_ engine: SessionEngine) {
    if let query = backend.query {
      let result = run(query)
      guard let result, result.status == 0, let on = backend.isOn(result.output) else {
        giveUp("cannot tell whether do-not-disturb is on: '\(shown(query))' \(Self.failure(result))")
        return
      }
      if on {
        stretch = .leftAlone
        return
      }
    }
    guard mark(backend.mark, engine) else {
      giveUp(
        "do-not-disturb stays off: the state file cannot record it, and pomo turns on only what it can always turn off")
      return
    }
    let result = run(backend.on)
    guard let result, result.status == 0 else {
      // Nothing is left switched: a command that failed half-way is undone too.
      _ = run(backend.off)
      _ = mark(nil, engine)
      giveUp("cannot turn do-not-disturb on: '\(shown(backend.on))' \(Self.failure(result))")
      return
    }
    stretch = .switchedOn
  }

  /// Turns off what pomo turned on; the state file forgets the mark when `engine` is given.
  private func restore(_ engine: SessionEngine?) {
    if stretch == .switchedOn {
      let result = run(backend.off)
      if let result, result.status == 0 {
        if let engine { _ = mark(nil, engine) }
      } else {
        // The state file keeps the mark: should pomo be killed now, the next one tries again.
        warn(
          "pomo: warning: cannot turn do-not-disturb off again (\(backend.name)): '\(shown(backend.off))' \(Self.failure(result)); turn it off yourself"
        )
        givenUp = true
      }
    }
    stretch = .idle
  }

  private func giveUp(_ why: String) {
    givenUp = true
    stretch = .idle
    warn("pomo: warning: \(why); focus goes on without do-not-disturb")
  }

  private func shown(_ argv: [String]) -> String { DoNotDisturbMark.shown(argv) }

  /// What went wrong with a query, said plainly.
  private static func failure(_ result: (status: Int32, output: [UInt8])?) -> String {
    guard let result else { return "could not be run or did not finish" }
    if result.status != 0 { return "exited with status \(result.status)" }
    let said = TextLayout.inert(
      String(decoding: result.output.prefix(40), as: UTF8.self).split(whereSeparator: \.isWhitespace)
        .joined(separator: " "))
    return "printed \"\(said)\", neither on nor off"
  }
}
