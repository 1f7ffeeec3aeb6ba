import PomoCore
import PomoPlatform

/// `"timewarrior": true`: each stretch of focus is an open Timewarrior interval, started with
/// the session's tags when a focus phase starts or resumes, and stopped when it ends, pauses or
/// the session stops, so `timew summary` agrees with `pomo report`. A Pomodoro made void
/// (`pomo void`) is not focus: its open interval is cancelled (`timew cancel`), not closed, and
/// the stretches of it a pause or a wait closed before are deleted (`timew delete`).
///
/// Each `timew` runs to its end before the session goes on (a few milliseconds), so a stop and
/// the start that follows it reach Timewarrior in their order. The times are the session's
/// own, to the second Timewarrior keeps.
public final class TimewarriorBridge: SessionListener {
  /// Runs `timew` with these arguments and waits for it.
  package let run: ([String]) -> Void
  /// Runs `timew` with these arguments and returns what it printed; nil when it failed.
  package let output: ([String]) -> [UInt8]?
  /// Whether an interval of this session is open.
  package private(set) var open = false
  /// When the open interval started, as Timewarrior was told.
  private var openedAt = ""
  /// The stretches of the running focus phase already closed (by a pause or a wait), as
  /// Timewarrior has them: what a void must take out besides the open one.
  private var closed: [(start: String, end: String)] = []

  public init(run: @escaping ([String]) -> Void, output: @escaping ([String]) -> [UInt8]? = { _ in nil }) {
    self.run = run
    self.output = output
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
          deleteClosed()
        } else if let record = engine.record(ofPhase: i) {
          stop(at: engine.wallTime(record.end))
        }
        closed = []
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
    openedAt = Self.time(time)
    run(["start", openedAt] + engine.tags.map(Spawner.inertText) + [":quiet"])
    open = true
  }

  private func stop(at time: Double) {
    guard open else { return }
    run(["stop", Self.time(time), ":quiet"])
    closed.append((openedAt, Self.time(time)))
    open = false
  }

  /// Deletes the stretches of a void Pomodoro closed before it was voided: found by their own
  /// times in `timew export` over their span (its ids are Timewarrior's), newest first.
  private func deleteClosed() {
    defer { closed = [] }
    guard let first = closed.first, let last = closed.last, let text = output(["export", first.start, "-", last.end]),
      let items = (try? JSONParser.parse(text))?.arrayValue
    else { return }
    func compact(_ time: String) -> String { time.filter { $0 != "-" && $0 != ":" } }
    let wanted = Set(closed.map { compact($0.start) + "/" + compact($0.end) })
    let ids = items.compactMap { item -> Int? in
      guard let start = item["start"]?.stringValue, let end = item["end"]?.stringValue,
        wanted.contains(start + "/" + end), let id = item["id"]?.doubleValue
      else { return nil }
      return Int(id)
    }
    if !ids.isEmpty { run(["delete"] + ids.sorted(by: >).map { "@\($0)" } + [":quiet"]) }
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
