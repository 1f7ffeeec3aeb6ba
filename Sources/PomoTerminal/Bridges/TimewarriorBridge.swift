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
  /// Every interval of this session still in Timewarrior (the open one without an end), and
  /// the tags they were given: `pomo tag` and `pomo untag` retag them all, as the journal
  /// records the session's last tags for the whole of it.
  private var intervals: [(start: String, end: String?)] = []
  private var tagged: [String] = []
  /// Where the running phase's intervals begin in `intervals`: the stretches a pause or a
  /// wait closed, which a void takes out besides the open one.
  private var phaseStart = 0

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
        if engine.record(ofPhase: i)?.void == true {
          cancel()
          deleteClosed()
        } else if let record = engine.record(ofPhase: i) {
          stop(at: engine.wallTime(record.end))
        }
        phaseStart = intervals.count
      case .waiting:
        stop(at: engine.wallTime(engine.deadline))
      case .paused:
        stop(at: engine.wallTime(engine.pausedAt ?? engine.clock.now()))
      case .sessionEnded:
        stop(at: engine.startWallNow)
      case .relabeled:
        retag(engine)
      default:
        break
      }
    }
  }

  private func start(_ engine: SessionEngine, at time: Double) {
    if open { stop(at: time) }
    tagged = engine.tags.map(Spawner.inertText)
    intervals.append((Self.time(time), nil))
    run(["start", intervals[intervals.count - 1].start] + tagged + [":quiet"])
    open = true
  }

  private func stop(at time: Double) {
    guard open else { return }
    run(["stop", Self.time(time), ":quiet"])
    intervals[intervals.count - 1].end = Self.time(time)
    open = false
  }

  /// Gives every interval of this session the tags it has now: `timew untag` the ones taken
  /// off and `timew tag` the ones added, on the ids `timew export` gives them over their span.
  private func retag(_ engine: SessionEngine) {
    let now = engine.tags.map(Spawner.inertText)
    let removed = tagged.filter { !now.contains($0) }
    let added = now.filter { !tagged.contains($0) }
    tagged = now
    guard !removed.isEmpty || !added.isEmpty, let first = intervals.first else { return }
    // To an hour from now, as a range to "now" leaves out an interval begun in this second.
    let ids = Self.ids(of: intervals, in: output(["export", first.start, "-", Self.time(engine.startWallNow + 3600)]))
    guard !ids.isEmpty else { return }
    if !removed.isEmpty { run(["untag"] + ids + removed + [":quiet"]) }
    if !added.isEmpty { run(["tag"] + ids + added + [":quiet"]) }
  }

  /// The ids (`@3`) `timew export` printed for these intervals, found by their own times (an
  /// open one has no end), newest first.
  static func ids(of intervals: [(start: String, end: String?)], in text: [UInt8]?) -> [String] {
    guard let text, let items = (try? JSONParser.parse(text))?.arrayValue else { return [] }
    func compact(_ time: String) -> String { time.filter { $0 != "-" && $0 != ":" } }
    let wanted = Set(intervals.map { compact($0.start) + "/" + ($0.end.map(compact) ?? "") })
    let ids = items.compactMap { item -> Int? in
      guard let start = item["start"]?.stringValue, let id = item["id"]?.doubleValue,
        wanted.contains(start + "/" + (item["end"]?.stringValue ?? ""))
      else { return nil }
      return Int(id)
    }
    return ids.sorted(by: >).map { "@\($0)" }
  }

  /// Deletes the stretches of a void Pomodoro closed before it was voided: found by their own
  /// times in `timew export` over their span (its ids are Timewarrior's), newest first.
  private func deleteClosed() {
    let stretches = Array(intervals[min(phaseStart, intervals.count)...])
    intervals.removeLast(stretches.count)
    guard let first = stretches.first, let end = stretches.last?.end else { return }
    let ids = Self.ids(of: stretches, in: output(["export", first.start, "-", end]))
    if !ids.isEmpty { run(["delete"] + ids + [":quiet"]) }
  }

  private func cancel() {
    guard open else { return }
    run(["cancel", ":quiet"])
    intervals.removeLast()
    open = false
  }

  /// "2026-12-02T15:00:00Z": UTC to the second, as Timewarrior reads a time; cut to the whole
  /// second, never rounded up, as Timewarrior refuses to start an interval in the future.
  static func time(_ t: Double) -> String {
    String(RFC3339.format(t.rounded(.down), offset: 0).prefix(19)) + "Z"
  }
}
