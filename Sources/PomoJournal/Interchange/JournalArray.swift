/// pomo's own `export --format json`: the journal's records as one JSON array, read back as
/// the JSON Lines of a journal, so `pomo import` takes every record, ids and all.
package enum JournalArray {
  /// Whether `head` (the first bytes of a file) starts a JSON array whose first element is a
  /// pomo record: an object whose first key is `"v"` (as pomo writes every record, and `jq`
  /// keeps), or that has `"phases"`. Timewarrior's intervals start with `"id"` and have none.
  package static func startsArray(_ head: ArraySlice<UInt8>) -> Bool {
    var bytes = Interchange.withoutBOM(head).drop(while: Interchange.isSpace)
    guard bytes.first == UInt8(ascii: "[") else { return false }
    bytes = bytes.dropFirst().drop(while: Interchange.isSpace)
    guard bytes.first == UInt8(ascii: "{") else { return false }
    bytes = bytes.dropFirst().drop(while: Interchange.isSpace)
    if bytes.starts(with: Array(#""v""#.utf8)) { return true }
    let phases = Array(#""phases""#.utf8)
    return bytes.indices.contains { bytes[$0...].starts(with: phases) }
  }

  /// Whether `head` starts a JSON array at all (after a byte order mark and spaces).
  package static func isArray(_ head: ArraySlice<UInt8>) -> Bool {
    Interchange.withoutBOM(head).drop(while: Interchange.isSpace).first == UInt8(ascii: "[")
  }

  /// The array's elements as JSON Lines: one a line, in order, each with the spaces and line
  /// breaks outside its strings left out (pomo's export has none, so each line is the record as
  /// the journal held it). Text after the array's end, or an array that does not end, becomes
  /// a line of its own, which the journal's reader then names as damaged: nothing is dropped
  /// without a word.
  package static func lines(_ bytes: [UInt8]) -> [UInt8] {
    guard let start = Interchange.withoutBOM(bytes).firstIndex(where: { !Interchange.isSpace($0) }),
      bytes[start] == UInt8(ascii: "[")
    else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var element: [UInt8] = []
    var depth = 1
    var strings = JSONStrings()
    func flush() {
      if !element.isEmpty {
        out += element
        out.append(0x0A)
      }
      element.removeAll(keepingCapacity: true)
    }
    var i = start + 1
    while i < bytes.count && depth > 0 {
      let b = bytes[i]
      i += 1
      if strings.take(b) {
        element.append(b)
        continue
      }
      switch b {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        element.append(b)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth > 0 { element.append(b) }
      case UInt8(ascii: ",") where depth == 1: flush()
      case _ where Interchange.isSpace(b): break
      default: element.append(b)
      }
    }
    flush()
    // After the array: only spaces, else the rest is a damaged line.
    let rest = bytes[i...].drop(while: Interchange.isSpace)
    if !rest.isEmpty {
      out += rest.filter { $0 != 0x0A && $0 != 0x0D }
      out.append(0x0A)
    }
    return out
  }
}
