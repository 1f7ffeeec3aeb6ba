import PomoCore
import PomoPlatform

/// Plays a sound when a phase's time is up: one for the end of focus, another for the end of
/// a break (`"sounds"` in the config), with the player started like a hook (never waited for,
/// ended after 10 s).
package final class PhaseSounds: SessionListener {
  /// The file for the end of a phase of each kind, if one plays.
  package let files: [PhaseKind: String]
  package let play: (String) -> Void

  package init(files: [PhaseKind: String], play: @escaping (String) -> Void) {
    self.files = files
    self.play = play
  }

  /// The same file at the end of every phase.
  package convenience init(file: String, play: @escaping (String) -> Void) {
    self.init(files: [.work: file, .rest: file], play: play)
  }

  /// The first player of `SoundSettings.players` on PATH, with its arguments.
  package static func player(path: String?) -> [String]? {
    for player in SoundSettings.players where Spawner.find(player[0], path: path) != nil { return player }
    return nil
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    if let kind = Self.timeUp(events, engine), let file = files[kind] { play(file) }
  }

  /// The kind of the phase whose time ran out in this step (the last, however many boundaries
  /// passed): as the bell rings, at a wait's start and not at its confirmation, and not for a
  /// skip or stop.
  package static func timeUp(_ events: [SessionEvent], _ engine: SessionEngine) -> PhaseKind? {
    var kind: PhaseKind?
    for event in events {
      switch event {
      case .waiting(let i): kind = engine.plan.phases[i].kind
      case .phaseEnded(let i, let completed):
        if completed && engine.record(ofPhase: i)?.overtime == nil { kind = engine.plan.phases[i].kind }
      default: break
      }
    }
    return kind
  }
}
