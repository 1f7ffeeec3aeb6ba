import PomoCore
import PomoPlatform

/// In a session started by `--detach`: tells the waiting parent that the session runs, once
/// its state file is written (so `pomo status` right after shows it).
final class DetachedStart: SessionListener {
  private var told = false
  /// Where stderr goes from then on.
  let log: String

  init(log: String) { self.log = log }

  func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    guard !told, events.contains(where: { if case .sessionStarted = $0 { true } else { false } }) else { return }
    told = true
    Detach.finishDetaching(log: log)
  }
}
