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
  /// Times already read on this line (most records repeat each one twice), by their bytes:
  /// the first two (the record's start and end, usually) and the last.
  private var firstTimes: ((text: TimeText, value: Double), (text: TimeText, value: Double)) = (
    (TimeText(), 0), (TimeText(), 0)
  )
  private var lastTime: (text: TimeText, value: Double) = (TimeText(), 0)
  /// The last time parsed in full, less its clock time, when it had no fraction of a second.
  private var lastBase: Int64?
  private var timesRead = 0

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
      throw JournalRecord.Problem(message: "invalid JSON: the line ends early (not a JSON object)")
    }
    scanned.reset()
    let result = withUnsafeMutablePointer(to: &scanned) { target -> Result<Void, JournalRecord.Problem> in
      var scanner = RecordScanner(base, line.count, into: target)
      return Result { () throws(JournalRecord.Problem) in try scanner.line() }
    }
    try result.get()
  }

  package static func decode(_ line: ArraySlice<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalRecord
  {
    switch try decodeEntry(line, detail: detail) {
    case .session(let record): return record
    case .correction(let correction):
      throw JournalRecord.Problem(message: "a correction (\(correction.kind.rawValue)), not a session")
    case .task: throw JournalRecord.Problem(message: "a task, not a session")
    }
  }

  /// A line of either kind: a session or a correction.
  package static func decodeEntry(_ line: ArraySlice<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalEntry
  {
    let result = line.withUnsafeBufferPointer { buffer -> Result<JournalEntry, JournalRecord.Problem> in
      Result { () throws(JournalRecord.Problem) in try decodeEntry(buffer, detail: detail) }
    }
    return try result.get()
  }

  /// The same, for a line in memory (no copy).
  package static func decodeEntry(_ line: UnsafeBufferPointer<UInt8>, detail: Bool = true) throws(JournalRecord.Problem)
    -> JournalEntry
  {
    var scanned = ScannedLine()
    try scan(line, into: &scanned)
    return scanned.entry(in: line, detail: detail)
  }

  /// A line without the UTF-8 byte order mark some editors put at the top of a file.
  package static func withoutByteOrderMark(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
  }

  // MARK: - Records

  private mutating func line() throws(JournalRecord.Problem) {
    // A UTF-8 byte order mark (some editors write one at the top of a file) is not part of the record.
    if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
    skipSpace()
    guard i < n, p[i] == UInt8(ascii: "{") else { throw fail("not a JSON object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .kind:
        let name = try s.text()
        guard !s.isWord(name, "session") else { break }
        if s.isWord(name, "task") {
          s.out.isTask = true
          break
        }
        let text = name.string(in: s.buffer, decoded: s.out.decoded)
        guard let known = Correction.Kind(rawValue: text) else {
          throw JournalRecord.Problem(
            message:
              "a record of kind \"\(TextLayout.inert(String(text.prefix(40))))\" that this pomo does not know (made by a newer pomo?)"
          )
        }
        s.out.correction = known
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
        try s.array { (s: inout RecordScanner, _: Int) throws(JournalRecord.Problem) in
          let tag = try s.text()
          s.out.tags.append(tag)
        }
      case .note: s.out.note = try s.optionalText()
      case .host: s.out.host = try s.text()
      case .source: s.out.source = try s.optionalText()
      case .rounds: s.out.rounds = try s.integer("rounds", in: Limits.rounds)
      case .planOffset: s.out.planOffset = try s.integer("plan_offset", in: Limits.planOffset)
      case .resumedFrom: s.out.resumedFrom = try s.optionalText()
      case .pausedSeconds: s.out.pausedSeconds = try s.seconds("paused_seconds")
      case .sleptSeconds: s.out.sleptSeconds = try s.seconds("slept_seconds")
      case .warmupSeconds: s.out.warmupSeconds = try s.seconds("warmup_seconds")
      case .cooldownSeconds: s.out.cooldownSeconds = try s.seconds("cooldown_seconds")
      case .endless: s.out.endless = try s.boolean()
      case .clockStepSeconds: s.out.clockStepSeconds = try s.seconds("clock_step_seconds")
      case .task: s.out.task = try s.text()
      case .title: s.out.title = try s.text()
      case .estimate: s.out.estimate = try s.integer("estimate", in: TaskRecord.estimates)
      case .done: s.out.done = try s.null() ? nil : s.time()
      case .phases:
        // Every "phases" adds its phases.
        try s.array { (s: inout RecordScanner, index: Int) throws(JournalRecord.Problem) in
          try s.phase(index)
        }
      default: try s.skipValue()
      }
    }
    skipSpace()
    guard i == n else { throw fail("unexpected text after the record") }
    guard !out.isEmpty(out.id) else { throw JournalRecord.Problem(message: "no \"id\"") }
    if out.isTask {
      guard out.at != nil else { throw JournalRecord.Problem(message: "a task with no valid \"at\" time") }
      guard let title = out.title, !out.isEmpty(title) else { throw JournalRecord.Problem(message: "a task with no \"title\"") }
    } else if let kind = out.correction {
      guard let target = out.target, !out.isEmpty(target) else {
        throw JournalRecord.Problem(message: "a \(kind.rawValue) with no \"target\"")
      }
      guard out.at != nil else { throw JournalRecord.Problem(message: "a \(kind.rawValue) with no valid \"at\" time") }
      if kind == .undo && (out.session.map(out.isEmpty) ?? true) {
        throw JournalRecord.Problem(message: "an undo with no \"session\"")
      }
    } else {
      guard out.start != nil else { throw JournalRecord.Problem(message: "no valid \"start\" time") }
    }
  }

  /// The fields an amendment sets (`"set"`), checked as strictly as a session's.
  private mutating func changes() throws(JournalRecord.Problem) -> Correction.Changes {
    var changes = Correction.Changes()
    guard i < n, p[i] == UInt8(ascii: "{") else { throw fail("\"set\" is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .tags:
        var tags: [String] = []
        try s.array { (s: inout RecordScanner, _: Int) throws(JournalRecord.Problem) in
          let tag = try s.text()
          tags.append(tag.string(in: s.buffer, decoded: s.out.decoded))
        }
        changes.tags = tags
      case .note:
        changes.setsNote = true
        let note = try s.optionalText()
        changes.note = note.map { $0.string(in: s.buffer, decoded: s.out.decoded) }
      case .start: changes.start = try s.time()
      case .end: changes.end = try s.time()
      case .kept: changes.keptAway = try s.boolean()
      case .preset:
        let preset = try s.text()
        changes.preset = preset.string(in: s.buffer, decoded: s.out.decoded)
      case .status:
        let status = try s.text()
        if s.isWord(status, "completed") {
          changes.status = .completed
        } else if s.isWord(status, "interrupted") {
          changes.status = .interrupted
        } else if s.isWord(status, "void") {
          changes.status = .void
        } else {
          throw JournalRecord.Problem(message: "\"set.status\" must be completed, interrupted or void")
        }
      case .title:
        let title = try s.text()
        changes.title = title.string(in: s.buffer, decoded: s.out.decoded)
      case .estimate: changes.estimate = try s.integer("set.estimate", in: TaskRecord.estimates)
      case .done:
        changes.setsDone = true
        changes.done = try s.null() ? nil : s.time()
      default: try s.skipValue()
      }
    }
    return changes
  }

  /// Reads a phase into `out`: its end always, the phase itself when `out` keeps phases.
  private mutating func phase(_ index: Int) throws(JournalRecord.Problem) {
    let mark = i
    if usualPhase() { return }
    i = mark
    var name: ScannedText?
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
    var exercise: ScannedText?
    var reps: Int?
    var countedRounds: Int?
    var marks: [ScannedMark] = []
    var away: [JournalAway] = []
    guard i < n, p[i] == UInt8(ascii: "{") else { throw fail("phases[\(index)] is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .name: name = try s.text()
      case .kind:
        let text = try s.text()
        kind = s.isWord(text, "work") ? .work : s.isWord(text, "rest") ? .rest : nil
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
      case .exercise: exercise = try s.text()
      case .reps: reps = try s.integer("phases[\(index)].reps", in: PhaseCount.range)
      case .countedRounds: countedRounds = try s.integer("phases[\(index)].counted_rounds", in: PhaseCount.range)
      case .marks:
        // The last "marks" is the one kept.
        marks.removeAll()
        try s.array { (s: inout RecordScanner, k: Int) throws(JournalRecord.Problem) in
          marks.append(try s.mark("phases[\(index)].marks[\(k)]"))
        }
      case .away:
        try s.array { (s: inout RecordScanner, k: Int) throws(JournalRecord.Problem) in
          away.append(try s.awaySpan("phases[\(index)].away[\(k)]"))
        }
      default: try s.skipValue()
      }
    }
    guard let kind, let start, let end, let elapsed else {
      throw JournalRecord.Problem(message: "phases[\(index)] is incomplete")
    }
    keep(
      name: name, kind: kind, round: round, start: start, end: end, plannedSeconds: planned, elapsedSeconds: elapsed,
      completed: completed, pausedSeconds: paused, sleptSeconds: slept, extendedSeconds: extended,
      overtimeSeconds: overtime, exercise: exercise, reps: reps, countedRounds: countedRounds, marks: marks,
      away: away)
  }

  /// An interruption mark (`{"at":…,"kind":"internal"|"external","note":…}`), checked whole.
  private mutating func mark(_ path: String) throws(JournalRecord.Problem) -> ScannedMark {
    var at: Double?
    var kind: PhaseMark.Kind?
    var note: ScannedText?
    guard i < n, p[i] == UInt8(ascii: "{") else { throw fail("\(path) is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .at: at = try s.time()
      case .kind:
        let text = try s.text()
        if s.isWord(text, "internal") {
          kind = .internal
        } else if s.isWord(text, "external") {
          kind = .external
        } else {
          throw JournalRecord.Problem(message: "\"\(path).kind\" must be internal or external")
        }
      case .note: note = try s.optionalText()
      default: try s.skipValue()
      }
    }
    guard let at, let kind else { throw JournalRecord.Problem(message: "\(path) is incomplete") }
    return ScannedMark(kind: kind, at: at, note: note)
  }

  /// A span away of a phase, checked whole: a start, an end not before it, and a cause.
  private mutating func awaySpan(_ path: String) throws(JournalRecord.Problem) -> JournalAway {
    var start: Double?
    var end: Double?
    var cause: String?
    var paused = false
    var kept: Bool?
    guard i < n, p[i] == UInt8(ascii: "{") else { throw fail("\(path) is not an object") }
    try object { (s: inout RecordScanner, key: Key) throws(JournalRecord.Problem) in
      switch key {
      case .start: start = try s.time()
      case .end: end = try s.time()
      case .cause: cause = try s.text().string(in: s.buffer, decoded: s.out.decoded)
      case .paused: paused = try s.boolean()
      case .kept: kept = try s.null() ? nil : s.boolean()
      default: try s.skipValue()
      }
    }
    guard let start, let end, let cause, end >= start else {
      throw JournalRecord.Problem(message: "\(path) is incomplete")
    }
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
      guard let value = try? integer("round", in: Limits.rounds) else { return false }
      round = value
    }
    // `,"start":`, `,"end":`
    guard skip(0x2274_7261_7473_222C, 8), skip(0x3A, 1), let start = try? time() else { return false }
    guard skip(0x3A_2264_6E65_222C, 7), let end = try? time() else { return false }
    // `,"planned_seconds":`, `,"elapsed_seconds":`
    guard skip(0x656E_6E61_6C70_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3),
      let planned = try? seconds("planned_seconds")
    else { return false }
    guard skip(0x6573_7061_6C65_222C, 8), skip(0x646E_6F63_6573_5F64, 8), skip(0x3A_2273, 3),
      let elapsed = try? seconds("elapsed_seconds")
    else { return false }
    // `,"completed":`
    guard skip(0x656C_706D_6F63_222C, 8), skip(0x3A_2264_6574, 5) else { return false }
    let completed = i < n && p[i] == UInt8(ascii: "t")
    guard word(completed ? "true" : "false"), i < n, p[i] == UInt8(ascii: "}") else { return false }
    i += 1
    keep(
      name: ScannedText(from: name.lowerBound, to: name.upperBound), kind: work ? .work : .rest, round: round,
      start: start, end: end, plannedSeconds: planned, elapsedSeconds: elapsed, completed: completed)
    return true
  }

  /// A phase read: when it ends, and the phase itself when `out` keeps phases (built in place).
  @inline(__always)
  private func keep(
    name: ScannedText?, kind: PhaseKind, round: Int?, start: Double, end: Double, plannedSeconds: Double?,
    elapsedSeconds: Double, completed: Bool, pausedSeconds: Double = 0, sleptSeconds: Double = 0,
    extendedSeconds: Double = 0, overtimeSeconds: Double = 0, exercise: ScannedText? = nil, reps: Int? = nil,
    countedRounds: Int? = nil, marks: [ScannedMark] = [], away: [JournalAway] = []
  ) {
    out.lastPhaseEnd = end
    if !(end <= out.latestPhaseEnd ?? -.infinity) { out.latestPhaseEnd = end }
    if exercise != nil || reps != nil || countedRounds != nil { out.countsExercises = true }
    guard out.keepsPhases else { return }
    out.phases.append(
      ScannedPhase(
        name: name, kind: kind, round: round, start: start, end: end, plannedSeconds: plannedSeconds,
        elapsedSeconds: elapsedSeconds, completed: completed, pausedSeconds: pausedSeconds, sleptSeconds: sleptSeconds,
        extendedSeconds: extendedSeconds, overtimeSeconds: overtimeSeconds, exercise: exercise, reps: reps,
        countedRounds: countedRounds, marks: marks, away: away))
  }

  /// Steps over the `count` bytes at the cursor when they are those of `word` (little-endian).
  @inline(__always)
  private mutating func skip(_ word: UInt64, _ count: Int) -> Bool {
    guard i + 8 <= n, load(i) & (UInt64.max >> UInt64(64 - 8 * count)) == word else { return false }
    i += count
    return true
  }

  // MARK: - Keys

  package enum Key {
    case id, preset, status, interruption, start, end, tags, note, host, source, rounds, planOffset, resumedFrom
    case pausedSeconds, sleptSeconds, phases, name, kind, round, plannedSeconds, elapsedSeconds, completed
    case extendedSeconds, overtimeSeconds, target, session, at, added, set, warmupSeconds, cooldownSeconds, endless,
      clockStepSeconds, exercise, reps, countedRounds, marks, voidReason, task, title, estimate, done, away, cause, kept,
      paused, other
  }

  /// The key of `count` bytes whose first 8 are `head` (only those of the key when it is
  /// shorter, the rest zero) and last 8 are `tail`: compared as whole little-endian words,
  /// never byte by byte. A test checks every constant against its key.
  @inline(__always)
  private static func key(count: Int, head: UInt64, tail: UInt64) -> Key {
    if count > 8 {
      switch count {
      case 9: return head == 0x6574_656C_706D_6F63 && tail == 0x6465_7465_6C70_6D6F ? .completed : .other
      case 11:
        if head == 0x6666_6F5F_6E61_6C70 && tail == 0x7465_7366_666F_5F6E { return .planOffset }
        return head == 0x6165_725F_6469_6F76 && tail == 0x6E6F_7361_6572_5F64 ? .voidReason : .other
      case 12:
        if head == 0x7075_7272_6574_6E69 && tail == 0x6E6F_6974_7075_7272 { return .interruption }
        return head == 0x5F64_656D_7573_6572 && tail == 0x6D6F_7266_5F64_656D ? .resumedFrom : .other
      case 13: return head == 0x6573_5F74_7065_6C73 && tail == 0x7364_6E6F_6365_735F ? .sleptSeconds : .other
      case 14:
        if head == 0x5F64_6574_6E75_6F63 && tail == 0x7364_6E75_6F72_5F64 { return .countedRounds }
        guard tail == 0x7364_6E6F_6365_735F else { return .other }
        return head == 0x735F_6465_7375_6170 ? .pausedSeconds : head == 0x735F_7075_6D72_6177 ? .warmupSeconds : .other
      case 15:
        guard tail == 0x7364_6E6F_6365_735F else { return .other }
        return head == 0x5F64_656E_6E61_6C70
          ? .plannedSeconds : head == 0x5F64_6573_7061_6C65 ? .elapsedSeconds : .other
      case 16:
        guard tail == 0x7364_6E6F_6365_735F else { return .other }
        switch head {
        case 0x6465_646E_6574_7865: return .extendedSeconds
        case 0x656D_6974_7265_766F: return .overtimeSeconds
        case 0x6E77_6F64_6C6F_6F63: return .cooldownSeconds
        default: return .other
        }
      case 18: return head == 0x7473_5F6B_636F_6C63 && tail == 0x7364_6E6F_6365_735F ? .clockStepSeconds : .other
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
      case 0x7370_6572: return .reps
      case 0x6B73_6174: return .task
      case 0x656E_6F64: return .done
      case 0x7961_7761: return .away
      case 0x7470_656B: return .kept
      default: return .other
      }
    case 5:
      switch w {
      case 0x74_7261_7473: return .start
      case 0x64_6E75_6F72: return .round
      case 0x64_6564_6461: return .added
      case 0x73_6B72_616D: return .marks
      case 0x65_6C74_6974: return .title
      case 0x65_7375_6163: return .cause
      default: return .other
      }
    case 6:
      switch w {
      case 0x7465_7365_7270: return .preset
      case 0x7365_7361_6870: return .phases
      case 0x7375_7461_7473: return .status
      case 0x6563_7275_6F73: return .source
      case 0x7364_6E75_6F72: return .rounds
      case 0x7465_6772_6174: return .target
      case 0x6465_7375_6170: return .paused
      default: return .other
      }
    case 7: return w == 0x6E_6F69_7373_6573 ? .session : w == 0x73_7365_6C64_6E65 ? .endless : .other
    case 8: return w == 0x6573_6963_7265_7865 ? .exercise : w == 0x6574_616D_6974_7365 ? .estimate : .other
    default: return .other
    }
  }

  /// The key in `r` (bytes of the line).
  private func key(_ r: Range<Int>) -> Key {
    let count = r.count
    guard count > 0 else { return .other }
    if count > 16 {
      // Longer than two words: the words in between must match too (only one key is this long).
      guard count == 18, load(r.lowerBound + 8) == 0x6E6F_6365_735F_7065 else { return .other }
    }
    if count > 8 { return Self.key(count: count, head: load(r.lowerBound), tail: load(r.upperBound - 8)) }
    var w: UInt64 = 0
    for k in r.reversed() { w = w << 8 | UInt64(p[k]) }
    return Self.key(count: count, head: w, tail: w)
  }

  /// The name of the key read in `text` (for tests).
  package static func keyName(_ text: String) -> String {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return "other" }
    var scanned = ScannedLine()
    return bytes.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &scanned) { target in
        "\(RecordScanner(UnsafePointer(buffer.baseAddress!), buffer.count, into: target).key(0..<buffer.count))"
      }
    }
  }

  /// The key at the cursor: from the words it is read in when it is plain and 16 bytes from
  /// the end; a key with an escape is none pomo knows.
  @inline(__always)
  private mutating func readKey() throws(JournalRecord.Problem) -> Key {
    guard i < n, p[i] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
    let from = i + 1
    if from + 16 <= n {
      let head = load(from)
      let first = Self.special(head)
      if first != 0 {
        let count = first.trailingZeroBitCount >> 3
        if p[from + count] == 0x22 {
          i = from + count + 1
          guard count > 0 else { return .other }
          return Self.key(count: count, head: head & (UInt64.max >> UInt64(64 - 8 * count)), tail: 0)
        }
      } else {
        let second = Self.special(load(from + 8))
        if second != 0 {
          let count = 8 + second.trailingZeroBitCount >> 3
          if p[from + count] == 0x22 {
            i = from + count + 1
            return Self.key(count: count, head: head, tail: load(from + count - 8))
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

  private func fail(_ message: String) -> JournalRecord.Problem {
    JournalRecord.Problem(
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

  private mutating func expect(_ c: UInt8, _ what: String) throws(JournalRecord.Problem) {
    skipSpace()
    guard i < n, p[i] == c else { throw fail("expected \(what)") }
    i += 1
  }

  private mutating func object(
    _ member: (inout RecordScanner, Key) throws(JournalRecord.Problem) -> Void
  ) throws(JournalRecord.Problem) {
    depth += 1
    if depth > 64 { throw fail("nesting too deep") }
    try expect(UInt8(ascii: "{"), "'{'")
    skipSpace()
    if i < n, p[i] == UInt8(ascii: "}") {
      i += 1
      depth -= 1
      return
    }
    while true {
      skipSpace()
      let k = try readKey()
      try expect(UInt8(ascii: ":"), "':'")
      skipSpace()
      try member(&self, k)
      if try closes(UInt8(ascii: "}"), "expected ',' or '}'") { break }
    }
    depth -= 1
  }

  /// After a member or an element: true at `close` (stepped over), false at a comma (stepped
  /// over), else the line is damaged.
  private mutating func closes(_ close: UInt8, _ expected: String) throws(JournalRecord.Problem) -> Bool {
    skipSpace()
    guard i < n else { throw fail(expected) }
    let c = p[i]
    guard c == close || c == UInt8(ascii: ",") else { throw fail(expected) }
    i += 1
    return c == close
  }

  private mutating func array(
    _ element: (inout RecordScanner, Int) throws(JournalRecord.Problem) -> Void
  ) throws(JournalRecord.Problem) {
    depth += 1
    if depth > 64 { throw fail("nesting too deep") }
    try expect(UInt8(ascii: "["), "'['")
    skipSpace()
    if i < n, p[i] == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return
    }
    var index = 0
    while true {
      skipSpace()
      try element(&self, index)
      index += 1
      if try closes(UInt8(ascii: "]"), "expected ',' or ']'") { break }
    }
    depth -= 1
  }

  /// The bounds of a string's contents; whether it has escapes. Its bytes are not checked.
  private mutating func rawString() throws(JournalRecord.Problem) -> (Int, Int, Bool) {
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
  private mutating func text() throws(JournalRecord.Problem) -> ScannedText {
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

  private mutating func optionalText() throws(JournalRecord.Problem) -> ScannedText? {
    if try null() { return nil }
    return try text()
  }

  private mutating func null() throws(JournalRecord.Problem) -> Bool {
    guard i < n, p[i] == UInt8(ascii: "n") else { return false }
    guard word("null") else { throw fail("invalid literal") }
    return true
  }

  private mutating func word(_ w: StaticString) -> Bool {
    let count = w.utf8CodeUnitCount
    guard i + count <= n else { return false }
    let text = w.utf8Start
    for k in 0..<count where p[i + k] != text[k] { return false }
    i += count
    return true
  }

  private mutating func boolean() throws(JournalRecord.Problem) -> Bool {
    if i < n, p[i] == UInt8(ascii: "t") {
      guard word("true") else { throw fail("invalid literal") }
      return true
    }
    guard word("false") else { throw fail("invalid literal") }
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
    // In range first (NaN is not), so the value fits an Int and truncating it tells a whole
    // number with no call to libm.
    guard value >= Double(range.lowerBound), value <= Double(range.upperBound), Double(Int(value)) == value else {
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
    let slice = UnsafeBufferPointer(rebasing: buffer[from..<min(i, from + 40)])
    return String(decoding: slice, as: UTF8.self) + (i - from > 40 ? "..." : "")
  }

  /// A JSON number; integers and up to 9 decimals are read exactly, anything else by strtod rules.
  @inline(__always)
  private mutating func number() throws(JournalRecord.Problem) -> Double {
    let from = i
    if let value = plainNumber() { return value }
    i = from
    return try anyNumber()
  }

  /// A number with fewer than 18 digits before its point and no exponent, as `anyNumber`
  /// reads it; nil (the cursor anywhere) for any other.
  @inline(__always)
  private mutating func plainNumber() -> Double? {
    var negative = false
    if i < n, p[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var whole: Int64 = 0
    let first = i
    while i < n, p[i] &- 48 < 10 {
      whole = whole &* 10 &+ Int64(p[i] &- 48)
      i += 1
    }
    let digits = i - first
    guard digits > 0, digits < 18 else { return nil }
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
      guard i > point else { return nil }
    }
    guard i >= n || (p[i] != UInt8(ascii: "e") && p[i] != UInt8(ascii: "E")) else { return nil }
    return negative ? -value : value
  }

  private mutating func anyNumber() throws(JournalRecord.Problem) -> Double {
    let from = i
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
    guard digits > 0 else { throw fail("expected a number") }
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
      guard any else { throw fail("expected a digit after '.'") }
    }
    if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) || digits >= 18 {
      while i < n,
        p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") || p[i] == UInt8(ascii: "+")
          || p[i] == UInt8(ascii: "-") || (p[i] >= 48 && p[i] <= 57)
      {
        i += 1
      }
      guard let exact = Double(String(decoding: UnsafeBufferPointer(rebasing: buffer[from..<i]), as: UTF8.self)) else {
        throw fail("invalid number")
      }
      return exact
    }
    return negative ? -value : value
  }

  /// A time, read by `RFC3339.parse` unless the same text was read on this line already:
  /// a phase starts when the one before it ends, the first phase when the record starts.
  /// A text of 16 to 31 bytes is held in four words, so it is found and compared at once.
  private mutating func time() throws(JournalRecord.Problem) -> Double {
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
            guard let parsed = RFC3339.parse(UnsafeBufferPointer(start: p + from, count: count)) else {
              throw fail("invalid RFC 3339 time")
            }
            t = parsed
            lastBase =
              count >= 20 && p[from + 19] != UInt8(ascii: ".") ? Self.clock(p + from).map { Int64(parsed) - $0 } : nil
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

  private mutating func skipValue() throws(JournalRecord.Problem) {
    skipSpace()
    guard i < n else { throw fail("expected a value") }
    switch p[i] {
    case UInt8(ascii: "\""): _ = try rawString()
    case UInt8(ascii: "{"):
      try object { (s: inout RecordScanner, _: Key) throws(JournalRecord.Problem) in try s.skipValue() }
    case UInt8(ascii: "["):
      try array { (s: inout RecordScanner, _: Int) throws(JournalRecord.Problem) in try s.skipValue() }
    case UInt8(ascii: "t"): guard word("true") else { throw fail("invalid literal") }
    case UInt8(ascii: "f"): guard word("false") else { throw fail("invalid literal") }
    case UInt8(ascii: "n"): guard word("null") else { throw fail("invalid literal") }
    default: _ = try number()
    }
  }
}
