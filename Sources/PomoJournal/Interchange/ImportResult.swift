import PomoCore

/// An element of another tool's data that could not become a session, and why.
public struct ImportSkip: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the file the element starts on.
  public var line: Int
  /// Lowercase, naming the element ("interval 3", "frame 2") and what is wrong with it.
  public var reason: String
  /// Whether the element is no session yet, rather than one that could not be read: a
  /// Timewarrior interval still running. Skipping it leaves nothing out of the import.
  public var running: Bool

  public init(line: Int, reason: String, running: Bool = false) {
    self.line = line
    self.reason = reason
    self.running = running
  }

  /// "line 4: interval 3 is still running (it has no end)".
  public var description: String { "line \(line): \(reason)" }
}

/// What a parser made of another tool's data: the sessions, in the file's order, and what it
/// skipped. A parser never fails as a whole: a file that cannot be read at all is one skip.
public struct ImportResult: Sendable {
  public var records: [JournalRecord]
  public var skipped: [ImportSkip]

  public init(records: [JournalRecord] = [], skipped: [ImportSkip] = []) {
    self.records = records
    self.skipped = skipped
  }
}

/// What the parsers share.
enum Interchange {
  /// Why an element is skipped, while it is being read.
  struct Reason: Error {
    var text: String
  }

  /// Times pomo accepts from other tools: 1970 to the end of 9999, so every one can be written
  /// back as RFC 3339.
  static let times = 0.0..<253_402_300_800.0

  /// A session of one completed focus phase, the shape every other tool's entry takes in pomo.
  static func session(
    tool: String, key: String, start: Double, end: Double, tags: [String], note: String?, host: String
  ) -> JournalRecord {
    let seconds = end - start
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: end, plannedSeconds: seconds, elapsedSeconds: seconds,
      completed: true)
    return JournalRecord(
      id: NameUUID.imported(tool: tool, key: key), preset: tool, status: .completed, start: start, end: end,
      tags: unique(tags), note: note.flatMap { $0.isEmpty ? nil : $0 }, host: host, rounds: 1, phases: [phase])
  }

  /// `tags` without empty ones and repeats, in their first order.
  static func unique(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// Parses a JSON document that should be an array, or says why not as a skip.
  /// `what` names the expected input in the message ("the JSON array `timew export` prints").
  static func array(_ bytes: [UInt8], what: String) -> Result<[JSONValue], ImportSkip> {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    if text.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return .failure(ImportSkip(line: 1, reason: "the file is empty, not \(what)"))
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      // The timew-export(1) manual shows a comma after the last interval; forgive just that.
      guard let forgiven = withoutTrailingComma(bytes), let value = try? JSONParser.parse(forgiven) else {
        return .failure(ImportSkip(line: error.position.line, reason: "not \(what): \(error.message)"))
      }
      document = value
    }
    guard let items = document.arrayValue else {
      return .failure(ImportSkip(line: document.position.line, reason: "not \(what): got \(document.typeName)"))
    }
    return .success(items)
  }

  /// `bytes` without a comma just before the closing `]` of the document, or nil if there is none.
  static func withoutTrailingComma(_ bytes: [UInt8]) -> [UInt8]? {
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
    guard var close = bytes.lastIndex(where: { !isSpace($0) }), bytes[close] == UInt8(ascii: "]") else { return nil }
    close -= 1
    while close >= 0 && isSpace(bytes[close]) { close -= 1 }
    guard close >= 0, bytes[close] == UInt8(ascii: ",") else { return nil }
    var copy = bytes
    copy.remove(at: close)
    return copy
  }

  /// The member `key` of an object, nil when it is missing or null.
  static func member(_ object: JSONValue, _ key: String) -> JSONValue? {
    guard let value = object[key], !isNull(value) else { return nil }
    return value
  }

  static func isNull(_ value: JSONValue) -> Bool {
    if case .null = value.kind { return true }
    return false
  }

  /// The strings of a JSON array of strings, or nil when it is anything else.
  static func strings(_ value: JSONValue) -> [String]? {
    guard let items = value.arrayValue else { return nil }
    var out: [String] = []
    for item in items {
      guard let s = item.stringValue else { return nil }
      out.append(s)
    }
    return out
  }

  /// `text` shortened for a message, control characters shown in caret notation.
  static func quoted(_ text: String) -> String {
    let inert = TextLayout.inert(text)
    return "\"" + (inert.count > 40 ? String(inert.prefix(40)) + "..." : inert) + "\""
  }
}
