import PomoCore

/// A soft tick on each second of focus (`"sounds": {"tick": …}`), on the seconds the countdown
/// shows (an open phase's, as it counts up).
///
/// pomo's own tick is a file of a minute of ticks (`SoundSynth`): one player is started on a
/// second and again each minute, so a tick costs no process of its own. A sound file of one's own
/// is played once a second. The player is ended as soon as focus pauses, waits, is skipped or
/// ends: a break never ticks. The loop wakes for each start (`nextWake`), so the ticks keep time
/// however rarely the display redraws (a plain log, a detached session).
package final class TickSound: SessionListener {
  package let file: String
  /// How often a player is started: a minute for pomo's own tick, a second for a file.
  package let period: Duration
  private let start: (String) -> (any SoundPlayback)?
  private var playing: (any SoundPlayback)?
  /// Players asked to end that had not yet: asked again at each step.
  private var ending: [any SoundPlayback] = []
  /// When the next player starts, on the session's clock; nil while focus is not running.
  private var due: Duration?

  /// A start later than this after its second is put off to the next second.
  static let lateness = Duration.milliseconds(50)

  package init(file: String, period: Duration, start: @escaping (String) -> (any SoundPlayback)?) {
    self.file = file
    self.period = period
    self.start = start
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    ending.removeAll { $0.end() }
    let now = engine.clock.now()
    // A new phase, or time added, starts the ticks again on the new countdown's seconds.
    let restarts = events.contains {
      switch $0 {
      case .phaseStarted, .extended: true
      default: false
      }
    }
    guard !engine.isFinished, let toSecond = Self.toNextSecond(engine, now: now) else {
      silence(forGood: engine.isFinished)
      return
    }
    if restarts { silence(forGood: false) }
    // Time since the countdown's last whole second.
    let since = toSecond == .zero ? .zero : .seconds(1) - toSecond
    var at = due ?? now + toSecond
    if due == nil || now - at > Self.lateness {
      // Starting, or woken late (a loaded machine): on the second just gone if it is only just
      // gone, else on the next; never off the beat.
      at = since <= Self.lateness ? now - since : now + toSecond
    }
    due = at
    guard now >= at else { return }
    stopPlaying()
    playing = start(file)
    due = at + period
  }

  package func nextWake(_ engine: SessionEngine) -> Duration? { due }

  /// How long until the focus phase's countdown (or count) next shows a whole second (zero on
  /// one); nil when no tick plays now: not focus, or focus paused or waiting.
  static func toNextSecond(_ engine: SessionEngine, now: Duration) -> Duration? {
    guard let phase = engine.currentPhase, phase.kind == .work, let snapshot = engine.snapshot else { return nil }
    let second: Int64 = 1_000_000_000
    switch engine.status {
    case .running:
      return .nanoseconds(nanos(snapshot.remaining) % second)
    case .waiting where phase.open:
      let into = nanos(snapshot.overtime ?? .zero) % second
      return .nanoseconds(into == 0 ? 0 : second - into)
    default:
      return nil
    }
  }

  private static func nanos(_ d: Duration) -> Int64 {
    d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000
  }

  private func stopPlaying() {
    if let playing, !playing.end() { ending.append(playing) }
    playing = nil
  }

  /// Ends the player and starts no other until focus runs again; at the session's end, for good.
  private func silence(forGood: Bool) {
    due = nil
    stopPlaying()
    if forGood {
      for player in ending { player.endNow() }
      ending = []
    }
  }
}

