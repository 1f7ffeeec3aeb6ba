import PomoCore

/// The sessions in the shape `timew export` prints, so timewarrior (`timew import`) and the
/// tools around it can read them: a JSON array of intervals, an interval per focus phase,
/// oldest first,
/// `{"id":1,"start":"20261201T090000Z","end":"20261201T092500Z","tags":["a"],"annotation":"…"}`.
///
/// As in timewarrior, `id` counts from the newest interval (1) back; `tags` are the session's
/// (left out when there are none) and `annotation` its note (left out when there is none).
/// Times are to the second, rounded down; a phase that lasts no whole second is left out.
public enum TimewarriorExport {
  public static func render(_ records: [JournalRecord]) -> String {
    var intervals: [(start: Double, end: Double, record: JournalRecord)] = []
    for record in records {
      for phase in record.phases where phase.kind == .work {
        let start = phase.start.rounded(.down)
        let end = phase.end.rounded(.down)
        if end > start { intervals.append((start, end, record)) }
      }
    }
    intervals.sort { $0.start < $1.start }
    if intervals.isEmpty { return "[\n]\n" }
    let lines = intervals.enumerated().map { index, interval in
      var members: [(String, JSONOutput)] = [
        ("id", .int(Int64(intervals.count - index))), ("start", .string(time(interval.start))),
        ("end", .string(time(interval.end))),
      ]
      if !interval.record.tags.isEmpty { members.append(("tags", .array(interval.record.tags.map(JSONOutput.string)))) }
      if let note = interval.record.note, !note.isEmpty { members.append(("annotation", .string(note))) }
      return JSONOutput.object(members).text
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  /// "20261201T090000Z", to the second (rounded down).
  public static func time(_ unixSeconds: Double) -> String {
    TimewarriorImport.text(unixSeconds)
  }
}
