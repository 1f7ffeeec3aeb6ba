import Foundation
import PomoCore
import PomoJournal
import PomoJournalTestSupport
import PomoKit
import PomoPlatform
import PomoTestSupport

/// A journal folder that random operations change, for the differential test of the caches:
/// sessions over two years on several machines (conflict copies and sessions synced twice
/// among them), corrections made by the commands, in-place edits, truncations, older copies
/// put back, damaged cache files, other zones and another `day_start`; interruption marks in
/// focus phases and void sessions (`pomo void`), made so and by corrections.
///
/// Every command runs in-process at `now`, in `zone`, with the caches or without them
/// (`--no-cache`), so the two answers can be compared after each operation.
final class RandomHistory {
  let home: TemporaryFolder
  private(set) var rng: SplitMix64
  private(set) var now: Double
  private(set) var zone: ZoneFromRules
  /// What each operation did, to replay a failure by hand.
  private(set) var trail: [String] = []
  private var serial = 0
  /// Earlier copies of journal files, to put back as a restored backup would.
  private var copies: [(name: String, bytes: Data)] = []

  static let hosts = ["desktop", "laptop"]
  static let zones = [
    "UTC0", "CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.4.0,M10.4.0/3", "EST5EDT,M3.2.0,M11.1.0",
    "<-03>3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
  ]
  static let tags = ["thesis", "code", "ops", "Deep Work", "a,b", "x;y"]
  static let presets = ["work", "52-17", "hiit", "25m"]
  /// The tasks sessions work on: some lines of them are written (some twice, in two files),
  /// some never are, so sessions count toward tasks that exist and toward none.
  static let taskIDs = (1...6).map { String(format: "7a5c%04x-0000-4000-8000-00000000%04x", $0, $0) }

  /// `sessions` sets how many sessions the journal starts with (by default, a random number up to 400).
  init(seed: UInt64, sessions: Int? = nil) throws {
    home = try TemporaryFolder()
    rng = SplitMix64(state: seed)
    now = 1_796_126_400 + Double(seed % 97) * 3_601
    zone = ZoneFromRules(posix: Self.zones[0])
    for host in Self.hosts { _ = journalFile(home.path, host: host) }
    let count = sessions ?? Int.random(in: 0...400, using: &rng)
    for _ in 0..<count { appendLine(session(), to: pickFile()) }
    // Half the tasks sessions work on are written from the start, so their Pomodoros count.
    for id in Self.taskIDs.prefix(3) { appendLine(taskLine(id), to: pickFile()) }
    trail.append("seed \(seed): \(count) sessions")
  }

  deinit { home.cleanUp() }

  var journalFolder: String { home.path + "/.local/share/pomo/journal" }
  var cacheFolder: String { home.path + "/.cache/pomo" }

  /// Runs pomo at `now` in `zone` as `host`, with the caches or from the journal alone.
  func run(_ words: [String], host: String = "laptop", noCache: Bool = false) -> (
    status: Int32, out: String, err: String
  ) {
    let out = TextBuffer()
    let err = TextBuffer()
    let at = now
    let clock = SessionClock(now: { .zero }, awake: { .zero }, wallSeconds: { at })
    var environment = ["HOME": home.path, "COLUMNS": "80", "LANG": "C.UTF-8"]
    if noCache { environment["POMO_NO_CACHE"] = "1" }
    let context = Context(
      environment: environment, output: out, errors: err, clock: clock, hostName: host, zone: zone)
    return (Pomo.main(["pomo"] + words, context: context), out.text, err.text)
  }

  /// Appends one random session to this machine's file behind pomo's back, as a sync would:
  /// the next command must bring its caches up to date.
  func appendSession() {
    appendLine(session(), to: String(journalFile(home.path, host: "laptop").split(separator: "/").last!))
  }

  // MARK: - Operations

  /// Applies one operation chosen at random and says what it did.
  @discardableResult
  func step() throws -> String {
    let what: String
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<14: what = appendSessions()
    case 14..<18: what = taskOperation()
    case 18..<26:
      what = command(["add", Self.presets.randomElement(using: &rng)!, "--start", when(), "--allow-overlap"])
    case 26..<36: what = edit()
    case 36..<42: what = command(["delete", try someID() ?? "last"])
    case 42..<46: what = command(["undo"])
    case 46..<52: what = editInPlace()
    case 52..<56: what = truncate()
    case 56..<60: what = putBackOlderCopy()
    case 60..<70: what = damageCache(flip: true)
    case 70..<76: what = damageCache(flip: false)
    case 76..<79: what = deleteCaches()
    case 79..<84: what = changeZone()
    case 84..<88: what = changeDayStart()
    case 88..<94: what = advance()
    case 94..<97: what = syncTwice()
    default: what = correctionsOnly()
    }
    trail.append(what)
    return what
  }

  private func appendSessions() -> String {
    let file = pickFile()
    let count = Int.random(in: 1...12, using: &rng)
    for _ in 0..<count { appendLine(session(), to: file) }
    return "append \(count) to \(file)"
  }

  private func command(_ words: [String]) -> String {
    let host = Self.hosts.randomElement(using: &rng)!
    let result = run(words, host: host)
    return "\(host): pomo \(words.joined(separator: " ")) -> \(result.status)"
  }

  private func edit() -> String {
    guard let id = try? someID() else { return "edit: no session" }
    var words = ["edit", id]
    switch Int.random(in: 0..<8, using: &rng) {
    case 6: words += ["--keep-away"]
    case 7: words += ["--drop-away"]
    case 0: words += ["--tag", Self.tags.randomElement(using: &rng)!]
    case 1: words += ["--untag", Self.tags.randomElement(using: &rng)!]
    case 2: words += ["--start", when(), "--allow-overlap"]
    case 3: words += ["--status", ["completed", "interrupted", "void"].randomElement(using: &rng)!]
    case 4: words += ["--preset", Self.presets.randomElement(using: &rng)!]
    default: words += ["--end", when(), "--allow-overlap"]
    }
    return command(words)
  }

  /// A line changed where it stands, at the same size: a digit of a time or a letter of a tag.
  private func editInPlace() -> String {
    guard let (name, data) = randomFile(), !data.isEmpty else { return "edit in place: no file" }
    var bytes = [UInt8](data)
    let digits = bytes.indices.filter { (0x30...0x38).contains(bytes[$0]) }
    guard let k = digits.randomElement(using: &rng) else { return "edit in place: no digit" }
    bytes[k] += 1
    write(bytes, to: name, inPlace: true)
    return "edit in place: \(name) byte \(k)"
  }

  private func truncate() -> String {
    guard let (name, data) = randomFile(), !data.isEmpty else { return "truncate: no file" }
    let cut = Int.random(in: 0..<data.count, using: &rng)
    let length = Bool.random(using: &rng) ? (data[..<cut].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) : cut
    write([UInt8](data.prefix(length)), to: name, inPlace: Bool.random(using: &rng))
    return "truncate \(name) to \(length) of \(data.count)"
  }

  private func putBackOlderCopy() -> String {
    if copies.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
      guard let (name, data) = randomFile() else { return "copy: no file" }
      copies.append((name, data))
      return "kept a copy of \(name) (\(data.count) bytes)"
    }
    let copy = copies.randomElement(using: &rng)!
    write([UInt8](copy.bytes), to: copy.name, inPlace: Bool.random(using: &rng))
    return "put back an older \(copy.name) (\(copy.bytes.count) bytes)"
  }

  private func damageCache(flip: Bool) -> String {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder))?.sorted() ?? []
    guard let name = names.randomElement(using: &rng),
      let data = FileManager.default.contents(atPath: cacheFolder + "/" + name), !data.isEmpty
    else { return "damage: no cache file" }
    var bytes = [UInt8](data)
    // Mostly what follows the header (32 bytes), where a flip is not caught by the format alone.
    let header = 32
    let k =
      bytes.count > header && Int.random(in: 0..<4, using: &rng) > 0
      ? Int.random(in: header..<bytes.count, using: &rng) : Int.random(in: 0..<bytes.count, using: &rng)
    if flip {
      bytes[k] ^= UInt8(1) << UInt8.random(in: 0...7, using: &rng)
    } else {
      bytes.removeSubrange(k...)
    }
    _ = FileManager.default.createFile(atPath: cacheFolder + "/" + name, contents: Data(bytes))
    return flip ? "flipped a bit of \(name) at \(k)" : "cut \(name) to \(k) bytes"
  }

  private func deleteCaches() -> String {
    try? FileManager.default.removeItem(atPath: cacheFolder)
    return "deleted the caches"
  }

  private func changeZone() -> String {
    let rule = Self.zones.randomElement(using: &rng)!
    zone = ZoneFromRules(posix: rule)
    return "zone \(rule)"
  }

  private func changeDayStart() -> String {
    let start = ["00:00", "04:00", "23:30", "06:15"].randomElement(using: &rng)!
    _ = try? home.write(".config/pomo/config.json", "{\"day_start\": \"\(start)\"}\n")
    return "day_start \(start)"
  }

  private func advance() -> String {
    let choices: [Double] = [600, 3_600, 86_400, 7 * 86_400, 40 * 86_400]
    let seconds = choices.randomElement(using: &rng)!
    now += seconds
    return "now + \(Int(seconds)) s"
  }

  /// A session already recorded, written again into another file (synced twice, or a
  /// conflict copy).
  private func syncTwice() -> String {
    guard let (name, data) = randomFile(), !data.isEmpty else { return "sync twice: no file" }
    let lines = data.split(separator: 0x0A)
    guard let line = lines.randomElement(using: &rng) else { return "sync twice: no line" }
    let target = Bool.random(using: &rng) ? pickFile() : "laptop-testaa.sync-conflict-20261201-101010-ABCDEFG.jsonl"
    appendLine(String(decoding: line, as: UTF8.self), to: target)
    return "synced a line of \(name) into \(target)"
  }

  /// A machine's file that holds only corrections: of sessions another file holds, or of
  /// none any file holds (their lines damaged, or not synced yet).
  private func correctionsOnly() -> String {
    let target = (try? someID()) ?? nil
    let id = target ?? String(format: "%08x-gone", UInt32.random(in: 0...UInt32.max, using: &rng))
    serial += 1
    let at = RFC3339.format(now - 60, offset: 0)
    let line =
      Bool.random(using: &rng)
      ? "{\"v\":2,\"kind\":\"delete\",\"id\":\"c\(serial)\",\"target\":\"\(id)\",\"at\":\"\(at)\",\"host\":\"phone\"}"
      : "{\"v\":2,\"kind\":\"amend\",\"id\":\"c\(serial)\",\"target\":\"\(id)\",\"at\":\"\(at)\",\"host\":\"phone\",\"set\":{\"status\":\"\(Bool.random(using: &rng) ? "completed" : "void")\"}}"
    appendLine(line, to: "phone-testaa.jsonl")
    return "a correction of \(id) in phone's file"
  }

  /// A task line written behind pomo's back (as a sync brings it), or a `pomo task` command.
  private func taskOperation() -> String {
    let id = Self.taskIDs.randomElement(using: &rng)!
    switch Int.random(in: 0..<6, using: &rng) {
    case 0, 1:
      let file = pickFile()
      appendLine(taskLine(id), to: file)
      return "task \(id.prefix(8)) written to \(file)"
    case 2: return command(["task", "done", String(id.prefix(8))])
    case 3: return command(["task", "edit", id, "--estimate", "\(Int.random(in: 1...5, using: &rng))", "--tag", "code"])
    case 4: return command(["task", "edit", id, "--open"])
    default: return command(["task", "add", "new task", "--estimate", "\(Int.random(in: 1...5, using: &rng))"])
    }
  }

  /// A task's line, made some time in the last two months, with an estimate or none.
  private func taskLine(_ id: String) -> String {
    let at = RFC3339.format(now - Double(Int.random(in: 0...(60 * 86_400), using: &rng)), offset: 0)
    let estimate = Int.random(in: 0...5, using: &rng)
    return
      "{\"v\":2,\"kind\":\"task\",\"id\":\"\(id)\",\"at\":\"\(at)\",\"host\":\"desktop\",\"title\":\"task \(id.prefix(8))\""
      + (estimate > 0 ? ",\"estimate\":\(estimate)" : "") + ",\"tags\":[\"thesis\"]}"
  }

  // MARK: - Making sessions

  /// A session over the last two years: any hour (some across midnight), several phases,
  /// tags and presets, some interrupted.
  private func session() -> String {
    serial += 1
    let start = (now - Double.random(in: 0..<(730 * 86_400), using: &rng)).rounded()
    var phases: [JournalPhase] = []
    var t = start
    for round in 1...Int.random(in: 1...3, using: &rng) {
      let work = Double(Int.random(in: 1...60, using: &rng)) * 60 + 0.5
      var focus = JournalPhase(
        name: "focus", kind: .work, round: round, start: t, end: t + work, plannedSeconds: work,
        elapsedSeconds: work, completed: true)
      // Some focus phases were interrupted: marks at their own times (a few past midnight).
      if Int.random(in: 0..<4, using: &rng) == 0 {
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          focus.marks.append(
            PhaseMark(
              kind: Bool.random(using: &rng) ? .internal : .external,
              at: t + Double(Int.random(in: 0..<Int(work), using: &rng)),
              note: Bool.random(using: &rng) ? nil : Self.tags.randomElement(using: &rng)))
        }
      }
      phases.append(focus)
      // Some focus has time away: counted or paused through, kept, dropped or undecided.
      if Int.random(in: 0..<3, using: &rng) == 0 {
        let from = t + Double(Int.random(in: 0..<Int(work / 2), using: &rng))
        let length = Double(Int.random(in: 1...max(1, Int(work / 2)), using: &rng)) + 0.25
        let kept: Bool? = [true, false, nil].randomElement(using: &rng)!
        phases[phases.count - 1].away = [
          JournalAway(
            start: from, end: min(from + length, t + work), cause: ["lock", "idle", "sleep", "command"].randomElement(using: &rng)!,
            paused: Bool.random(using: &rng), kept: kept)
        ]
      }
      t += work
      if Bool.random(using: &rng) {
        let rest = Double(Int.random(in: 1...20, using: &rng)) * 60
        phases.append(
          JournalPhase(
            name: "break", kind: .rest, round: round, start: t, end: t + rest, plannedSeconds: rest,
            elapsedSeconds: rest, completed: true))
        t += rest
      }
    }
    let tags = Self.tags.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
    let id = String(format: "%08x-%04x", UInt32.random(in: 0...UInt32.max, using: &rng), serial)
    let status: JournalRecord.Status =
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: .interrupted
      case 1: .void
      default: .completed
      }
    var record = JournalRecord(
      id: id, preset: Self.presets.randomElement(using: &rng)!, status: status, start: start, end: t,
      tags: tags, host: "laptop", rounds: phases.last?.round ?? 1, phases: phases)
    if status == .void, Bool.random(using: &rng) { record.voidReason = "a call" }
    if Int.random(in: 0..<3, using: &rng) == 0 { record.task = Self.taskIDs.randomElement(using: &rng)! }
    let offset = zone.offset(at: start)
    return record.json(offset: { _ in offset }).text
  }

  /// A time `add`, `edit --start` and `--end` take, within the last year.
  /// A time in the last year; half the time in the last ten days, so corrections move
  /// sessions into and out of the short ranges (today, this week) that read the journal's
  /// chunks rather than the day totals.
  private func when() -> String {
    let hours = Bool.random(using: &rng) ? 10 * 24 : 365 * 24
    let t = now - Double(Int.random(in: 1...hours, using: &rng)) * 3_600
    let civil = RFC3339.civil(fromDays: Int64((t / 86_400).rounded(.down)))
    let seconds = Int(t.truncatingRemainder(dividingBy: 86_400))
    return String(format: "%04d-%02d-%02d %02d:%02d", civil.0, civil.1, civil.2, seconds / 3_600, seconds % 3_600 / 60)
  }

  /// An id of a session some file holds.
  private func someID() throws -> String? {
    guard let (_, data) = randomFile() else { return nil }
    let lines = data.split(separator: 0x0A)
    guard let line = lines.randomElement(using: &rng),
      let record = try? JournalRecord(line: [UInt8](line))
    else { return nil }
    return record.id
  }

  // MARK: - Files

  private func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: journalFolder)) ?? []).filter { $0.hasSuffix(".jsonl") }
      .sorted()
  }

  private func pickFile() -> String {
    let host = Self.hosts.randomElement(using: &rng)!
    return String(journalFile(home.path, host: host).split(separator: "/").last!)
  }

  private func randomFile() -> (String, Data)? {
    guard let name = files().randomElement(using: &rng),
      let data = FileManager.default.contents(atPath: journalFolder + "/" + name)
    else { return nil }
    return (name, data)
  }

  private func appendLine(_ line: String, to name: String) {
    let path = journalFolder + "/" + name
    // The folder too: without it, the sessions made before the first command were lost.
    try? FileManager.default.createDirectory(atPath: journalFolder, withIntermediateDirectories: true)
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    handle.seekToEndOfFile()
    handle.write(Data((line + "\n").utf8))
    handle.closeFile()
  }

  /// Writes a file's bytes where it stands (the same inode) or as a new file renamed over it.
  ///
  /// In place, it first waits until the clock has moved past the file's last change: a person
  /// editing a journal is never within the same tick of the kernel's coarse clock as pomo's
  /// last write, the one edit the index's staleness rule cannot see (docs/durability.md).
  private func write(_ bytes: [UInt8], to name: String, inPlace: Bool) {
    let path = journalFolder + "/" + name
    if inPlace, let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date {
      let deadline = Date().addingTimeInterval(5)
      while Date() < changed.addingTimeInterval(0.02) && Date() < deadline { usleep(1_000) }
    }
    if inPlace, let handle = FileHandle(forWritingAtPath: path) {
      handle.truncateFile(atOffset: 0)
      handle.write(Data(bytes))
      handle.closeFile()
    } else {
      try? Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
  }
}
