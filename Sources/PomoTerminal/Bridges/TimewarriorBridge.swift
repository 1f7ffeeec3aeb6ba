import PomoCore
import PomoPlatform

/// `"timewarrior": true`: each stretch of focus is an open Timewarrior interval, started with
/// the session's tags when a focus phase starts or resumes, and stopped when it ends, pauses or
/// the session stops, so `timew summary` agrees with `pomo report`. A Pomodoro made void
/// (`pomo void`) is not focus: its open interval is cancelled (`timew cancel`), not closed.
///
/// Each `timew` runs to its end before the session goes on (a few milliseconds), so a stop and
/// the start that follows it reach Timewarrior in their order. The times are the session's
/// own, to the second Timewarrior keeps.
public final class TimewarriorBridge: SessionListener {
  /// Runs `timew` with these arguments and waits for it.
  package let run: ([String]) -> Void
  /// Whether an interval of this session is open.
  package private(set) var open = false

  public init(run: @escaping ([String]) -> Void) {
    self.run = run
  }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for event in events {
      switch event {
      case .phaseStarted(let i) where engine.plan.phases[i].kind == .work && !engine.isFinished:
        start(engine, at: engine.wallTime(engine.startTime(ofPhase: i)))
      case .resumed where engine.currentPhase?.kind == .work:
        start(engine, at: engine.startWallNow)
      case .phaseEnded(let i, _):
        if engine.voided {
          cancel()
        } else if let record = engine.record(ofPhase: i) {
          stop(at: engine.wallTime(record.end))
        }
      case .waiting:
        stop(at: engine.wallTime(engine.deadline))
      case .paused:
        stop(at: engine.wallTime(engine.pausedAt ?? engine.clock.now()))
      case .sessionEnded:
        stop(at: engine.startWallNow)
      default:
        break
      }
    }
  }

  private func start(_ engine: SessionEngine, at time: Double) {
    if open { stop(at: time) }
    run(["start", Self.time(time)] + engine.tags.map(Spawner.inertText) + [":quiet"])
    open = true
  }

  private func stop(at time: Double) {
    guard open else { return }
    run(["stop", Self.time(time), ":quiet"])
    open = false
  }

  private func cancel() {
    guard open else { return }
    run(["cancel", ":quiet"])
    open = false
  }

  /// "2026-12-02T15:00:00Z": UTC to the second, as Timewarrior reads a time; cut to the whole
  /// second, never rounded up, as Timewarrior refuses to start an interval in the future.
  static func time(_ t: Double) -> String {
    String(RFC3339.format(t.rounded(.down), offset: 0).prefix(19)) + "Z"
  }
}
