import PomoCore

/// Reads what `timew export` prints: a JSON array of intervals, each
/// `{"id":1,"start":"20261201T090000Z","end":"20261201T092500Z","tags":["a"],"annotation":"…"}`
/// (`end` missing while the interval is still being tracked; `tags` and `annotation` missing
/// when there are none).
///
/// Each closed interval becomes a session of one completed focus phase. Its id is derived from
/// its start and tags: timewarrior's own `id` only says where the interval stands counting from
/// the newest (`@1`), so it changes as soon as anything is tracked.
public enum TimewarriorImport {
  public static let tool = "timewarrior"

  /// The sessions in `bytes`, tagged with `host`. `zone` is not needed (the times are UTC) and
  /// is taken so every source parses alike.
  public static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    var result = ImportResult()
    let items: [JSONValue]
    switch Interchange.array(bytes, what: "the JSON array that `timew export` prints") {
    case .success(let array): items = array
    case .failure(let skip): return ImportResult(skipped: [skip])
    }
    for (index, item) in items.enumerated() {
      // Named as Timewarrior names it: @1 is the newest, the last of the export.
      let number = item["id"]?.doubleValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 < 1e15 ? Int($0) : nil }
      let name = "interval @\(number ?? items.count - index)"
      func skip(_ reason: String, running: Bool = false) {
        result.skipped.append(ImportSkip(line: item.position.line, reason: name + " " + reason, running: running))
      }
      guard case .object = item.kind else {
        skip("is \(item.typeName), not an object")
        continue
      }
      guard let startValue = item["start"] else {
        skip("has no start")
        continue
      }
      guard let startText = startValue.stringValue, let start = time(startText) else {
        skip("has a start that is not a time like \"20261201T090000Z\": \(startValue.snippet)")
        continue
      }
      guard let endValue = item["end"] else {
        skip("is still open (it has no end)", running: true)
        continue
      }
      guard let endText = endValue.stringValue, let end = time(endText) else {
        skip("has an end that is not a time like \"20261201T092500Z\": \(endValue.snippet)")
        continue
      }
      guard end >= start else {
        skip("ends before it starts (\(startText) to \(endText))")
        continue
      }
      var tags: [String] = []
      if let value = Interchange.member(item, "tags") {
        guard let list = Interchange.strings(value) else {
          skip("has tags that are not an array of strings: \(value.snippet)")
          continue
        }
        tags = list
      }
      var note: String?
      if let value = Interchange.member(item, "annotation") {
        guard let text = value.stringValue else {
          skip("has an annotation that is not a string: \(value.snippet)")
          continue
        }
        note = text
      }
      let key = RFC3339.format(start, offset: 0) + " " + JSONOutput.array(tags.sorted().map(JSONOutput.string)).text
      result.records.append(
        Interchange.session(tool: tool, key: key, start: start, end: end, tags: tags, note: note, host: host))
    }
    return result
  }

  /// Seconds since 1970 of timewarrior's UTC form "20261201T090000Z", or nil.
  public static func time(_ text: String) -> Double? {
    let b = Array(text.utf8)
    guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
    var digits: [Int64] = []
    for i in [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14] {
      guard (48...57).contains(b[i]) else { return nil }
      digits.append(Int64(b[i] - 48))
    }
    func number(_ from: Int, _ count: Int) -> Int64 { digits[from..<(from + count)].reduce(0) { $0 * 10 + $1 } }
    let (y, mo, d, h, mi, s) = (number(0, 4), number(4, 2), number(6, 2), number(8, 2), number(10, 2), number(12, 2))
    guard (1...12).contains(mo), d >= 1, d <= RFC3339.daysInMonth(y, mo), h < 24, mi < 60, s < 60, y >= 1970 else {
      return nil
    }
    return Double(RFC3339.days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
  }

  /// "20261201T090000Z": an instant in timewarrior's form, to the second (rounded down).
  public static func text(_ unixSeconds: Double) -> String {
    let utc = RFC3339.format(unixSeconds.rounded(.down), offset: 0)  // 2026-12-01T09:00:00+00:00
    return utc.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
  }
}
