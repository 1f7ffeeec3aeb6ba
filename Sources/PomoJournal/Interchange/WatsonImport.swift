import PomoCore

/// Reads Watson's `frames` file: a JSON array of frames, each
/// `[start, stop, project, id, tags, updated_at]`, the times in seconds since 1970 and the id a
/// 32-digit hex UUID (older files lack `tags` and `updated_at`).
///
/// Each frame becomes a session of one completed focus phase, tagged with its project and then
/// its tags. Its id is derived from the frame's id.
package enum WatsonImport {
  package static let tool = "watson"

  /// The sessions in `bytes`, tagged with `host`. `zone` is not needed (the times are UTC) and
  /// is taken so every source parses alike.
  package static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    Interchange.records(
      in: bytes, what: "a Watson frames file (a JSON array of frames)", name: { _, index, _ in "frame \(index + 1)" }
    ) { item throws(ImportSkip) in
      guard let fields = item.arrayValue else {
        throw .init("is \(item.typeName), not an array [start, stop, project, id, tags, updated_at]")
      }
      guard fields.count >= 4 else {
        throw .init("has \(TextLayout.count(fields.count, "field")), not [start, stop, project, id, tags, updated_at]")
      }
      let time = { (value: JSONValue) in value.doubleValue.flatMap { Interchange.times.contains($0) ? $0 : nil } }
      let start = try Interchange.field(fields[0], "a start that is not a time in seconds since 1970", time)
      let stop = try Interchange.field(fields[1], "a stop that is not a time in seconds since 1970", time)
      guard stop >= start else {
        throw .init("stops before it starts (\(JSONOutput.seconds(start)) to \(JSONOutput.seconds(stop)))")
      }
      let project = try Interchange.field(fields[2], "a project that is not a string", \.stringValue)
      guard let id = fields[3].stringValue, !id.isEmpty else { throw .init("has no id: \(fields[3].snippet)") }
      let tags = try Interchange.tags(fields.count > 4 ? fields[4] : nil)
      return Interchange.session(
        tool: tool, key: id.lowercased(), start: start, end: stop, tags: [project] + tags, note: nil, host: host)
    }
  }
}
