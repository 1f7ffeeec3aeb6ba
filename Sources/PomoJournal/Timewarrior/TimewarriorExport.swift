import PomoCore

/// The sessions in the shape `timew export` prints, for the tools around Timewarrior: a JSON
/// array of intervals, an interval per stretch of focus (`TimewarriorData.focusStretches`; a void Pomodoro has none), oldest first,
/// `{"id":1,"start":"20261201T090000Z","end":"20261201T092500Z","tags":["a"],"annotation":"…"}`.
/// (Timewarrior itself reads them back from its data files: `TimewarriorData`.)
///
/// As in timewarrior, `id` counts from the newest interval (1) back; `tags` are the session's,
/// or its preset's name when it has none, and `annotation` its note (left out when there is
/// none). Times are to the second, rounded down; a phase that lasts no whole second is left out.
package enum TimewarriorExport {
  package static func render(_ records: [JournalRecord]) -> String {
    let intervals = TimewarriorData.intervals(records)
    if intervals.isEmpty { return "[\n]\n" }
    let lines = intervals.enumerated().map { index, interval in
      var members: [(String, JSONOutput)] = [
        ("id", .int(Int64(intervals.count - index))), ("start", .string(UTCStamp.format(interval.start))),
        ("end", .string(UTCStamp.format(interval.end))),
      ]
      if !interval.tags.isEmpty { members.append(("tags", .array(interval.tags.map(JSONOutput.string)))) }
      if let note = interval.annotation { members.append(("annotation", .string(note))) }
      return JSONOutput.object(members).text
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }
}
