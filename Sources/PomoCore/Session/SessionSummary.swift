import PomoPlatform

/// The lines printed when a session ends: phases done, focus, rest, paused and slept time.
public enum SessionSummary {
  public static func render(_ engine: SessionEngine, width: Int) -> String {
    let records = engine.records
    let done = records.filter(\.completed).count
    let focus = records.filter { $0.phase.kind == .work }.reduce(Duration.zero) { $0 + $1.elapsed }
    let rest = records.filter { $0.phase.kind == .rest }.reduce(Duration.zero) { $0 + $1.elapsed }
    let completed = engine.status == .finished(completed: true)
    let head =
      "\(completed ? "Completed" : "Stopped") \(TextLayout.inert(engine.plan.presetName)): \(done) of "
      + "\(TextLayout.count(engine.plan.phases.count, "phase")) done"
    var times = [
      "focus \(TimeText.clock(focus))", "rest \(TimeText.clock(rest))", "paused \(TimeText.clock(engine.totalPaused))",
    ]
    if engine.totalSlept > .zero { times.append("asleep \(TimeText.clock(engine.totalSlept))") }
    let tail = times.joined(separator: ", ")
    if TextLayout.width(head) + tail.count + 2 <= width {
      return head + "; " + tail + "\n"
    }
    return head + "\n" + tail + "\n"
  }
}
