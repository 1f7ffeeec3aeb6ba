import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads journal lines straight from their bytes, at the speed full-history reports need.
///
/// It checks the JSON as it goes (so a damaged line is refused, never half-read), decodes
/// the fields pomo knows, and skips any others without building them. A report reads only
/// what it counts (`detail: false`); `pomo log` and `resume` read everything.
package struct RecordScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0
  private var depth = 0

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  package static func decode(_ line: ArraySlice<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalRecord
  {
    switch try decodeEntry(line, detail: detail) {
    case .session(let record): return record
    case .correction(let correction):
      throw JournalRecord.Problem(message: "a correction (\(correction.kind.rawValue)), not a session")
    }
  }

  /// A line of either kind: a session or a correction.
  package static func decodeEntry(_ line: ArraySlice<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalEntry
  {
    let result = line.withUnsafeBufferPointer { buffer -> Result<JournalEntry, JournalRecord.Problem> in
      var scanner = RecordScanner(buffer)
      return Result { () throws(JournalRecord.Problem) in try scanner.entry(detail: detail) }
    }
    return try result.get()
  }

  /// The same, for a line in memory (no copy).
  package static func decodeEntry(_ line: UnsafeBufferPointer<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalEntry
  {
    var scanner = RecordScanner(line)
    return try scanner.entry(detail: detail)
  }

  /// A line without the UTF-8 byte order mark some editors put at the top of a file.
  package static func withoutByteOrderMark(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
  }

  // MARK: - Records

  private mutating func entry(detail: Bool) throws(JournalRecord.Problem) -> JournalEntry {
    // A UTF-8 byte order mark (some editors write one at the top of a file) is not part of the record.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    skipSpace()
    guard peek == UInt8(ascii: "{") else { throw fail("not a JSON object") }
    var id: String?
    var preset = "?"
    var status = JournalRecord.Status.interrupted
    var interruption: Interruption?
    var start: Double?
    var end: Double?
    var tags: [String] = []
    var note: String?
    var host = ""
    var source: String?
    var rounds = 1
    var planOffset = 0
    var resumedFrom: String?
    var paused = 0.0
    var slept = 0.0
    var phases: [JournalPhase] = []
    var kind: Correction.Kind?
    var target: String?
    var session: String?
    var at: Double?
    var added: Double?
    var warmup: Double?
    var cooldown: Double?
    var endless = false
    var clockStep = 0.0
    var changes = Correction.Changes()
    try object { (scanner: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .kind:
        let name = try scanner.string()
        guard name != "session" else { break }
        guard let known = Correction.Kind(rawValue: name) else {
          throw JournalRecord.Problem(
            message:
              "a record of kind \"\(TextLayout.inert(String(name.prefix(40))))\" that this pomo does not know (made by a newer pomo?)"
          )
        }
        kind = known
      case .target: target = try scanner.string()
      case .session: session = try scanner.string()
      case .at: at = try scanner.time()
      case .added: added = try scanner.time()
      case .set: changes = try scanner.changes()
      case .id: id = try scanner.string()
      case .preset: preset = try scanner.string()
      case .status: status = try scanner.matches("completed") ? .completed : .interrupted
      case .interruption: interruption = try scanner.optionalString().map(Interruption.init(rawValue:))
      case .start: start = try scanner.time()
      case .end: end = try scanner.time()
      case .tags: tags = try scanner.strings()
      // Read even when not kept, so every reader agrees on which lines are damaged.
      case .note: note = try scanner.optionalString(keep: detail)
      case .host: host = try scanner.string(keep: detail) ?? ""
      case .source: source = try scanner.optionalString(keep: detail)
      case .rounds: rounds = try scanner.integer("rounds", in: Limits.rounds)
      case .planOffset: planOffset = try scanner.integer("plan_offset", in: Limits.planOffset)
      case .resumedFrom: resumedFrom = try scanner.optionalString()
      case .pausedSeconds: paused = try scanner.seconds("paused_seconds")
      case .sleptSeconds: slept = try scanner.seconds("slept_seconds")
      case .warmupSeconds: warmup = try scanner.seconds("warmup_seconds")
      case .cooldownSeconds: cooldown = try scanner.seconds("cooldown_seconds")
      case .endless: endless = try scanner.boolean()
      case .clockStepSeconds: clockStep = try scanner.seconds("clock_step_seconds")
      case .phases:
        try scanner.array { (s: inout RecordScanner, index: Int) throws(JournalRecord.Problem) in
          phases.append(try s.phase(index, detail: detail))
        }
      default: try scanner.skipValue()
      }
    }
    skipSpace()
    guard i == bytes.count else { throw fail("unexpected text after the record") }
    guard let id, !id.isEmpty else { throw JournalRecord.Problem(message: "no \"id\"") }
    if let kind {
      guard let target, !target.isEmpty else {
        throw JournalRecord.Problem(message: "a \(kind.rawValue) with no \"target\"")
      }
      guard let at else { throw JournalRecord.Problem(message: "a \(kind.rawValue) with no valid \"at\" time") }
      if kind == .undo && (session ?? "").isEmpty {
        throw JournalRecord.Problem(message: "an undo with no \"session\"")
      }
      return .correction(
        Correction(
          kind: kind, id: id, target: target, session: kind == .undo ? session : target, at: at, host: host,
          changes: kind == .amend ? changes : Correction.Changes()))
    }
    guard let start else { throw JournalRecord.Problem(message: "no valid \"start\" time") }
    var record = JournalRecord(
      id: id, preset: preset, status: status, interruption: interruption, start: start,
      end: end ?? phases.last?.end ?? start, tags: tags, note: note, host: host, source: source, rounds: rounds,
      planOffset: planOffset, resumedFrom: resumedFrom, pausedSeconds: paused, sleptSeconds: slept, phases: phases)
    record.added = added
    record.warmupSeconds = warmup
    record.cooldownSeconds = cooldown
    record.endless = endless
    record.clockStepSeconds = clockStep
    return .session(record)
  }

  /// The fields an amendment sets (`"set"`), checked as strictly as a session's.
  private mutating func changes() throws(JournalRecord.Problem) -> Correction.Changes {
    var changes = Correction.Changes()
    guard peek == UInt8(ascii: "{") else { throw fail("\"set\" is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .tags: changes.tags = try s.strings()
      case .note:
        changes.setsNote = true
        changes.note = try s.optionalString()
      case .start: changes.start = try s.time()
      case .end: changes.end = try s.time()
      case .preset: changes.preset = try s.string()
      case .status:
        if try s.matches("completed") {
          changes.status = .completed
        } else if s.lastStringWas("interrupted") {
          changes.status = .interrupted
        } else {
          throw JournalRecord.Problem(message: "\"set.status\" must be completed or interrupted")
        }
      default: try s.skipValue()
      }
    }
    return changes
  }

  private mutating func phase(_ index: Int, detail: Bool) throws(JournalRecord.Problem) -> JournalPhase {
    var name: String?
    var kind: PhaseKind?
    var round: Int?
    var start: Double?
    var end: Double?
    var planned: Double?
    var elapsed: Double?
    var completed = false
    var paused = 0.0
    var slept = 0.0
    var extended = 0.0
    var overtime = 0.0
    var exercise: String?
    var reps: Int?
    var countedRounds: Int?
    guard peek == UInt8(ascii: "{") else { throw fail("phases[\(index)] is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .name: name = try s.string(keep: detail)
      case .kind:
        if try s.matches("work") { kind = .work } else { kind = s.lastStringWas("rest") ? .rest : nil }
      case .round: round = try s.null() ? nil : s.integer("phases[\(index)].round", in: Limits.rounds)
      case .start: start = try s.time()
      case .end: end = try s.time()
      case .plannedSeconds: planned = try s.seconds("phases[\(index)].planned_seconds")
      case .elapsedSeconds: elapsed = try s.seconds("phases[\(index)].elapsed_seconds")
      case .completed: completed = try s.boolean()
      case .pausedSeconds: paused = try s.seconds("phases[\(index)].paused_seconds")
      case .sleptSeconds: slept = try s.seconds("phases[\(index)].slept_seconds")
      case .extendedSeconds: extended = try s.seconds("phases[\(index)].extended_seconds")
      case .overtimeSeconds: overtime = try s.seconds("phases[\(index)].overtime_seconds")
      case .exercise: exercise = try s.string()
      case .reps: reps = try s.integer("phases[\(index)].reps", in: PhaseCount.range)
      case .countedRounds: countedRounds = try s.integer("phases[\(index)].counted_rounds", in: PhaseCount.range)
      default: try s.skipValue()
      }
    }
    guard let kind, let start, let end, let elapsed else {
      throw JournalRecord.Problem(message: "phases[\(index)] is incomplete")
    }
    var phase = JournalPhase(
      name: name ?? kind.rawValue, kind: kind, round: round, start: start, end: end, plannedSeconds: planned ?? elapsed,
      elapsedSeconds: elapsed, completed: completed, pausedSeconds: paused, sleptSeconds: slept,
      extendedSeconds: extended, overtimeSeconds: overtime)
    phase.exercise = exercise
    phase.reps = reps
    phase.countedRounds = countedRounds
    return phase
  }

  // MARK: - Keys

  package enum Key {
    case id, preset, status, interruption, start, end, tags, note, host, source, rounds, planOffset, resumedFrom
    case pausedSeconds, sleptSeconds, phases, name, kind, round, plannedSeconds, elapsedSeconds, completed
    case extendedSeconds, overtimeSeconds, target, session, at, added, set, warmupSeconds, cooldownSeconds, endless,
      clockStepSeconds, exercise, reps, countedRounds, other
  }

  /// The key at the cursor, matched by length and then bytes: no allocation, few compares.
  private mutating func key() throws(JournalRecord.Problem) -> Key {
    guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
    let (from, to, escaped) = try rawString()
    if escaped { return .other }
    let r = from..<to
    switch to - from {
    case 2: return equal(r, "id") ? .id : equal(r, "at") ? .at : .other
    case 3: return equal(r, "end") ? .end : equal(r, "set") ? .set : .other
    case 4:
      switch bytes[from] {
      case UInt8(ascii: "k"): return equal(r, "kind") ? .kind : .other
      case UInt8(ascii: "n"): return equal(r, "name") ? .name : equal(r, "note") ? .note : .other
      case UInt8(ascii: "t"): return equal(r, "tags") ? .tags : .other
      case UInt8(ascii: "h"): return equal(r, "host") ? .host : .other
      case UInt8(ascii: "r"): return equal(r, "reps") ? .reps : .other
      default: return .other
      }
    case 5: return equal(r, "start") ? .start : equal(r, "round") ? .round : equal(r, "added") ? .added : .other
    case 6:
      switch bytes[from] {
      case UInt8(ascii: "p"): return equal(r, "preset") ? .preset : equal(r, "phases") ? .phases : .other
      case UInt8(ascii: "s"): return equal(r, "status") ? .status : equal(r, "source") ? .source : .other
      case UInt8(ascii: "r"): return equal(r, "rounds") ? .rounds : .other
      case UInt8(ascii: "t"): return equal(r, "target") ? .target : .other
      default: return .other
      }
    case 7: return equal(r, "session") ? .session : equal(r, "endless") ? .endless : .other
    case 8: return equal(r, "exercise") ? .exercise : .other
    case 9: return equal(r, "completed") ? .completed : .other
    case 11: return equal(r, "plan_offset") ? .planOffset : .other
    case 12: return equal(r, "interruption") ? .interruption : equal(r, "resumed_from") ? .resumedFrom : .other
    case 13: return equal(r, "slept_seconds") ? .sleptSeconds : .other
    case 14:
      if equal(r, "counted_rounds") { return .countedRounds }
      return equal(r, "paused_seconds") ? .pausedSeconds : equal(r, "warmup_seconds") ? .warmupSeconds : .other
    case 15:
      return equal(r, "planned_seconds") ? .plannedSeconds : equal(r, "elapsed_seconds") ? .elapsedSeconds : .other
    case 16:
      if equal(r, "cooldown_seconds") { return .cooldownSeconds }
      return equal(r, "extended_seconds") ? .extendedSeconds : equal(r, "overtime_seconds") ? .overtimeSeconds : .other
    case 18: return equal(r, "clock_step_seconds") ? .clockStepSeconds : .other
    default: return .other
    }
  }

  /// Reads a string and says whether it is exactly `word` (no allocation).
  private mutating func matches(_ word: StaticString) throws(JournalRecord.Problem) -> Bool {
    let (from, to, _) = try rawString()
    lastString = from..<to
    return equal(from..<to, word)
  }

  private var lastString = 0..<0

  private func lastStringWas(_ word: StaticString) -> Bool { equal(lastString, word) }

  private func equal(_ range: Range<Int>, _ word: StaticString) -> Bool {
    range.count == word.utf8CodeUnitCount
      && memcmp(bytes.baseAddress! + range.lowerBound, word.utf8Start, range.count) == 0
  }

  // MARK: - JSON

  private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  private func fail(_ message: String) -> JournalRecord.Problem {
    JournalRecord.Problem(
      message: i >= bytes.count
        ? "invalid JSON: the line ends early (\(message))" : "invalid JSON at column \(i + 1): \(message)")
  }

  private mutating func skipSpace() {
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
  }

  private mutating func expect(_ c: UInt8, _ what: String) throws(JournalRecord.Problem) {
    skipSpace()
    guard peek == c else { throw fail("expected \(what)") }
    i += 1
  }

  private mutating func object(
    _ member: (inout RecordScanner, Key) throws(JournalRecord.Problem) -> Void
  ) throws(JournalRecord.Problem) {
    depth += 1
    if depth > 64 { throw fail("nesting too deep") }
    try expect(UInt8(ascii: "{"), "'{'")
    skipSpace()
    if peek == UInt8(ascii: "}") {
      i += 1
      depth -= 1
      return
    }
    while true {
      skipSpace()
      let k = try key()
      try expect(UInt8(ascii: ":"), "':'")
      skipSpace()
      try member(&self, k)
      skipSpace()
      guard let c = peek else { throw fail("expected ',' or '}'") }
      i += 1
      if c == UInt8(ascii: "}") { break }
      guard c == UInt8(ascii: ",") else {
        i -= 1
        throw fail("expected ',' or '}'")
      }
    }
    depth -= 1
  }

  private mutating func array(
    _ element: (inout RecordScanner, Int) throws(JournalRecord.Problem) -> Void
  ) throws(JournalRecord.Problem) {
    depth += 1
    if depth > 64 { throw fail("nesting too deep") }
    try expect(UInt8(ascii: "["), "'['")
    skipSpace()
    if peek == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return
    }
    var index = 0
    while true {
      skipSpace()
      try element(&self, index)
      index += 1
      skipSpace()
      guard let c = peek else { throw fail("expected ',' or ']'") }
      i += 1
      if c == UInt8(ascii: "]") { break }
      guard c == UInt8(ascii: ",") else {
        i -= 1
        throw fail("expected ',' or ']'")
      }
    }
    depth -= 1
  }

  /// The bounds of a string's contents; whether it has escapes.
  private mutating func rawString() throws(JournalRecord.Problem) -> (Int, Int, Bool) {
    guard peek == UInt8(ascii: "\"") else { throw fail("expected a string") }
    i += 1
    let from = i
    var escaped = false
    let base = bytes.baseAddress!
    while i < bytes.count {
      // Jump to the next quote; only when a backslash stands before it look closer.
      guard let hit = memchr(base + i, 0x22, bytes.count - i) else { break }
      let quote = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      guard memchr(base + i, 0x5C, quote - i) != nil else {
        i = quote + 1
        return (from, quote, escaped)
      }
      escaped = true
      var k = i
      while k < quote { k += base[k] == 0x5C ? 2 : 1 }
      if k > quote {
        // The quote was escaped; keep looking after it.
        i = k
        continue
      }
      i = quote + 1
      return (from, quote, escaped)
    }
    i = bytes.count
    throw fail("unterminated string")
  }

  private mutating func string() throws(JournalRecord.Problem) -> String {
    let (from, to, escaped) = try rawString()
    let slice = UnsafeBufferPointer(rebasing: bytes[from..<to])
    if !escaped {
      guard let text = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8") }
      return text
    }
    // Rare: hand escapes to the general parser.
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    quoted += slice
    quoted.append(UInt8(ascii: "\""))
    guard let value = try? JSONParser.parse(quoted), case .string(let s) = value.kind else {
      throw fail("invalid string escape")
    }
    return s
  }

  private mutating func optionalString(keep: Bool = true) throws(JournalRecord.Problem) -> String? {
    if try null() { return nil }
    return try string(keep: keep)
  }

  /// A string checked as `string()` checks it; nil when not kept, so nothing is allocated for
  /// a plain one.
  private mutating func string(keep: Bool) throws(JournalRecord.Problem) -> String? {
    if keep { return try string() }
    let (from, to, escaped) = try rawString()
    if escaped {
      i = from - 1
      _ = try string()
    } else {
      var iterator = UnsafeBufferPointer(rebasing: bytes[from..<to]).makeIterator()
      var decoder = UTF8()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: break loop
        case .error: throw fail("invalid UTF-8")
        }
      }
    }
    return nil
  }

  private mutating func strings() throws(JournalRecord.Problem) -> [String] {
    var result: [String] = []
    try array { (s: inout RecordScanner, _: Int) throws(JournalRecord.Problem) in result.append(try s.string()) }
    return result
  }

  private mutating func null() throws(JournalRecord.Problem) -> Bool {
    guard peek == UInt8(ascii: "n") else { return false }
    try word("null")
    return true
  }

  private mutating func word(_ w: StaticString) throws(JournalRecord.Problem) {
    let n = w.utf8CodeUnitCount
    guard i + n <= bytes.count else { throw fail("invalid literal") }
    let p = w.utf8Start
    for k in 0..<n where bytes[i + k] != p[k] { throw fail("invalid literal") }
    i += n
  }

  private mutating func boolean() throws(JournalRecord.Problem) -> Bool {
    if peek == UInt8(ascii: "t") {
      try word("true")
      return true
    }
    try word("false")
    return false
  }

  /// The bounds every number in a record must keep, checked before any conversion, so a
  /// damaged or hostile line is refused as damaged rather than trapping on overflow.
  package enum Limits {
    /// As presets and `--rounds` allow.
    static let rounds = Preset.roundsRange
    static let planOffset = 0...1_000_000_000
    /// Any duration: about 31 years, far beyond any session, far within Int64 milliseconds.
    static let seconds = 0.0...1_000_000_000.0
  }

  /// A whole number in `range`, or the line is damaged.
  private mutating func integer(_ key: @autoclosure () -> String, in range: ClosedRange<Int>) throws(JournalRecord
    .Problem) -> Int
  {
    let from = i
    let value = try number()
    guard value.isFinite, value.rounded() == value, value >= Double(range.lowerBound),
      value <= Double(range.upperBound)
    else {
      throw JournalRecord.Problem(
        message:
          "\"\(key())\" must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text(from))")
    }
    return Int(value)
  }

  /// A number of seconds within `Limits.seconds`, or the line is damaged.
  private mutating func seconds(_ key: @autoclosure () -> String) throws(JournalRecord.Problem) -> Double {
    let from = i
    let value = try number()
    guard value.isFinite, Limits.seconds.contains(value) else {
      throw JournalRecord.Problem(
        message: "\"\(key())\" must be from 0 to \(Int(Limits.seconds.upperBound)) seconds, got \(text(from))")
    }
    return value
  }

  /// The text from `from` to the cursor, shortened for a one-line message.
  private func text(_ from: Int) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[from..<min(i, from + 40)])
    return String(decoding: slice, as: UTF8.self) + (i - from > 40 ? "..." : "")
  }

  /// A JSON number; integers and up to 9 decimals are read exactly, anything else by strtod rules.
  private mutating func number() throws(JournalRecord.Problem) -> Double {
    let from = i
    var negative = false
    if peek == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var whole: Int64 = 0
    var digits = 0
    while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
      if digits < 18 { whole = whole * 10 + Int64(bytes[i] - 48) }
      digits += 1
      i += 1
    }
    guard digits > 0 else { throw fail("expected a number") }
    var value = Double(whole)
    if peek == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      var any = false
      while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
        value += Double(bytes[i] - 48) * scale
        scale /= 10
        any = true
        i += 1
      }
      guard any else { throw fail("expected a digit after '.'") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") || digits >= 18 {
      while i < bytes.count,
        bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") || bytes[i] == UInt8(ascii: "+")
          || bytes[i] == UInt8(ascii: "-") || (bytes[i] >= 48 && bytes[i] <= 57)
      {
        i += 1
      }
      guard let exact = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<i]), as: UTF8.self)) else {
        throw fail("invalid number")
      }
      return exact
    }
    return negative ? -value : value
  }

  private mutating func time() throws(JournalRecord.Problem) -> Double {
    let (from, to, escaped) = try rawString()
    guard !escaped, let t = RFC3339.parse(UnsafeBufferPointer(rebasing: bytes[from..<to])) else {
      throw fail("invalid RFC 3339 time")
    }
    return t
  }

  private mutating func skipValue() throws(JournalRecord.Problem) {
    skipSpace()
    guard let c = peek else { throw fail("expected a value") }
    switch c {
    case UInt8(ascii: "\""): _ = try rawString()
    case UInt8(ascii: "{"):
      try object { (s: inout RecordScanner, _: Key) throws(JournalRecord.Problem) in try s.skipValue() }
    case UInt8(ascii: "["):
      try array { (s: inout RecordScanner, _: Int) throws(JournalRecord.Problem) in try s.skipValue() }
    case UInt8(ascii: "t"): try word("true")
    case UInt8(ascii: "f"): try word("false")
    case UInt8(ascii: "n"): try word("null")
    default: _ = try number()
    }
  }
}
