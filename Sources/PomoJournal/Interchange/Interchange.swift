import PomoCore

/// What the importers share: the session every other tool's entry becomes, and the reading
/// of a JSON array of entries.
package enum Interchange {
  /// Times pomo accepts from other tools: 1970 to the end of 9999, so every one can be written
  /// back as RFC 3339.
  static let times = 0.0..<253_402_300_800.0

  /// A session of one completed focus phase, the shape every other tool's entry takes in pomo.
  /// Its tags lose empty ones and repeats; an empty note is none.
  static func session(
    tool: String, key: String, start: Double, end: Double, tags: [String], note: String?, host: String
  ) -> JournalRecord {
    let seconds = end - start
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: end, plannedSeconds: seconds, elapsedSeconds: seconds,
      completed: true)
    var seen = Set<String>()
    return JournalRecord(
      id: NameUUID.imported(tool: tool, key: key), preset: tool, status: .completed, start: start, end: end,
      tags: tags.filter { !$0.isEmpty && seen.insert($0).inserted }, note: note.flatMap { $0.isEmpty ? nil : $0 },
      host: host, rounds: 1, phases: [phase])
  }

  /// The sessions of a JSON document that should be an array (`what` names it in messages),
  /// each element made one by `read`, or skipped for the reason it throws, named by `name`
  /// (given the element, its index and the number of elements).
  static func records(
    in bytes: [UInt8], what: String, name: (_ item: JSONValue, _ index: Int, _ count: Int) -> String,
    _ read: (JSONValue) throws(ImportSkip) -> JournalRecord
  ) -> ImportResult {
    let items: [JSONValue]
    do {
      items = try array(bytes, what: what)
    } catch {
      return ([], [error])
    }
    var result: ImportResult = ([], [])
    for (index, item) in items.enumerated() {
      do {
        result.records.append(try read(item))
      } catch {
        let reason = name(item, index, items.count) + " " + error.reason
        result.skipped.append(ImportSkip(line: item.position.line, reason: reason, running: error.running))
      }
    }
    return result
  }

  /// The elements of a JSON document that should be an array, or why not.
  private static func array(_ bytes: [UInt8], what: String) throws(ImportSkip) -> [JSONValue] {
    if withoutBOM(bytes).allSatisfy(isSpace) { throw ImportSkip(line: 1, reason: "the file is empty, not \(what)") }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      // The timew-export(1) manual shows a comma after the last interval; forgive just that.
      guard let forgiven = withoutTrailingComma(bytes), let value = try? JSONParser.parse(forgiven) else {
        throw ImportSkip(line: error.position.line, reason: "not \(what): \(error.message)")
      }
      document = value
    }
    guard let items = document.arrayValue else {
      throw ImportSkip(line: document.position.line, reason: "not \(what): got \(document.typeName)")
    }
    return items
  }

  /// `bytes` without a comma just before the closing `]` of the document, or nil if there is none.
  private static func withoutTrailingComma(_ bytes: [UInt8]) -> [UInt8]? {
    guard var close = bytes.lastIndex(where: { !isSpace($0) }), bytes[close] == UInt8(ascii: "]") else { return nil }
    close -= 1
    while close >= 0 && isSpace(bytes[close]) { close -= 1 }
    guard close >= 0, bytes[close] == UInt8(ascii: ",") else { return nil }
    var copy = bytes
    copy.remove(at: close)
    return copy
  }

  /// The tags of an element: an array of strings, none when `value` is missing or null.
  static func tags(_ value: JSONValue?) throws(ImportSkip) -> [String] {
    guard let value, !isNull(value) else { return [] }
    return try field(value, "tags that are not an array of strings") { value in
      value.arrayValue.flatMap { items in
        items.allSatisfy { $0.stringValue != nil } ? items.map { $0.stringValue! } : nil
      }
    }
  }

  /// What `read` makes of an element's `value`, or the skip that says what is wrong and shows
  /// the value: "has a start that is not a time …: 42".
  static func field<T>(_ value: JSONValue, _ wrong: String, _ read: (JSONValue) -> T?) throws(ImportSkip) -> T {
    guard let result = read(value) else { throw ImportSkip("has \(wrong): \(value.snippet)") }
    return result
  }

  static func isNull(_ value: JSONValue) -> Bool {
    if case .null = value.kind { return true }
    return false
  }

  /// Whether a byte is JSON's white space.
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

  /// `bytes` without the UTF-8 byte order mark they may start with.
  package static func withoutBOM<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
    bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
  }

  /// `text` shortened for a message, control characters shown in caret notation.
  static func quoted(_ text: String) -> String {
    let inert = TextLayout.inert(text)
    return "\"" + (inert.count > 40 ? String(inert.prefix(40)) + "..." : inert) + "\""
  }

  /// `text` with a backslash before each of `special`.
  static func backslashed(_ text: String, _ special: String) -> String {
    var out = ""
    for c in text {
      if special.contains(c) { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
