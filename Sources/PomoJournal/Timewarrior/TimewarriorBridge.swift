import PomoCore
import PomoPlatform

/// `"timewarrior": true`: each stretch of focus is an open Timewarrior interval, started with
/// the session's tags when a focus phase starts or resumes, and stopped when it ends (after
/// any wait for confirmation, whose overtime is focus), pauses or the session stops, so `timew summary` agrees with `pomo report`. A Pomodoro made void
/// (`pomo void`) is not focus: its open interval is cancelled (`timew cancel`), not closed, and
/// the stretches of it a pause or a wait closed before are deleted (`timew delete`).
///
/// Time away is not focus: the interval stops when the person leaves (dated back to when they
/// left, as the record is) and a new one starts when they come back to a focus that runs. Time
/// away that the `ask` policy keeps is added back as an interval of its own (`timew track`).
///
/// Each `timew` runs to its end before the session goes on (a few milliseconds), so a stop and
/// the start that follows it reach Timewarrior in their order. The times are the session's
/// own, to the second Timewarrior keeps. A `timew` that fails is said once (`warn`); the
/// session goes on.
package final class TimewarriorBridge: SessionListener {
  /// Runs `timew` with these arguments and waits for it; the exit status, or nil when it
  /// could not be run or did not end in time.
  package let run: ([String]) -> Int32?
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
  /// When the open interval began (wall seconds): a stop is never dated before it.
  private var openedAt = 0.0
  /// Since when focus has been time away (wall seconds), while the person is away in a focus
  /// phase, and the stretches of focus away so far in this time away: kept, they are tracked.
  private var awaySince: Double?
  private var awayStretches: [(start: Double, end: Double)] = []
  /// Says a failure, once a session.
  private let warn: (String) -> Void
  private var warned = false

  package init(
    run: @escaping ([String]) -> Int32?, output: @escaping ([String]) -> [UInt8]? = { _ in nil },
    warn: @escaping (String) -> Void = { _ in }
  ) {
    self.run = run
    self.output = output
    self.warn = warn
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for event in events {
      switch event {
      case .phaseStarted(let i) where engine.plan.phases[i].kind == .work && !engine.isFinished:
        let at = engine.wallTime(engine.startTime(ofPhase: i))
        if engine.away == nil { start(engine, at: at) } else { awaySince = at }
      case .resumed where engine.currentPhase?.kind == .work && engine.away == nil:
        start(engine, at: engine.startWallNow)
      case .resumed where engine.currentPhase?.kind == .work:
        // Resumed while away: the time runs again, and is away.
        awaySince = engine.startWallNow
      case .away where engine.currentPhase?.kind == .work:
        let since = engine.away.map { engine.wallTime($0.since) } ?? engine.startWallNow
        awayStretches = []
        awaySince = since
        stop(at: since)
      case .back:
        closeAway(at: engine.startWallNow)
        // A wait for confirmation is focus too: its overtime counts.
        let runs = engine.status == .running || engine.status == .waiting
        if engine.currentPhase?.kind == .work && runs { start(engine, at: engine.startWallNow) }
      case .awayDecided(kept: true):
        track(engine)
      case .phaseEnded(let i, _):
        if let record = engine.record(ofPhase: i) { closeAway(at: engine.wallTime(record.end)) }
        if engine.record(ofPhase: i)?.void == true {
          cancel()
          deleteClosed()
        } else if let record = engine.record(ofPhase: i) {
          stop(at: engine.wallTime(record.end))
        }
        phaseStart = intervals.count
      case .paused:
        // A pause of your own is never focus, even inside time away that is kept.
        let at = engine.wallTime(engine.pausedAt ?? engine.clock.now())
        closeAway(at: at)
        stop(at: at)
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
    openedAt = time
    timew(["start", intervals[intervals.count - 1].start] + tagged + [":quiet"])
    open = true
  }

  private func stop(at time: Double) {
    guard open else { return }
    let time = max(time, openedAt)
    // Timewarrior keeps no interval shorter than a second: one that ends in the second it
    // began is cancelled, not left open.
    if Self.time(time) == intervals[intervals.count - 1].start {
      cancel()
      return
    }
    timew(["stop", Self.time(time), ":quiet"])
    intervals[intervals.count - 1].end = Self.time(time)
    open = false
  }

  /// Ends the stretch of focus away at `time`, if one is open.
  private func closeAway(at time: Double) {
    guard let since = awaySince else { return }
    awaySince = nil
    if time > since { awayStretches.append((since, time)) }
  }

  /// Time away kept as focus: each stretch of it becomes an interval with the session's tags.
  private func track(_ engine: SessionEngine) {
    let tags = engine.tags.map(Spawner.inertText)
    for stretch in awayStretches where Self.time(stretch.end) > Self.time(stretch.start) {
      // Before an open interval, which a void cancels as the last one.
      intervals.insert((Self.time(stretch.start), Self.time(stretch.end)), at: intervals.count - (open ? 1 : 0))
      timew(["track", Self.time(stretch.start), "-", Self.time(stretch.end)] + tags + [":quiet"])
    }
    awayStretches = []
  }

  /// Runs `timew`; the first failure of the session is said.
  private func timew(_ arguments: [String]) {
    let status = run(arguments)
    guard status != 0, !warned else { return }
    warned = true
    let how = status.map { "exited with status \($0)" } ?? "could not be run or did not finish"
    warn("pomo: warning: 'timew \(arguments[0])' \(how); Timewarrior may not have all of this session's focus")
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
    if !removed.isEmpty { timew(["untag"] + ids + removed + [":quiet"]) }
    if !added.isEmpty { timew(["tag"] + ids + added + [":quiet"]) }
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
    if !ids.isEmpty { timew(["delete"] + ids + [":quiet"]) }
  }

  private func cancel() {
    guard open else { return }
    timew(["cancel", ":quiet"])
    intervals.removeLast()
    open = false
  }

  /// "2026-12-02T15:00:00Z": UTC to the second, as Timewarrior reads a time; cut to the whole
  /// second, never rounded up, as Timewarrior refuses to start an interval in the future.
  static func time(_ t: Double) -> String {
    String(RFC3339.format(t.rounded(.down), offset: 0).prefix(19)) + "Z"
  }
}
