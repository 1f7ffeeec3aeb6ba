import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The one reader of journal lines, at the speed full-history reads need.
///
/// It checks the JSON as it goes (so a damaged line is refused, never half-read), reads the
/// fields pomo knows into a `ScannedLine` and steps over any others without building them.
/// What is made of the line is the reader's choice: a whole record (`decodeEntry`), or only
/// the summary the index and the day totals keep, straight from the `ScannedLine`, with no
/// string built. Every reader reads through here, so all agree on which lines are damaged
/// and on what the others say.
///
/// Most lines are as pomo writes them, and most of their strings are plain ASCII; those are
/// read a word (8 bytes) at a time, their keys named from whole words and each time parsed
/// once per line. Anything else (an escape, a byte above ASCII, keys in another order, a
/// number with an exponent) takes the general path, which also words every message.
package struct RecordScanner {
  private typealias Problem = JournalRecord.Problem

  private let p: UnsafePointer<UInt8>
  private let n: Int
  private var i = 0
  private var depth = 0
  /// Where what is read goes: the caller's `ScannedLine`, written in place.
  private let target: UnsafeMutablePointer<ScannedLine>
  private var out: ScannedLine {
    unsafeAddress { UnsafePointer(target) }
    nonmutating unsafeMutableAddress { target }
  }
  /// Held here, so naming a key never asks whether the table is made yet.
  private let keys = RecordKey.Table.shared
  /// The last time read on this line, by its bytes: a phase starts when the one before it ends.
  private var lastTime: (text: TimeText, value: Double) = (TimeText(), 0)
  /// The last time parsed in full, less its clock time, when it had no fraction of a second:
  /// the other times of a line are mostly of the same day.
  private var lastBase: Int64?

  private init(_ p: UnsafePointer<UInt8>, _ n: Int, into target: UnsafeMutablePointer<ScannedLine>) {
    self.p = p
    self.n = n
    self.target = target
  }

  private var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: p, count: n) }

  /// Reads `line` into `scanned` (its arrays' room kept), or says why the line is damaged.
  package static func scan(_ line: UnsafeBufferPointer<UInt8>, into scanned: inout ScannedLine)
    throws(JournalRecord.Problem)
  {
    guard let base = line.baseAddress, !line.isEmpty else {
      throw Problem(message: "invalid JSON: the line ends early (not a JSON object)")
    }
    scanned.reset()
    try withUnsafeMutablePointer(to: &scanned) { (target) throws(Problem) in
      var scanner = RecordScanner(base, line.count, into: target)
      try scanner.line()
    }
  }

  /// A line of any kind, read whole (no copy of the line).
  package static func decodeEntry(_ line: UnsafeBufferPointer<UInt8>, detail: Bool = true)
    throws(JournalRecord.Problem) -> JournalEntry
  {
    var scanned = ScannedLine()
    try scan(line, into: &scanned)
    return scanned.entry(in: line, detail: detail)
  }

  // MARK: - Records

  private mutating func line() throws(Problem) {
    // A UTF-8 byte order mark (some editors write one at the top of a file) is not part of the record.
    if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
    skipSpace()
    try object("not a JSON object") { (s, key) throws(Problem) in
      switch key {
      case .kind:
        let name = try s.text()
        if s.isWord(name, "task") {
          s.out.isTask = true
        } else if !s.isWord(name, "session") {
          let text = name.string(in: s.buffer, decoded: s.out.decoded)
          guard let known = Correction.Kind(rawValue: text) else {
            throw Problem(
              message:
                "a record of kind \"\(TextLayout.inert(String(text.prefix(40))))\" that this pomo does not know (made by a newer pomo?)"
            )
          }
          s.out.correction = known
        }
      case .target: s.out.target = try s.text()
      case .session: s.out.session = try s.text()
      case .at: s.out.at = try s.time()
      case .added: s.out.added = try s.time()
      case .set:
        let changes = try s.changes()
        s.out.changes = changes
        s.out.setsChanges = true
      case .id: s.out.id = try s.text()
      case .preset: s.out.preset = try s.text()
      case .status:
        // Read before `out` is looked at, so it is not copied.
        let status = try s.text()
        s.out.completed = s.isWord(status, "completed")
        s.out.void = !s.out.completed && s.isWord(status, "void")
      case .interruption: s.out.interruption = try s.optionalText()
      case .voidReason: s.out.voidReason = try s.optionalText()
      case .start: s.out.start = try s.time()
      case .end: s.out.end = try s.time()
      case .tags:
        // The last "tags" is the one kept.
        s.out.tags.removeAll(keepingCapacity: true)
        try s.array { (s, _) throws(Problem) in
          let tag = try s.text()
          s.out.tags.append(tag)
        }
      case .note: s.out.note = try s.optionalText()
      case .host: s.out.host = try s.text()
      case .source: s.out.source = try s.optionalText()
      case .rounds: s.out.rounds = try s.integer(key, in: Limits.rounds)
      case .planOffset: s.out.planOffset = try s.integer(key, in: Limits.planOffset)
      case .resumedFrom: s.out.resumedFrom = try s.optionalText()
      case .pausedSeconds: s.out.pausedSeconds = try s.seconds(key)
      case .sleptSeconds: s.out.sleptSeconds = try s.seconds(key)
      case .warmupSeconds: s.out.warmupSeconds = try s.seconds(key)
      case .cooldownSeconds: s.out.cooldownSeconds = try s.seconds(key)
      case .endless: s.out.endless = try s.boolean()
      case .clockStepSeconds: s.out.clockStepSeconds = try s.seconds(key)
      case .task: s.out.task = try s.text()
      case .workout: s.out.statedWorkout = try s.boolean()
      case .title: s.out.title = try s.text()
      case .estimate: s.out.estimate = try s.integer(key, in: TaskRecord.estimates)
      case .done: s.out.done = try s.null() ? nil : s.time()
      // Every "phases" adds its phases.
      case .phases: try s.array { (s, index) throws(Problem) in try s.phase(index) }
      default: try s.skipValue()
      }
    }
    skipSpace()
    guard i == n else { throw fail("unexpected text after the record") }
    guard !out.isEmpty(out.id) else { throw Problem(message: "no \"id\"") }
    if out.isTask {
      guard out.at != nil else { throw Problem(message: "a task with no valid \"at\" time") }
      guard let title = out.title, !out.isEmpty(title) else { throw Problem(message: "a task with no \"title\"") }
    } else if let kind = out.correction {
      guard let target = out.target, !out.isEmpty(target) else {
        throw Problem(message: "a \(kind.rawValue) with no \"target\"")
      }
      guard out.at != nil else { throw Problem(message: "a \(kind.rawValue) with no valid \"at\" time") }
      if kind == .undo && (out.session.map(out.isEmpty) ?? true) {
        throw Problem(message: "an undo with no \"session\"")
      }
    } else {
      guard out.start != nil else { throw Problem(message: "no valid \"start\" time") }
      // What the line counts for (docs/journal.md, "What a record counts"), decided here once.
      if out.completed && out.cutShort {
        out.completed = false
        out.skipped = true
      }
      if let stated = out.statedWorkout {
        out.workout = stated
      } else if let preset = out.preset {
        out.workout = preset.withUTF8(in: buffer, decoded: out.decoded) { WorkoutRule.isWorkout(presetUTF8: $0) }
      }
    }
  }

  /// The fields an amendment sets (`"set"`), checked as strictly as a session's.
  private mutating func changes() throws(Problem) -> Correction.Changes {
    var changes = Correction.Changes()
    try object("\"set\" is not an object") { (s, key) throws(Problem) in
      switch key {
      case .tags:
        var tags: [String] = []
        try s.array { (s, _) throws(Problem) in tags.append(try s.string()) }
        changes.tags = tags
      case .note:
        changes.setsNote = true
        changes.note = try s.null() ? nil : s.string()
      case .start: changes.start = try s.time()
      case .end: changes.end = try s.time()
      case .kept: changes.keptAway = try s.boolean()
      case .preset: changes.preset = try s.string()
      case .status:
        guard let status = JournalRecord.Status(rawValue: try s.string()) else {
          throw Problem(message: "\"set.status\" must be completed, interrupted or void")
        }
        changes.status = status
      case .title: changes.title = try s.string()
      case .estimate: changes.estimate = try s.integer(key, at: "set.", in: TaskRecord.estimates)
      case .done:
        changes.setsDone = true
        changes.done = try s.null() ? nil : s.time()
      default: try s.skipValue()
      }
    }
    return changes
  }

  /// Reads a phase into `out`: its end always, the phase itself when `out` keeps phases.
  private mutating func phase(_ index: Int) throws(Problem) {
    let mark = i
    if usualPhase() { return }
    i = mark
    // What no phase may lack; the rest is read into `phase` as it comes.
    var kind: PhaseKind?
    var start: Double?
    var end: Double?
    var elapsed: Double?
    var phase = ScannedPhase(kind: .work, start: 0, end: 0, elapsedSeconds: 0, completed: false)
    let path = "phases[\(index)]"
    try object("\(path) is not an object") { (s, key) throws(Problem) in
      switch key {
      case .name: phase.name = try s.text()
      case .kind:
        let text = try s.text()
        kind = s.isWord(text, "work") ? .work : s.isWord(text, "rest") ? .rest : nil
      case .round: phase.round = try s.null() ? nil : s.integer(key, at: path + ".", in: Limits.rounds)
      case .start: start = try s.time()
      case .end: end = try s.time()
      case .plannedSeconds: phase.plannedSeconds = try s.seconds(key, at: path + ".")
      case .elapsedSeconds: elapsed = try s.seconds(key, at: path + ".")
      case .completed: phase.completed = try s.boolean()
      case .pausedSeconds: phase.pausedSeconds = try s.seconds(key, at: path + ".")
      case .sleptSeconds: phase.sleptSeconds = try s.seconds(key, at: path + ".")
      case .extendedSeconds: phase.extendedSeconds = try s.seconds(key, at: path + ".")
      case .overtimeSeconds: phase.overtimeSeconds = try s.seconds(key, at: path + ".")
      case .exercise: phase.exercise = try s.text()
      case .reps: phase.reps = try s.integer(key, at: path + ".", in: PhaseCount.range)
      case .countedRounds: phase.countedRounds = try s.integer(key, at: path + ".", in: PhaseCount.range)
      case .marks:
        // The last "marks" is the one kept.
        phase.marks.removeAll()
        try s.array { (s, k) throws(Problem) in phase.marks.append(try s.mark("\(path).marks[\(k)]")) }
      case .away:
        try s.array { (s, k) throws(Problem) in phase.away.append(try s.awaySpan("\(path).away[\(k)]")) }
      case .void: phase.void = try s.boolean()
      default: try s.skipValue()
      }
    }
    guard let kind, let start, let end, let elapsed else {
      throw Problem(message: "\(path) is incomplete")
    }
    phase.kind = kind
    phase.start = start
    phase.end = end
    phase.elapsedSeconds = elapsed
    keep(phase)
  }

  /// An interruption mark (`{"at":…,"kind":"internal"|"external","note":…}`), checked whole.
  private mutating func mark(_ path: String) throws(Problem) -> PhaseMark {
    var at: Double?
    var kind: PhaseMark.Kind?
    var note: String?
    try object("\(path) is not an object") { (s, key) throws(Problem) in
      switch key {
      case .at: at = try s.time()
      case .kind:
        guard let known = PhaseMark.Kind(rawValue: try s.string()) else {
          throw Problem(message: "\"\(path).kind\" must be internal or external")
        }
        kind = known
      case .note: note = try s.null() ? nil : s.string()
      default: try s.skipValue()
      }
    }
    guard let at, let kind else { throw Problem(message: "\(path) is incomplete") }
    return PhaseMark(kind: kind, at: at, note: note)
  }

  /// A span away of a phase, checked whole: a start, an end not before it, and a cause.
  private mutating func awaySpan(_ path: String) throws(Problem) -> JournalAway {
    var start: Double?
    var end: Double?
    var cause: String?
    var paused = false
    var kept: Bool?
    try object("\(path) is not an object") { (s, key) throws(Problem) in
      switch key {
      case .start: start = try s.time()
      case .end: end = try s.time()
      case .cause: cause = try s.string()
      case .paused: paused = try s.boolean()
      case .kept: kept = try s.null() ? nil : s.boolean()
      default: try s.skipValue()
      }
    }
    guard let start, let end, let cause, end >= start else { throw Problem(message: "\(path) is incomplete") }
    return JournalAway(start: start, end: end, cause: cause, paused: paused, kept: kept)
  }

  /// A phase as pomo writes it (these keys in this order, no spaces, no others), its keys and
  /// punctuation compared as words; nil for any other phase (or any doubt), which `phase`
  /// then reads key by key from the same place.
  private mutating func usualPhase() -> Bool {
    // `{"name":`
    guard skip(0x3A22_656D_616E_227B, 8), let name = plainText() else { return false }
    // `,"kind":`
    guard skip(0x3A22_646E_696B_222C, 8), let kind = plainText() else { return false }
    let work = equal(kind, "work")
    guard work || equal(kind, "rest") else { return false }
    // `,"round":`
    guard skip(0x2264_6E75_6F72_222C, 8), skip(0x3A, 1) else { return false }
    var round: Int?
    if i < n, p[i] == UInt8(ascii: "n") {
      guard word("null") else { return false }
    } else {
      guard let value = try? integer(.round, in: Limits.rounds) else { return false }
      round = value
    }
    // `,"start":`, `,"end":`
    guard skip(0x2274_7261_7473_222C, 8), skip(0x3A, 1), let start = try? time() else { return false }
    guard skip(0x3A_2264_6E65_222C, 7), let end = try? time() else { return false }
    // `,"planned_seconds":`, `,"elapsed_seconds":`
    guard skip(0x656E_6E61_6C70_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3),
      let planned = try? seconds(.plannedSeconds)
    else { return false }
    guard skip(0x6573_7061_6C65_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3),
      let elapsed = try? seconds(.elapsedSeconds)
    else { return false }
    // `,"completed":`
    guard skip(0x656C_706D_6F63_222C, 8), skip(0x3A_2264_6574, 5) else { return false }
    let completed = i < n && p[i] == UInt8(ascii: "t")
    guard word(completed ? "true" : "false"), i < n, p[i] == UInt8(ascii: "}") else { return false }
    i += 1
    keep(
      ScannedPhase(
        name: ScannedText(from: name.lowerBound, to: name.upperBound), kind: work ? .work : .rest, round: round,
        start: start, end: end, plannedSeconds: planned, elapsedSeconds: elapsed, completed: completed))
    return true
  }

  /// A phase read: when it ends, and the phase itself when `out` keeps phases.
  @inline(__always)
  private func keep(_ phase: ScannedPhase) {
    if phase.kind == .work && phase.isCutShort && !phase.void { out.cutShort = true }
    out.lastPhaseEnd = phase.end
    if !(phase.end <= out.latestPhaseEnd ?? -.infinity) { out.latestPhaseEnd = phase.end }
    if phase.exercise != nil || phase.reps != nil || phase.countedRounds != nil { out.countsExercises = true }
    if out.keepsPhases { out.phases.append(phase) }
  }

  /// Steps over the `count` bytes at the cursor when they are those of `word` (little-endian).
  @inline(__always)
  private mutating func skip(_ word: UInt64, _ count: Int) -> Bool {
    guard i + 8 <= n, load(i) & (UInt64.max >> UInt64(64 - 8 * count)) == word else { return false }
    i += count
    return true
  }

  // MARK: - Keys

  /// The key in `r` (bytes of the line).
  private func key(_ r: Range<Int>) -> RecordKey {
    let count = r.count
    guard count <= 8 else {
      let key = keys.key(head: load(r.lowerBound), tail: load(r.upperBound - 8), count: count)
      // Longer than two words: the bytes in between must match too.
      return count <= 16 || key.rawValue.utf8.elementsEqual(UnsafeBufferPointer(rebasing: buffer[r])) ? key : .other
    }
    var w: UInt64 = 0
    for k in r.reversed() { w = w << 8 | UInt64(p[k]) }
    return keys.key(head: w, tail: 0, count: count)
  }

  /// The name of the key read in `text` (for tests), by both ways a key is read: from the
  /// words of a quoted key with room after it, and byte by byte; both names when they differ.
  package static func keyName(_ text: String) -> String {
    var quoted = Array("\"\(text)\"".utf8) + Array(repeating: UInt8(ascii: " "), count: 16)
    var scanned = ScannedLine()
    return quoted.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &scanned) { target in
        var scanner = RecordScanner(UnsafePointer(buffer.baseAddress!), buffer.count, into: target)
        let fast = (try? scanner.readKey()).map { "\($0)" } ?? "none"
        let slow = text.isEmpty ? "other" : "\(scanner.key(1..<1 + text.utf8.count))"
        return fast == slow ? fast : "\(fast) or \(slow)"
      }
    }
  }

  /// The key at the cursor: from the words it is read in when it is plain and 16 bytes from
  /// the end; a key with an escape is none pomo knows.
  @inline(__always)
  private mutating func readKey() throws(Problem) -> RecordKey {
    guard i < n, p[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
    let from = i + 1
    if from + 16 <= n {
      let head = load(from)
      let first = Self.special(head)
      if first != 0 {
        let count = first.trailingZeroBitCount >> 3
        if p[from + count] == 0x22 {
          i = from + count + 1
          return keys.key(head: head & ~(UInt64.max << UInt64(8 * count)), tail: 0, count: count)
        }
      } else {
        let second = Self.special(load(from + 8))
        if second != 0 {
          let count = 8 + second.trailingZeroBitCount >> 3
          if p[from + count] == 0x22 {
            i = from + count + 1
            return keys.key(head: head, tail: count > 8 ? load(from + count - 8) : 0, count: count)
          }
        }
      }
    }
    let (start, end, escaped) = try rawString()
    return escaped ? .other : key(start..<end)
  }

  @inline(__always)
  private func load(_ k: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
  }

  /// Whether a string read is exactly `word` (looked up in the line, not copied out of it).
  @inline(__always)
  private func isWord(_ text: ScannedText, _ word: StaticString) -> Bool {
    guard text.decoded >= 0 else { return equal(text.from..<text.to, word) }
    return out.decoded[text.decoded].utf8.elementsEqual(
      UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  @inline(__always)
  private func equal(_ r: Range<Int>, _ word: StaticString) -> Bool {
    guard r.count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    for k in 0..<r.count where p[r.lowerBound + k] != w[k] { return false }
    return true
  }

  /// The quote, backslash and non-ASCII bytes of a word, as the high bit of their byte; the
  /// lowest one set is exact (those above it may be false alarms).
  @inline(__always)
  private static func special(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = w ^ 0x2222_2222_2222_2222
    let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
    return ((quote &- ones) & ~quote | (slash &- ones) & ~slash | w) & 0x8080_8080_8080_8080
  }

  // MARK: - JSON

  private func fail(_ message: String) -> Problem {
    Problem(
      message: i >= n ? "invalid JSON: the line ends early (\(message))" : "invalid JSON at column \(i + 1): \(message)"
    )
  }

  private mutating func skipSpace() {
    while i < n {
      let c = p[i]
      guard c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A else { return }
      i += 1
    }
  }

  /// The members of the object at the cursor (else the line is damaged: `problem`), each
  /// handed to `member` by its key.
  private mutating func object(
    _ problem: @autoclosure () -> String, _ member: (inout RecordScanner, RecordKey) throws(Problem) -> Void
  ) throws(Problem) {
    try elements(UInt8(ascii: "{"), UInt8(ascii: "}"), problem()) { (s, _) throws(Problem) in
      let key = try s.readKey()
      s.skipSpace()
      guard s.i < s.n, s.p[s.i] == UInt8(ascii: ":") else { throw s.fail("expected ':'") }
      s.i += 1
      s.skipSpace()
      try member(&s, key)
    }
  }

  /// The elements of the array at the cursor, each handed to `element` with its index.
  private mutating func array(_ element: (inout RecordScanner, Int) throws(Problem) -> Void) throws(Problem) {
    try elements(UInt8(ascii: "["), UInt8(ascii: "]"), "expected '['", element)
  }

  /// What an object or an array holds, from `open` at the cursor (else `problem`) to `close`.
  private mutating func elements(
    _ open: UInt8, _ close: UInt8, _ problem: @autoclosure () -> String,
    _ element: (inout RecordScanner, Int) throws(Problem) -> Void
  ) throws(Problem) {
    guard i < n, p[i] == open else { throw fail(problem()) }
    depth += 1
    if depth > 64 { throw fail("nesting too deep") }
    i += 1
    skipSpace()
    if i < n, p[i] == close {
      i += 1
    } else {
      var index = 0
      repeat {
        skipSpace()
        try element(&self, index)
        index += 1
        skipSpace()
        guard i < n, p[i] == close || p[i] == UInt8(ascii: ",") else {
          throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
        i += 1
      } while p[i - 1] != close
    }
    depth -= 1
  }

  /// The bounds of a string's contents; whether it has escapes. Its bytes are not checked.
  private mutating func rawString() throws(Problem) -> (Int, Int, Bool) {
    guard i < n, p[i] == UInt8(ascii: "\"") else { throw fail("expected a string") }
    i += 1
    let from = i
    var escaped = false
    while i < n {
      // Jump to the next quote; only when a backslash stands before it look closer.
      guard let hit = memchr(p + i, 0x22, n - i) else { break }
      let quote = p.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      guard memchr(p + i, 0x5C, quote - i) != nil else {
        i = quote + 1
        return (from, quote, escaped)
      }
      escaped = true
      var k = i
      while k < quote { k += p[k] == 0x5C ? 2 : 1 }
      if k > quote {
        // The quote was escaped; keep looking after it.
        i = k
        continue
      }
      i = quote + 1
      return (from, quote, escaped)
    }
    i = n
    throw fail("unterminated string")
  }

  /// The contents of a plain string at the cursor (only ASCII, no escape), read a word at a
  /// time; nil (the cursor anywhere) for any other.
  @inline(__always)
  private mutating func plainText() -> Range<Int>? {
    guard i < n, p[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    let from = i
    while i + 8 <= n {
      let special = Self.special(load(i))
      if special == 0 {
        i += 8
        continue
      }
      i += special.trailingZeroBitCount >> 3
      break
    }
    while i < n {
      let c = p[i]
      if c == 0x22 || c == 0x5C || c >= 0x80 { break }
      i += 1
    }
    guard i < n, p[i] == 0x22 else { return nil }
    i += 1
    return from..<(i - 1)
  }

  /// A string: checked UTF-8, its escapes read.
  @inline(__always)
  private mutating func text() throws(Problem) -> ScannedText {
    let mark = i
    if let plain = plainText() { return ScannedText(from: plain.lowerBound, to: plain.upperBound) }
    i = mark
    let (from, to, escaped) = try rawString()
    let slice = UnsafeBufferPointer(rebasing: buffer[from..<to])
    guard escaped else {
      var iterator = slice.makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return ScannedText(from: from, to: to)
        case .error: throw fail("invalid UTF-8")
        }
      }
    }
    // Rare: hand escapes to the general parser.
    var quoted: [UInt8] = [UInt8(ascii: "\"")]
    quoted += slice
    quoted.append(UInt8(ascii: "\""))
    guard let value = try? JSONParser.parse(quoted), case .string(let s) = value.kind else {
      throw fail("invalid string escape")
    }
    out.decoded.append(s)
    return ScannedText(from: from, to: to, decoded: out.decoded.count - 1)
  }

  /// A string, made: for the fields few lines have.
  private mutating func string() throws(Problem) -> String {
    let text = try text()
    return text.string(in: buffer, decoded: out.decoded)
  }

  private mutating func optionalText() throws(Problem) -> ScannedText? {
    try null() ? nil : text()
  }

  private mutating func null() throws(Problem) -> Bool {
    guard i < n, p[i] == UInt8(ascii: "n") else { return false }
    guard word("null") else { throw fail("invalid literal") }
    return true
  }

  private mutating func word(_ w: StaticString) -> Bool {
    guard i + w.utf8CodeUnitCount <= n, equal(i..<i + w.utf8CodeUnitCount, w) else { return false }
    i += w.utf8CodeUnitCount
    return true
  }

  private mutating func boolean() throws(Problem) -> Bool {
    let value = i < n && p[i] == UInt8(ascii: "t")
    guard word(value ? "true" : "false") else { throw fail("invalid literal") }
    return value
  }

  /// The bounds every number in a record must keep, checked before any conversion, so a
  /// damaged or hostile line is refused as damaged rather than trapping on overflow.
  package enum Limits {
    /// As presets and `--rounds` allow.
    package static let rounds = Preset.roundsRange
    package static let planOffset = 0...1_000_000_000
    /// Any duration: about 31 years, far beyond any session, far within Int64 milliseconds.
    package static let seconds = 0.0...1_000_000_000.0
  }

  /// A whole number in `range`, or the line is damaged (`path` and `key` name it).
  private mutating func integer(_ key: RecordKey, at path: @autoclosure () -> String = "", in range: ClosedRange<Int>)
    throws(Problem) -> Int
  {
    let from = i
    let value = try number()
    // In range first (NaN is not), so the value fits an Int and truncating it tells a whole
    // number with no call to libm.
    guard value >= Double(range.lowerBound), value <= Double(range.upperBound), Double(Int(value)) == value else {
      throw Problem(
        message:
          "\"\(path())\(key.rawValue)\" must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(excerpt(from))"
      )
    }
    return Int(value)
  }

  /// A number of seconds within `Limits.seconds`, or the line is damaged.
  private mutating func seconds(_ key: RecordKey, at path: @autoclosure () -> String = "") throws(Problem) -> Double {
    let from = i
    let value = try number()
    guard value.isFinite, Limits.seconds.contains(value) else {
      throw Problem(
        message:
          "\"\(path())\(key.rawValue)\" must be from 0 to \(Int(Limits.seconds.upperBound)) seconds, got \(excerpt(from))"
      )
    }
    return value
  }

  /// The text from `from` to the cursor, shortened for a one-line message.
  private func excerpt(_ from: Int) -> String {
    let slice = UnsafeBufferPointer(rebasing: buffer[from..<min(i, from + 40)])
    return String(decoding: slice, as: UTF8.self) + (i - from > 40 ? "..." : "")
  }

  /// A JSON number. One with fewer than 18 digits before its point and no exponent is read
  /// here (integers and up to 9 decimals exactly); any other by strtod rules.
  @inline(__always)
  private mutating func number() throws(Problem) -> Double {
    let from = i
    let negative = i < n && p[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var whole: Int64 = 0
    let first = i
    while i < n, p[i] &- 48 < 10 {
      whole = whole &* 10 &+ Int64(p[i] &- 48)
      i += 1
    }
    let digits = i - first
    guard digits > 0 else { throw fail("expected a number") }
    // JSON has no leading zeros (`01`): a line that holds one is not JSON, and `log --json`
    // would pass it on to readers that refuse it.
    guard digits == 1 || p[first] != UInt8(ascii: "0") else {
      i = first + 1
      throw fail("numbers cannot have leading zeros")
    }
    var value = Double(whole)
    if i < n, p[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      let point = i
      while i < n, p[i] &- 48 < 10 {
        value += Double(p[i] &- 48) * scale
        scale /= 10
        i += 1
      }
      guard i > point else { throw fail("expected a digit after '.'") }
    }
    guard digits >= 18 || i < n && p[i] | 0x20 == UInt8(ascii: "e") else { return negative ? -value : value }
    while i < n, p[i] &- 48 < 10 || p[i] | 0x20 == UInt8(ascii: "e") || p[i] == 0x2B || p[i] == 0x2D { i += 1 }
    guard let exact = Double(String(decoding: UnsafeBufferPointer(rebasing: buffer[from..<i]), as: UTF8.self)) else {
      throw fail("invalid number")
    }
    return exact
  }

  /// A time, read by `RFC3339.parse` unless it is the last one read again, or of its day.
  /// A text of 16 to 31 bytes is held in four words, so it is found and compared at once.
  private mutating func time() throws(Problem) -> Double {
    guard i < n, p[i] == UInt8(ascii: "\"") else { throw fail("expected a string") }
    let from = i + 1
    if from + 32 <= n {
      let w0 = load(from)
      let w1 = load(from + 8)
      let w2 = load(from + 16)
      let w3 = load(from + 24)
      let s2 = Self.special(w2)
      let s3 = Self.special(w3)
      if Self.special(w0) | Self.special(w1) == 0 && s2 | s3 != 0 {
        let count = s2 != 0 ? 16 + s2.trailingZeroBitCount >> 3 : 24 + s3.trailingZeroBitCount >> 3
        if p[from + count] == 0x22 {
          let text = TimeText(
            w0: w0, w1: w1, w2: count >= 24 ? w2 : w2 & ~(UInt64.max << UInt64(8 * (count - 16))),
            w3: count >= 24 ? w3 & ~(UInt64.max << UInt64(8 * (count - 24))) : 0, count: count)
          i = from + count + 1
          if text == lastTime.text { return lastTime.value }
          let t: Double
          if let base = lastBase, text.count == lastTime.text.count, text.w0 == lastTime.text.w0,
            (text.w1 ^ lastTime.text.w1) & 0xFF_FFFF == 0, (text.w2 ^ lastTime.text.w2) & ~0xFF_FFFF == 0,
            text.w3 == lastTime.text.w3, let clock = Self.clock(p + from)
          {
            // The last time's date and zone with another clock time: what `RFC3339.parse` would
            // make of it, since it checks the clock's bytes as `clock` does, and the rest are
            // bytes it accepted (with no fraction, so the sum is exact).
            t = Double(base + clock)
          } else {
            guard let parsed = RFC3339.parse(UnsafeBufferPointer(start: p + from, count: count)) else {
              throw fail("invalid RFC 3339 time")
            }
            t = parsed
            lastBase =
              count >= 20 && p[from + 19] != UInt8(ascii: ".") ? Self.clock(p + from).map { Int64(parsed) - $0 } : nil
          }
          lastTime = (text, t)
          return t
        }
      }
    }
    let (start, end, escaped) = try rawString()
    guard !escaped, let t = RFC3339.parse(UnsafeBufferPointer(rebasing: buffer[start..<end])) else {
      throw fail("invalid RFC 3339 time")
    }
    return t
  }

  /// The seconds since midnight of the "hh:mm:ss" at bytes 11 to 18 of a time, checked as
  /// `RFC3339.parse` checks them; nil when they are not a clock time.
  @inline(__always)
  private static func clock(_ t: UnsafePointer<UInt8>) -> Int64? {
    let h1 = t[11] &- 48
    let h2 = t[12] &- 48
    let m1 = t[14] &- 48
    let m2 = t[15] &- 48
    let s1 = t[17] &- 48
    let s2 = t[18] &- 48
    guard h1 < 10, h2 < 10, m1 < 10, m2 < 10, s1 < 10, s2 < 10, t[13] == 58, t[16] == 58 else { return nil }
    let h = Int64(h1) * 10 + Int64(h2)
    let m = Int64(m1) * 10 + Int64(m2)
    let s = Int64(s1) * 10 + Int64(s2)
    guard h < 24, m < 60, s < 61 else { return nil }
    return h * 3600 + m * 60 + s
  }

  /// The text of a time (16 to 31 plain bytes; zero after its end), as words, and its
  /// length (0 in an empty slot, so a text of zero bytes never matches one).
  private struct TimeText: Equatable {
    var w0: UInt64 = 0
    var w1: UInt64 = 0
    var w2: UInt64 = 0
    var w3: UInt64 = 0
    var count = 0
  }

  private mutating func skipValue() throws(Problem) {
    skipSpace()
    guard i < n else { throw fail("expected a value") }
    switch p[i] {
    case UInt8(ascii: "\""): _ = try rawString()
    case UInt8(ascii: "{"): try object("expected '{'") { (s, _) throws(Problem) in try s.skipValue() }
    case UInt8(ascii: "["): try array { (s, _) throws(Problem) in try s.skipValue() }
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try boolean()
    case UInt8(ascii: "n"): _ = try null()
    default: _ = try number()
    }
  }
}
