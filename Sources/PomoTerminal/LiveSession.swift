import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The event loop of `pomo start`: one clock driving the engine and all its listeners.
///
/// It sleeps until the display would change (or a deadline, a key, a signal), ticks the
/// engine once, and hands the events to every listener. The terminal is put back the way it
/// was on every way out: the end, `q`, Ctrl-C, SIGTERM, SIGHUP, and Ctrl-Z before stopping.
package final class LiveSession {
  package enum Outcome: Equatable {
    case completed
    case quit
    case signal(Int32)

    package var exitCode: Int32 {
      switch self {
      case .completed: ExitCode.success
      case .quit: ExitCode.interrupted
      case .signal(let s): 128 + s
      }
    }
  }

  package var engine: SessionEngine
  package let listeners: [SessionListener]
  package let display: (any LiveView)?
  package let terminalSignals: TerminalSignals?
  package let readKeys: Bool
  package let columns: () -> Int?
  package let rows: () -> Int?
  package let outputClosed: () -> Bool
  /// The ways into the session from outside its terminal: the control socket (commands and
  /// followers), the desktop notifications' buttons. Each hears every step after the listeners.
  package let controls: [SessionControl]
  private var outcome: Outcome = .completed
  package static let heartbeat: Duration = .seconds(10)
  /// Signals whose default is to end the process: each ends the session properly instead
  /// (recorded as `signal`, the terminal restored) and pomo exits 128+N as it would have.
  static let endingSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
  ]

  /// - Parameters:
  ///   - display: the live display when stdout is a terminal; nil for the plain log.
  ///   - terminalSignals: the window title and tab progress, put back before Ctrl-Z stops pomo.
  ///   - readKeys: whether stdin is a terminal to read single keys from.
  ///   - columns: the terminal's current width, read again after SIGWINCH.
  ///   - rows: the terminal's current height, for the big display.
  ///   - outputClosed: whether stdout's reader has gone (`pomo start work | head -1`); the
  ///     session then ends as a SIGPIPE would have ended it, but recorded.
  ///   - controls: the control socket's server, the desktop notifications; they hear every
  ///     step after the listeners, in this order.
  package init(
    engine: SessionEngine, listeners: [SessionListener], display: (any LiveView)?,
    terminalSignals: TerminalSignals? = nil, readKeys: Bool,
    columns: @escaping () -> Int?, rows: @escaping () -> Int? = { nil }, outputClosed: @escaping () -> Bool = { false },
    controls: [SessionControl] = []
  ) {
    self.outputClosed = outputClosed
    self.controls = controls
    self.engine = engine
    self.listeners = listeners
    self.display = display
    self.terminalSignals = terminalSignals
    self.readKeys = readKeys
    self.columns = columns
    self.rows = rows
  }

  package func run() -> Outcome {
    let signals = SignalPipe(signals: [SIGINT, SIGTSTP, SIGCONT, SIGWINCH] + Self.endingSignals)
    let raw = RawMode(fd: 0)
    var watchKeys = readKeys && raw.enter()
    defer {
      raw.restore()
      signals.close()
    }
    let waiter = EventWaiter()
    publish(engine.start())

    while !engine.isFinished {
      let precision: SessionEngine.WakePrecision =
        display.map { .display(barCells: $0.barCells) } ?? .boundaries
      // Wake at least every 10 s, so the session's heartbeat reaches the state file.
      let now = engine.clock.now()
      var wake = min(engine.nextWake(precision) ?? now + Self.heartbeat, now + Self.heartbeat)
      for listener in listeners {
        if let asked = listener.nextWake(engine) { wake = min(wake, asked) }
      }
      for control in controls {
        if let asked = control.nextWake(engine) { wake = min(wake, asked) }
      }
      let fds = [signals.readFD] + (watchKeys ? [0] : []) + controls.flatMap(\.descriptors)
      let ready = waiter.wait(for: fds, until: wake, now: now)

      var events: [SessionEvent] = []
      if ready.readable.contains(signals.readFD) {
        for number in signals.drain() {
          events += handle(signal: number, raw: raw, watchKeys: &watchKeys)
          if engine.isFinished { break }
        }
      }
      if watchKeys && ready.readable.contains(0) && !engine.isFinished {
        if let bytes = Platform.readAvailable(0) {
          for byte in bytes where !engine.isFinished { events += handle(key: byte) }
        } else {
          watchKeys = false  // End of input: run on without keys.
        }
      }
      for control in controls where !engine.isFinished && !ready.readable.isDisjoint(with: control.descriptors) {
        // Events so far go out first, so a command's reply follows everything before it.
        if !events.isEmpty { publish(events) }
        events = []
        control.serve(ready: ready.readable) { command in
          let applied = self.handle(command)
          // The sender hears once the record is kept, before the other listeners: do-not-disturb
          // may take seconds, and its answer must not wait for it.
          self.publish(applied) { control.commandApplied(self.engine) }
          return self.engine
        }
      }
      for control in controls where !engine.isFinished {
        control.serveDue(now: engine.clock.now()) { command in
          if !events.isEmpty { publish(events) }
          events = []
          let applied = self.handle(command)
          self.publish(applied) { control.commandApplied(self.engine) }
          return self.engine
        }
      }
      events += engine.tick()
      publish(events)
      if outputClosed() && !engine.isFinished {
        publish(stop(.signal(SIGPIPE)) { $0.quit(reason: .signal) })
      }
    }
    return outcome
  }

  /// Tells everyone: the followers' feed first (but at the end, when it says idle only once
  /// the record is written), then what keeps the record (the state file, the journal), then
  /// `answered` (a command's sender hears), then the other listeners in their order, then the
  /// other controls.
  private func publish(_ events: [SessionEvent], answered: (() -> Void)? = nil) {
    let feedFirst = !engine.isFinished
    for control in controls where feedFirst && control.feedsFollowers { control.sessionDidUpdate(engine, events: events) }
    for listener in listeners where listener.keepsRecord { listener.sessionDidUpdate(engine, events: events) }
    answered?()
    for listener in listeners where !listener.keepsRecord { listener.sessionDidUpdate(engine, events: events) }
    for control in controls where !feedFirst || !control.feedsFollowers {
      control.sessionDidUpdate(engine, events: events)
    }
  }

  private func handle(key: UInt8) -> [SessionEvent] {
    // While a phase asks for its reps, digits, Backspace, Enter and q answer it.
    if let events = engine.answerKey(key) { return events }
    // While it asks about time away, k keeps it, d drops it and q ends the session.
    if let command = engine.awayCommand(forKey: key) { return handle(command) }
    if KeyHints.helpKeys.contains(key) {
      display?.showKeys()
      return []
    }
    guard let command = SessionEngine.command(forKey: key) else { return [] }
    return handle(command)
  }

  /// Every command, from a key or elsewhere, reaches the engine here.
  func handle(_ command: SessionCommand) -> [SessionEvent] {
    switch command {
    // A void Pomodoro ends the session as a stop does.
    case .stop, .void, .endAfterAway: stop(.quit) { $0.apply(command) }
    default: engine.apply(command)
    }
  }

  /// Stops the session with `stopping`; the outcome is `outcome` only if that cut the session
  /// short. Stopping while the last phase's question for reps is open only skips it: every
  /// phase has run, and the session ends completed.
  private func stop(_ outcome: Outcome, _ stopping: (inout SessionEngine) -> [SessionEvent]) -> [SessionEvent] {
    let events = stopping(&engine)
    if engine.status == .finished(completed: false) { self.outcome = outcome }
    return events
  }

  private func handle(signal number: Int32, raw: RawMode, watchKeys: inout Bool) -> [SessionEvent] {
    switch number {
    case SIGINT:
      return stop(.quit) { $0.quit() }
    case _ where Self.endingSignals.contains(number):
      return stop(.signal(number)) { $0.quit(reason: .signal) }
    case SIGTSTP:
      // Put the terminal back before stopping, as a shell expects of a stopped job.
      let hadRaw = raw.isActive
      // Nothing of pomo's runs while it is stopped: do-not-disturb must not outlast the focus.
      for listener in listeners { listener.sessionWillSuspend(engine) }
      display?.release()
      terminalSignals?.release()
      raw.restore()
      SignalPipe.stopSelf()
      // Running again after `fg` (SIGCONT also arrives, and redraws); the step that follows
      // lets each listener switch again what the session now wants.
      if hadRaw { watchKeys = raw.enter() }
      display?.invalidate()
      return []
    case SIGCONT:
      if readKeys && !raw.isActive { watchKeys = raw.enter() }
      display?.invalidate()
      return []
    case SIGWINCH:
      if let display, let n = columns() { display.resize(to: n, rows: rows()) }
      return []
    default:
      return []
    }
  }
}
