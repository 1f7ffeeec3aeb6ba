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
    var result = ImportResult()
    let items: [JSONValue]
    switch Interchange.array(bytes, what: "a Watson frames file (a JSON array of frames)") {
    case .success(let array): items = array
    case .failure(let skip): return ImportResult(skipped: [skip])
    }
    for (index, item) in items.enumerated() {
      let name = "frame \(index + 1)"
      func skip(_ reason: String) {
        result.skipped.append(ImportSkip(line: item.position.line, reason: name + " " + reason))
      }
      guard let fields = item.arrayValue else {
        skip("is \(item.typeName), not an array [start, stop, project, id, tags, updated_at]")
        continue
      }
      guard fields.count >= 4 else {
        skip("has \(TextLayout.count(fields.count, "field")), not [start, stop, project, id, tags, updated_at]")
        continue
      }
      guard let start = fields[0].doubleValue, Interchange.times.contains(start) else {
        skip("has a start that is not a time in seconds since 1970: \(fields[0].snippet)")
        continue
      }
      guard let stop = fields[1].doubleValue, Interchange.times.contains(stop) else {
        skip("has a stop that is not a time in seconds since 1970: \(fields[1].snippet)")
        continue
      }
      guard stop >= start else {
        skip("stops before it starts (\(JSONOutput.seconds(start)) to \(JSONOutput.seconds(stop)))")
        continue
      }
      guard let project = fields[2].stringValue else {
        skip("has a project that is not a string: \(fields[2].snippet)")
        continue
      }
      guard let id = fields[3].stringValue, !id.isEmpty else {
        skip("has no id: \(fields[3].snippet)")
        continue
      }
      var tags: [String] = []
      if fields.count > 4, !Interchange.isNull(fields[4]) {
        guard let list = Interchange.strings(fields[4]) else {
          skip("has tags that are not an array of strings: \(fields[4].snippet)")
          continue
        }
        tags = list
      }
      result.records.append(
        Interchange.session(
          tool: tool, key: id.lowercased(), start: start, end: stop, tags: [project] + tags, note: nil, host: host))
    }
    return result
  }
}
