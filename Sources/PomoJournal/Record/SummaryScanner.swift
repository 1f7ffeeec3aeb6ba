import PomoCore

/// The index's quick look at a session line: only what `JournalIndex` keeps of it, read
/// without building a single string or array.
///
/// It is a fast path, never a second opinion: it answers only for lines it is sure the full
/// decoder (`RecordScanner`) reads, and to the same summary. Anything it is not sure of (an
/// escape or a byte above ASCII in a string, a correction, a number with an exponent or 18
/// digits, a nested unknown value too deep, any damage at all) makes it answer nil, and the
/// line goes to the full decoder, which accepts or refuses it with its own message.
/// To be sure, it checks all that the full decoder checks with `detail: false`: the JSON
/// structure, every string of the keys it reads, every time, every number's limits, and that
/// every phase is complete.
package struct SummaryScanner {
  /// What the index keeps of a session line (see `JournalIndex.LineSummary.record`).
  package struct Session: Equatable {
    package var from: Double
    package var to: Double
    package var completed: Bool
    package var id: UInt64
    package var prefix: UInt64
    package var added: Double?
  }

  /// What the day totals need of a session line (`DayTotals`), gathered while it is read
  /// when `capturing`; its strings are ranges of the line's bytes (plain ASCII, so their bytes
  /// are their text).
  package struct Capture {
    /// The preset's bytes, or nil when the line names none (the full decoder's "?").
    package var preset: Range<Int>?
    package var tags: [Range<Int>] = []
    package var completed = false
    package var start = 0.0
    package var phases: [DayCredit.Span] = []
    package var id: UInt64 = 0
    package var prefix: UInt64 = 0

    package init() {}
  }

  private let p: UnsafePointer<UInt8>
  private let n: Int
  private var i = 0
  private var capturing = false
  private var capture = Capture()
  /// Times already read on this line (most records repeat each one twice), by their bytes:
  /// the first two (the record's start and end, usually) and the last.
  private var firstTimes: ((text: TimeText, value: Double), (text: TimeText, value: Double)) = (
    (TimeText(), 0), (TimeText(), 0)
  )
  private var lastTime: (text: TimeText, value: Double) = (TimeText(), 0)
  /// The last time read in full, less its clock time, when it had no fraction of a second.
  private var lastBase: Int64?
  private var timesRead = 0

  private init(_ p: UnsafePointer<UInt8>, _ n: Int) {
    self.p = p
    self.n = n
  }

  /// The summary of a session line, or nil when the full decoder must read it.
  package static func session(_ line: UnsafeBufferPointer<UInt8>) -> Session? {
    guard let base = line.baseAddress, line.count > 0 else { return nil }
    var scanner = SummaryScanner(base, line.count)
    return scanner.record()
  }

  package static func session(_ line: ArraySlice<UInt8>) -> Session? {
    line.withUnsafeBufferPointer { session($0) }
  }

  /// Reads a session line into `capture` (its arrays reused) when the full decoder reads it
  /// to the same preset, tags, status, start and phases (kind, start, end, elapsed seconds)
  /// and id; false when the full decoder must read it (`capture` then says nothing).
  package static func totals(_ line: UnsafeBufferPointer<UInt8>, into capture: inout Capture) -> Bool {
    guard let base = line.baseAddress, line.count > 0 else { return false }
    var scanner = SummaryScanner(base, line.count)
    scanner.capturing = true
    capture.preset = nil
    capture.tags.removeAll(keepingCapacity: true)
    capture.phases.removeAll(keepingCapacity: true)
    swap(&scanner.capture, &capture)
    let session = scanner.record()
    swap(&scanner.capture, &capture)
    guard let session else { return false }
    capture.start = session.from
    capture.completed = session.completed
    capture.id = session.id
    capture.prefix = session.prefix
    return true
  }

  // MARK: - The record

  private mutating func record() -> Session? {
    if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
    space()
    guard i < n, p[i] == UInt8(ascii: "{") else { return nil }
    var id: Range<Int>?
    var start: Double?
    var end: Double?
    var added: Double?
    var completed = false
    var lastPhaseEnd: Double?
    var latestPhaseEnd: Double?
    let ok = members { (s: inout SummaryScanner, key: Key) -> Bool in
      switch key {
      case .kind:
        guard let r = s.plainString(), s.equal(r, "session") else { return false }
      case .target, .session, .host: guard s.plainString() != nil else { return false }
      case .preset:
        guard let r = s.plainString() else { return false }
        if s.capturing { s.capture.preset = r }
      case .at: guard s.time() != nil else { return false }
      case .added:
        guard let t = s.time() else { return false }
        added = t
      case .set: return false
      case .id:
        guard let r = s.plainString() else { return false }
        id = r
      case .status:
        guard let r = s.plainString() else { return false }
        completed = s.equal(r, "completed")
      case .interruption, .note, .source, .resumedFrom: guard s.optionalString() else { return false }
      case .start:
        guard let t = s.time() else { return false }
        start = t
      case .end:
        guard let t = s.time() else { return false }
        end = t
      case .tags:
        // The last "tags" is the one kept.
        if s.capturing { s.capture.tags.removeAll(keepingCapacity: true) }
        return s.elements { (s: inout SummaryScanner) -> Bool in
          guard let r = s.plainString() else { return false }
          if s.capturing { s.capture.tags.append(r) }
          return true
        }
      case .rounds: return s.integer(in: RecordScanner.Limits.rounds)
      case .planOffset: return s.integer(in: RecordScanner.Limits.planOffset)
      case .pausedSeconds, .sleptSeconds: return s.seconds()
      case .phases:
        return s.elements { (s: inout SummaryScanner) -> Bool in
          // Every "phases" adds its phases, as in the full decoder.
          guard let phase = s.phase() else { return false }
          if s.capturing { s.capture.phases.append(phase) }
          let phaseEnd = phase.end
          lastPhaseEnd = phaseEnd
          latestPhaseEnd = max(latestPhaseEnd ?? phaseEnd, phaseEnd)
          return true
        }
      default: return s.skipValue(depth: 1)
      }
      return true
    }
    guard ok else { return nil }
    space()
    guard i == n, let id, !id.isEmpty, let start else { return nil }
    let last = end ?? lastPhaseEnd ?? start
    var hash = FNV1a()
    hash.add(UnsafeBufferPointer(start: p + id.lowerBound, count: id.count))
    return Session(
      from: start, to: max(last, latestPhaseEnd ?? last), completed: completed, id: hash.value,
      prefix: JournalIndex.prefix(UnsafeBufferPointer(start: p + id.lowerBound, count: id.count)), added: added)
  }

  /// A phase, checked as `RecordScanner.phase` checks it; its kind, start, end and elapsed
  /// seconds, or nil.
  private mutating func phase() -> DayCredit.Span? {
    let mark = i
    if let span = usualPhase() { return span }
    i = mark
    guard i < n, p[i] == UInt8(ascii: "{") else { return nil }
    /// 0: none, 1: work, 2: rest, as the last "kind" says.
    var kind = 0
    var start: Double?
    var end: Double?
    var elapsed: Double?
    let ok = members { (s: inout SummaryScanner, key: Key) -> Bool in
      switch key {
      case .name: return s.plainString() != nil
      case .kind:
        guard let r = s.plainString() else { return false }
        kind = s.equal(r, "work") ? 1 : s.equal(r, "rest") ? 2 : 0
      case .round:
        if s.i < s.n, s.p[s.i] == UInt8(ascii: "n") { return s.word("null") }
        return s.integer(in: RecordScanner.Limits.rounds)
      case .start:
        guard let t = s.time() else { return false }
        start = t
      case .end:
        guard let t = s.time() else { return false }
        end = t
      case .elapsedSeconds:
        guard let value = s.secondsValue() else { return false }
        elapsed = value
      case .plannedSeconds, .pausedSeconds, .sleptSeconds, .extendedSeconds, .overtimeSeconds: return s.seconds()
      case .completed:
        return s.i < s.n && s.p[s.i] == UInt8(ascii: "t") ? s.word("true") : s.word("false")
      default: return s.skipValue(depth: 3)
      }
      return true
    }
    guard ok, kind != 0, let start, let end, let elapsed else { return nil }
    return DayCredit.Span(work: kind == 1, start: start, end: end, elapsedSeconds: elapsed)
  }

  /// A phase as pomo writes it (these keys in this order, no spaces, no others), read with
  /// the same checks as `phase()` but its keys and punctuation compared as words; nil for
  /// any other phase, which `phase()` then reads key by key.
  private mutating func usualPhase() -> DayCredit.Span? {
    // `{"name":`
    guard skip(0x3A22_656D_616E_227B, 8), plainString() != nil else { return nil }
    // `,"kind":`
    guard skip(0x3A22_646E_696B_222C, 8), let kind = plainString(), equal(kind, "work") || equal(kind, "rest")
    else { return nil }
    // `,"round":`
    guard skip(0x2264_6E75_6F72_222C, 8), skip(0x3A, 1) else { return nil }
    if i < n, p[i] == UInt8(ascii: "n") {
      guard word("null") else { return nil }
    } else {
      guard integer(in: RecordScanner.Limits.rounds) else { return nil }
    }
    // `,"start":`, `,"end":`
    guard skip(0x2274_7261_7473_222C, 8), skip(0x3A, 1), let start = time() else { return nil }
    guard skip(0x3A_2264_6E65_222C, 7), let end = time() else { return nil }
    // `,"planned_seconds":`, `,"elapsed_seconds":`
    guard skip(0x656E_6E61_6C70_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3), seconds() else {
      return nil
    }
    guard skip(0x6573_7061_6C65_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3),
      let elapsed = secondsValue()
    else {
      return nil
    }
    // `,"completed":`
    guard skip(0x656C_706D_6F63_222C, 8), skip(0x3A_2264_6574, 5) else { return nil }
    guard i < n, p[i] == UInt8(ascii: "t") ? word("true") : word("false") else { return nil }
    guard i < n, p[i] == UInt8(ascii: "}") else { return nil }
    i += 1
    return DayCredit.Span(work: equal(kind, "work"), start: start, end: end, elapsedSeconds: elapsed)
  }

  /// Steps over the `count` bytes at the cursor when they are those of `word` (little-endian).
  @inline(__always)
  private mutating func skip(_ word: UInt64, _ count: Int) -> Bool {
    guard i + 8 <= n, load(i) & (UInt64.max >> UInt64(64 - 8 * count)) == word else { return false }
    i += count
    return true
  }

  // MARK: - Keys

  private enum Key {
    case id, preset, status, interruption, start, end, tags, note, host, source, rounds, planOffset, resumedFrom
    case pausedSeconds, sleptSeconds, phases, name, kind, round, plannedSeconds, elapsedSeconds, completed
    case extendedSeconds, overtimeSeconds, target, session, at, added, set, other
  }

  /// The key in `r` (plain bytes), as `RecordScanner.key` names it: compared as whole
  /// little-endian words (the first and the last 8 bytes of a long key), never byte by byte.
  /// A test checks every constant against its key.
  private func key(_ r: Range<Int>) -> Key {
    let count = r.count
    guard count > 0 else { return .other }
    if count > 8 { return Self.key(count: count, head: load(r.lowerBound), tail: load(r.upperBound - 8)) }
    let w = r.lowerBound + 8 <= n ? load(r.lowerBound) & (UInt64.max >> UInt64(64 - 8 * count)) : slowLoad(r)
    return Self.key(count: count, head: w, tail: w)
  }

  /// The key of `count` bytes whose first 8 are `head` (only those of the key when it is
  /// shorter, the rest zero) and last 8 are `tail`.
  @inline(__always)
  private static func key(count: Int, head: UInt64, tail: UInt64) -> Key {
    if count > 8 {
      switch count {
      case 9: return head == 0x6574_656C_706D_6F63 && tail == 0x6465_7465_6C70_6D6F ? .completed : .other
      case 11: return head == 0x6666_6F5F_6E61_6C70 && tail == 0x7465_7366_666F_5F6E ? .planOffset : .other
      case 12:
        if head == 0x7075_7272_6574_6E69 && tail == 0x6E6F_6974_7075_7272 { return .interruption }
        return head == 0x5F64_656D_7573_6572 && tail == 0x6D6F_7266_5F64_656D ? .resumedFrom : .other
      case 13: return head == 0x6573_5F74_7065_6C73 && tail == 0x7364_6E6F_6365_735F ? .sleptSeconds : .other
      case 14: return head == 0x735F_6465_7375_6170 && tail == 0x7364_6E6F_6365_735F ? .pausedSeconds : .other
      case 15:
        guard tail == 0x7364_6E6F_6365_735F else { return .other }
        return head == 0x5F64_656E_6E61_6C70
          ? .plannedSeconds : head == 0x5F64_6573_7061_6C65 ? .elapsedSeconds : .other
      case 16:
        guard tail == 0x7364_6E6F_6365_735F else { return .other }
        return head == 0x6465_646E_6574_7865
          ? .extendedSeconds : head == 0x656D_6974_7265_766F ? .overtimeSeconds : .other
      default: return .other
      }
    }
    let w = head
    switch count {
    case 2: return w == 0x6469 ? .id : w == 0x7461 ? .at : .other
    case 3: return w == 0x64_6E65 ? .end : w == 0x74_6573 ? .set : .other
    case 4:
      switch w {
      case 0x646E_696B: return .kind
      case 0x656D_616E: return .name
      case 0x6574_6F6E: return .note
      case 0x7367_6174: return .tags
      case 0x7473_6F68: return .host
      default: return .other
      }
    case 5: return w == 0x74_7261_7473 ? .start : w == 0x64_6E75_6F72 ? .round : w == 0x64_6564_6461 ? .added : .other
    case 6:
      switch w {
      case 0x7465_7365_7270: return .preset
      case 0x7365_7361_6870: return .phases
      case 0x7375_7461_7473: return .status
      case 0x6563_7275_6F73: return .source
      case 0x7364_6E75_6F72: return .rounds
      case 0x7465_6772_6174: return .target
      default: return .other
      }
    case 7: return w == 0x6E_6F69_7373_6573 ? .session : .other
    default: return .other
    }
  }

  /// The name of the key `key(_:)` reads in `text` (for tests).
  package static func keyName(_ text: String) -> String {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return "other" }
    return bytes.withUnsafeMutableBufferPointer { buffer in
      let scanner = SummaryScanner(UnsafePointer(buffer.baseAddress!), buffer.count)
      return "\(scanner.key(0..<buffer.count))"
    }
  }

  private func load(_ k: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
  }

  private func slowLoad(_ r: Range<Int>) -> UInt64 {
    var word: UInt64 = 0
    for k in r.reversed() { word = word << 8 | UInt64(p[k]) }
    return word
  }

  @inline(__always)
  private func equal(_ r: Range<Int>, _ word: StaticString) -> Bool {
    guard r.count == word.utf8CodeUnitCount else { return false }
    let w = word.utf8Start
    for k in 0..<r.count where p[r.lowerBound + k] != w[k] { return false }
    return true
  }

  // MARK: - JSON

  private mutating func space() {
    while i < n {
      let c = p[i]
      guard c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A else { return }
      i += 1
    }
  }

  /// An object's members, each handed to `member` at its value; false when anything is unsure.
  private mutating func members(_ member: (inout SummaryScanner, Key) -> Bool) -> Bool {
    // The cursor is on the '{'.
    i += 1
    space()
    if i < n, p[i] == UInt8(ascii: "}") {
      i += 1
      return true
    }
    while true {
      space()
      guard i < n, p[i] == UInt8(ascii: "\""), let key = readKey() else { return false }
      space()
      guard i < n, p[i] == UInt8(ascii: ":") else { return false }
      i += 1
      space()
      guard i < n else { return false }
      guard member(&self, key) else { return false }
      space()
      guard i < n else { return false }
      let c = p[i]
      i += 1
      if c == UInt8(ascii: "}") { return true }
      guard c == UInt8(ascii: ",") else { return false }
    }
  }

  /// An array's elements, each read by `element`; false when anything is unsure.
  private mutating func elements(_ element: (inout SummaryScanner) -> Bool) -> Bool {
    guard i < n, p[i] == UInt8(ascii: "[") else { return false }
    i += 1
    space()
    if i < n, p[i] == UInt8(ascii: "]") {
      i += 1
      return true
    }
    while true {
      space()
      guard i < n, element(&self) else { return false }
      space()
      guard i < n else { return false }
      let c = p[i]
      i += 1
      if c == UInt8(ascii: "]") { return true }
      guard c == UInt8(ascii: ",") else { return false }
    }
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

  /// The key at the cursor (a plain string): found and named from the words it is read in.
  @inline(__always)
  private mutating func readKey() -> Key? {
    let from = i + 1
    if from + 16 <= n {
      let head = load(from)
      let first = Self.special(head)
      if first != 0 {
        let count = first.trailingZeroBitCount >> 3
        guard p[from + count] == 0x22 else { return nil }
        i = from + count + 1
        guard count > 0 else { return .other }
        return Self.key(count: count, head: head & (UInt64.max >> UInt64(64 - 8 * count)), tail: 0)
      }
      let second = Self.special(load(from + 8))
      if second != 0 {
        let count = 8 + second.trailingZeroBitCount >> 3
        guard p[from + count] == 0x22 else { return nil }
        i = from + count + 1
        return Self.key(count: count, head: head, tail: load(from + count - 8))
      }
    }
    guard let r = plainString() else { return nil }
    return key(r)
  }

  /// The contents of a string at the cursor, when it is plain: no escape and only ASCII, so
  /// it is valid UTF-8 and its bytes are its text. Nil otherwise.
  @inline(__always)
  private mutating func plainString() -> Range<Int>? {
    guard i < n, p[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    let from = i
    // Eight bytes at a time: stop at the first quote, backslash or byte above ASCII.
    while i + 8 <= n {
      let w = load(i)
      let quote = w ^ 0x2222_2222_2222_2222
      let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let special = ((quote &- ones) & ~quote | (slash &- ones) & ~slash | w) & highs
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

  /// `null` or a plain string.
  private mutating func optionalString() -> Bool {
    if i < n, p[i] == UInt8(ascii: "n") { return word("null") }
    return plainString() != nil
  }

  private mutating func word(_ w: StaticString) -> Bool {
    let count = w.utf8CodeUnitCount
    guard i + count <= n else { return false }
    let text = w.utf8Start
    for k in 0..<count where p[i + k] != text[k] { return false }
    i += count
    return true
  }

  /// A time, read by `RFC3339.parse` unless the same text was read on this line already:
  /// a phase starts when the one before it ends, the first phase when the record starts.
  /// A text of 16 to 31 bytes is held in four words, so it is found and compared at once.
  private mutating func time() -> Double? {
    guard i < n, p[i] == UInt8(ascii: "\"") else { return nil }
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
          if text == firstTimes.0.text { return firstTimes.0.value }
          if text == firstTimes.1.text { return firstTimes.1.value }
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
            guard let parsed = RFC3339.parse(UnsafeBufferPointer(start: p + from, count: count)) else { return nil }
            t = parsed
            lastBase = p[from + 19] == UInt8(ascii: ".") ? nil : Self.clock(p + from).map { Int64(parsed) - $0 }
          }
          if timesRead == 0 {
            firstTimes.0 = (text, t)
          } else if timesRead == 1 {
            firstTimes.1 = (text, t)
          }
          timesRead += 1
          lastTime = (text, t)
          return t
        }
      }
    }
    guard let r = plainString() else { return nil }
    return RFC3339.parse(UnsafeBufferPointer(start: p + r.lowerBound, count: r.count))
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

  /// A number read exactly as `RecordScanner.number` reads it, when it has no exponent and
  /// fewer than 18 digits before the point (its other path); nil otherwise.
  private mutating func number() -> Double? {
    var negative = false
    if i < n, p[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var whole: Int64 = 0
    var digits = 0
    while i < n, p[i] >= 48, p[i] <= 57 {
      if digits < 18 { whole = whole * 10 + Int64(p[i] - 48) }
      digits += 1
      i += 1
    }
    guard digits > 0, digits < 18 else { return nil }
    var value = Double(whole)
    if i < n, p[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      var any = false
      while i < n, p[i] >= 48, p[i] <= 57 {
        value += Double(p[i] - 48) * scale
        scale /= 10
        any = true
        i += 1
      }
      guard any else { return nil }
    }
    if i < n, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") { return nil }
    return negative ? -value : value
  }

  private mutating func integer(in range: ClosedRange<Int>) -> Bool {
    guard let value = number() else { return false }
    // `number()` reads fewer than 18 digits, so the value fits an Int64, and truncating it
    // tells a whole number as `rounded()` would, without a call to libm.
    return value.isFinite && Double(Int64(value)) == value && value >= Double(range.lowerBound)
      && value <= Double(range.upperBound)
  }

  private mutating func seconds() -> Bool { secondsValue() != nil }

  private mutating func secondsValue() -> Double? {
    guard let value = number(), value.isFinite, RecordScanner.Limits.seconds.contains(value) else { return nil }
    return value
  }

  /// Any value, as `RecordScanner.skipValue` skips it; unknown objects and arrays only a few deep.
  private mutating func skipValue(depth: Int) -> Bool {
    guard i < n else { return false }
    switch p[i] {
    case UInt8(ascii: "\""): return plainString() != nil
    case UInt8(ascii: "{"):
      guard depth < 16 else { return false }
      return members { (s: inout SummaryScanner, _: Key) -> Bool in s.skipValue(depth: depth + 1) }
    case UInt8(ascii: "["):
      guard depth < 16 else { return false }
      return elements { (s: inout SummaryScanner) -> Bool in s.skipValue(depth: depth + 1) }
    case UInt8(ascii: "t"): return word("true")
    case UInt8(ascii: "f"): return word("false")
    case UInt8(ascii: "n"): return word("null")
    default: return number() != nil
    }
  }
}
