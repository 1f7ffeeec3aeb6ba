import PomoCore

/// Reads Watson's `frames` file: a JSON array of frames, each
/// `[start, stop, project, id, tags, updated_at]`, the times in seconds since 1970 and the id a
/// 32-digit hex UUID (older files lack `tags` and `updated_at`).
///
/// Each frame becomes a session of one completed focus phase, tagged with its project and then
/// its tags. Its id is derived from the frame's id.
public enum WatsonImport {
  public static let tool = "watson"

  /// The sessions in `bytes`, tagged with `host`. `zone` is not needed (the times are UTC) and
  /// is taken so every source parses alike.
  public static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    Interchange.records(
      in: bytes, what: "a Watson frames file (a JSON array of frames)", name: { _, index, _ in "frame \(index + 1)" }
    ) { item throws(Interchange.Reason) in
      guard let fields = item.arrayValue else {
        throw .init("is \(item.typeName), not an array [start, stop, project, id, tags, updated_at]")
      }
      guard fields.count >= 4 else {
        throw .init("has \(TextLayout.count(fields.count, "field")), not [start, stop, project, id, tags, updated_at]")
      }
      guard let start = fields[0].doubleValue, Interchange.times.contains(start) else {
        throw .init("has a start that is not a time in seconds since 1970: \(fields[0].snippet)")
      }
      guard let stop = fields[1].doubleValue, Interchange.times.contains(stop) else {
        throw .init("has a stop that is not a time in seconds since 1970: \(fields[1].snippet)")
      }
      guard stop >= start else {
        throw .init("stops before it starts (\(JSONOutput.seconds(start)) to \(JSONOutput.seconds(stop)))")
      }
      guard let project = fields[2].stringValue else {
        throw .init("has a project that is not a string: \(fields[2].snippet)")
      }
      guard let id = fields[3].stringValue, !id.isEmpty else { throw .init("has no id: \(fields[3].snippet)") }
      let tags = try Interchange.tags(fields.count > 4 ? fields[4] : nil)
      return Interchange.session(
        tool: tool, key: id.lowercased(), start: start, end: stop, tags: [project] + tags, note: nil, host: host)
    }
  }
}
