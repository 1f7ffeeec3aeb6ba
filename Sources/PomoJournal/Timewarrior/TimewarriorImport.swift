import PomoCore

/// Reads what `timew export` prints: a JSON array of intervals, each
/// `{"id":1,"start":"20261201T090000Z","end":"20261201T092500Z","tags":["a"],"annotation":"…"}`
/// (`end` missing while the interval is still being tracked; `tags` and `annotation` missing
/// when there are none).
///
/// Each closed interval becomes a session of one completed focus phase. Its id is derived from
/// its start and tags: timewarrior's own `id` only says where the interval stands counting from
/// the newest (`@1`), so it changes as soon as anything is tracked.
package enum TimewarriorImport {
  package static let tool = "timewarrior"

  /// The sessions in `bytes`, tagged with `host`. `zone` is not needed (the times are UTC) and
  /// is taken so every source parses alike.
  package static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    Interchange.records(
      in: bytes, what: "the JSON array that `timew export` prints",
      name: { item, index, count in
        // Named as Timewarrior names it: @1 is the newest, the last of the export.
        let number = item["id"]?.doubleValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 < 1e15 ? Int($0) : nil }
        return "interval @\(number ?? count - index)"
      }
    ) { item throws(ImportSkip) in
      guard case .object = item.kind else { throw .init("is \(item.typeName), not an object") }
      guard let startValue = item["start"] else { throw .init("has no start") }
      let start = try Interchange.field(startValue, #"a start that is not a time like "20261201T090000Z""#) {
        $0.stringValue.flatMap(UTCStamp.parse)
      }
      guard let endValue = item["end"] else { throw .init("is still open (it has no end)", running: true) }
      let end = try Interchange.field(endValue, #"an end that is not a time like "20261201T092500Z""#) {
        $0.stringValue.flatMap(UTCStamp.parse)
      }
      guard end >= start else {
        throw .init("ends before it starts (\(UTCStamp.format(start)) to \(UTCStamp.format(end)))")
      }
      let tags = try Interchange.tags(item["tags"])
      let note = try item["annotation"].flatMap { value throws(ImportSkip) in
        Interchange.isNull(value)
          ? nil : try Interchange.field(value, "an annotation that is not a string", \.stringValue)
      }
      let key = RFC3339.format(start, offset: 0) + " " + JSONOutput.array(tags.sorted().map(JSONOutput.string)).text
      return Interchange.session(tool: tool, key: key, start: start, end: end, tags: tags, note: note, host: host)
    }
  }
}
