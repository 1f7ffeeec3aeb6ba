import PomoPlatform

/// The lines printed when a session ends: phases done, focus, rest, paused and slept time.
public enum SessionSummary {
  /// The summary laid out in `width` columns the way the status line is: no line reaches the
  /// last column (some terminals wrap when it is filled). One line when it fits; else the
  /// head, then the times, as many to a line as fit; whatever is still too long is cut.
  public static func render(_ engine: SessionEngine, width: Int, unicode: Bool) -> String {
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
    let room = width - 1
    let tail = times.joined(separator: ", ")
    if TextLayout.width(head) + 2 + tail.count <= room {
      return head + "; " + tail + "\n"
    }
    var lines = [head]
    var line = ""
    for time in times {
      if line.isEmpty {
        line = time
      } else if line.count + 2 + time.count <= room {
        line += ", " + time
      } else {
        lines.append(line)
        line = time
      }
    }
    lines.append(line)
    guard room > 0 else { return "" }
    return lines.map { TextLayout.truncate($0, room, unicode: unicode) + "\n" }.joined()
  }
}
