import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoReport

/// The day totals kept beside the index must say what the records say, after every kind of
/// change: each check compares `pomo report` over a long span (read from the totals) with
/// the same report added up from every record, and the totals brought up to date step by
/// step with totals built from nothing.
@Suite("Day totals")
struct DayTotalsTests {
  // Tuesday 2026-12-01 12:00 UTC.
  static let now = 1_796_126_400.0
  static let day = 86_400.0
  static let from = "2024-06-01"

  /// Sessions over two and a half years: all hours (some across midnight), several presets
  /// and tags, some interrupted, with a rest phase.
  static func sessions(_ count: Int, seed: UInt64, host: String = "laptop", prefix: String = "s") -> [JournalRecord] {
    var rng = SplitMix64(state: seed)
    let first = now - 900 * day
    return (0..<count).map { k in
      let start = (first + Double(k) * (890 * day / Double(count)) + Double.random(in: 0..<7200, using: &rng)).rounded()
      let work = Double(Int.random(in: 5...55, using: &rng)) * 60 + 0.25
      let rest = Double(Int.random(in: 0...20, using: &rng)) * 60
      let tags = [[], ["thesis"], ["code", "thesis"], ["ops"]][Int.random(in: 0...3, using: &rng)]
      let preset = ["work", "52-17", "quick"][Int.random(in: 0...2, using: &rng)]
      var phases = [
        JournalPhase(
          name: "focus", kind: .work, round: 1, start: start, end: start + work, plannedSeconds: work,
          elapsedSeconds: work, completed: true)
      ]
      if rest > 0 {
        phases.append(
          JournalPhase(
            name: "break", kind: .rest, round: 1, start: start + work, end: start + work + rest, plannedSeconds: rest,
            elapsedSeconds: rest, completed: true))
      }
      return JournalRecord(
        id: "\(prefix)\(String(k, radix: 16))-\(seed)", preset: preset, status: k % 9 == 4 ? .interrupted : .completed,
        start: start, end: phases.last!.end, tags: tags, host: host, rounds: 1, phases: phases)
    }
  }

  static func lines(_ records: [JournalRecord]) -> String {
    records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined()
  }

  /// The history the way `pomo` reads it from this home, indexed into a cache of its own.
  static func history(_ h: HistoryHarness, cache: String) throws -> IndexedHistory {
    let folder = JournalFolder(path: h.home.path + "/.local/share/pomo/journal")
    return IndexedHistory(
      files: try folder.seenFiles().map { try IndexedJournal(journal: Journal(path: $0.path), cacheFolder: cache) })
  }

  /// The long-span report from the command (the totals) against the one from every record,
  /// and the command's totals against totals built afresh.
  @discardableResult
  static func check(_ h: HistoryHarness, dayStart: Int = 0, _ comment: Comment) throws -> Int64 {
    let result = h.run("report", "--from", from, "--format", "json")
    #expect(result.status == 0, "\(result.err)")
    let calendar = LocalCalendar(zone: FixedZone(), weekStart: 1, dayStart: dayStart)
    let today = calendar.day(of: now)
    let range = ReportRange(kind: .custom, days: LocalCalendar.parseDate(from)!...today)
    let scratch = try TemporaryFolder()
    defer { scratch.cleanUp() }
    let history = try Self.history(h, cache: scratch.path)
    var builder = ReportBuilder(range: range, calendar: calendar)
    try history.all { builder.add($0) }
    let expected = ReportJSON.render(
      builder.build(today: today, streak: history.streak(today: today, calendar: calendar)))
    #expect(result.out == expected, comment)
    if result.out != expected {
      let got = result.out.split(separator: ",")
      let want = expected.split(separator: ",")
      if let k = zip(got, want).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
        Issue.record("first difference: \(got[k]) vs \(want[k])")
      }
    }
    // The hours grid, the same way.
    let hours = h.run("report", "--hours", "--from", from, "--format", "json")
    #expect(hours.status == 0, "\(hours.err)")
    var grid = HourGridBuilder(range: range, calendar: calendar)
    try history.all { grid.add($0) }
    #expect(hours.out == HourGridData.json(grid.build()), comment)

    // The command's totals, brought up to date step by step, are those built from nothing:
    // as the file says plus what came since (a command writes them only after thousands of
    // lines), and as the file says once written.
    let files = totalsFiles(h)
    try #require(files.count == 1, comment)
    let own = try Self.history(h, cache: h.home.path + "/.cache/pomo")
    let journal = h.home.path + "/.local/share/pomo/journal"
    let current = try DayTotals.of(own, journal: journal, calendar: calendar, folder: h.home.path + "/.cache/pomo")
    // Read without hours, as a report not by hour reads them, yet to be written: read whole first.
    _ = try DayTotals.of(
      own, journal: journal, calendar: calendar, folder: h.home.path + "/.cache/pomo", hours: false, writeAfter: 0)
    let path = h.home.path + "/.cache/pomo/" + files[0]
    let source = FNV1a.hash(Platform.absolutePath(journal))
    let kept = try #require(DayTotals(path: path, source: source, days: nil, hours: true), comment)
    let hourless = try #require(DayTotals(path: path, source: source, days: nil, hours: false), comment)
    #expect(hourless.table.rows == kept.table.rows && hourless.table.shares == kept.table.shares, comment)
    #expect(hourless.table.hours.isEmpty && !hourless.isWhole && kept.isWhole, comment)
    // The pages of a span hold every entry of its days (the ones around them too, unasked for).
    if let last = kept.table.rows.last?.day {
      for span in [last - 40...last, last - 400...last - 300, Int64.min...last - 1000] {
        let part = try #require(DayTotals(path: path, source: source, days: span, hours: true), comment)
        func inSpan<T: DayTable.Entry>(_ list: [T]) -> [T] { list.filter { span.contains($0.day) } }
        #expect(inSpan(part.table.rows) == inSpan(kept.table.rows), comment)
        #expect(inSpan(part.table.shares) == inSpan(kept.table.shares), comment)
        #expect(inSpan(part.table.hours) == inSpan(kept.table.hours) && !part.isWhole, comment)
      }
    }
    let fresh = try DayTotals.of(history, journal: journal, calendar: calendar, folder: scratch.path)
    #expect(kept.pending.isEmpty && fresh.pending.isEmpty, comment)
    var combined = current.table
    combined.apply(current.pending)
    #expect(normalized(combined) == normalized(fresh.table), comment)
    #expect(normalized(kept.table) == normalized(fresh.table), comment)
    // The hours too: a file written from totals read without them was read whole first.
    #expect(kept.table.hours == fresh.table.hours, comment)
    #expect(kept.long == fresh.long, comment)
    #expect(totalsFiles(h) == files, "the command and this check keep the same file")
    #expect(!kept.table.rows.isEmpty, comment)
    return kept.builds
  }

  static func normalized(_ table: DayTable) -> [String] {
    table.rows.map { "\($0)" }
      + table.shares.map { "\($0.day) \(table.names[Int($0.name)]) \($0.focus) \($0.sessions)" }.sorted()
  }

  static func totalsFiles(_ h: HistoryHarness) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: h.home.path + "/.cache/pomo")) ?? []).filter {
      $0.hasPrefix("totals-")
    }
  }

  @Test("appends, late imports and corrections keep the totals right")
  func appendsImportsCorrections() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    try h.write(Self.sessions(400, seed: 1))
    #expect(try Self.check(h, "first build") == 1)

    // Appended: a session recorded now, and one added by hand.
    try Self.lines(Self.sessions(3, seed: 2, prefix: "late")).write(
      toFile: h.journalPath, atomically: false, encoding: .utf8)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: h.journalPath))
    handle.seekToEndOfFile()
    handle.write(Data(Self.lines(Self.sessions(400, seed: 1)).utf8))
    try handle.close()
    #expect(try Self.check(h, "the journal rewritten: built again") == 2)
    #expect(h.run("add", "work", "--start", "2026-11-30T22:50:00Z", "--tag", "night").status == 0)
    #expect(try Self.check(h, "a session added") == 2)

    // A late import of old sessions (Timewarrior's export shape).
    let export = h.home.path + "/timew.json"
    try """
    [{"id":1,"start":"20250301T220000Z","end":"20250302T013000Z","tags":["imported"]},
    {"id":2,"start":"20240701T090000Z","end":"20240701T100000Z","tags":["imported","code"]}]
    """.write(toFile: export, atomically: true, encoding: .utf8)
    let imported = h.run("import", "--from", "timewarrior", export)
    #expect(imported.status == 0, "\(imported.err)")
    try Self.check(h, "a late import")

    // Corrections: moved by months, retagged, cut short, deleted, and each undone.
    let records = try journalRecords(h.journalPath)
    let moved = String(records[10].id.prefix(12))
    #expect(h.run("edit", moved, "--start", "2026-11-29T23:30:00Z").status == 0)
    try Self.check(h, "a session moved by years")
    // Retagged: a tag added, and one it has (if any) taken off; taking off one it lacks is an error.
    let retag =
      ["edit", String(records[20].id.prefix(12)), "--tag", "extra"]
      + records[20].tags.prefix(1).flatMap { ["--untag", $0] }
    #expect(h.run(retag).status == 0)
    try Self.check(h, "tags changed")
    #expect(h.run("edit", String(records[30].id.prefix(12)), "--status", "interrupted").status == 0)
    try Self.check(h, "status changed")
    #expect(h.run("delete", String(records[40].id.prefix(12))).status == 0)
    try Self.check(h, "a session deleted")
    for step in 1...3 {
      #expect(h.run("undo").status == 0)
      try Self.check(h, "undo \(step)")
    }
    #expect(h.run("undo").status == 0)
    #expect(try Self.check(h, "the move undone") == 2, "every change since the rewrite was read as it came")
  }

  @Test(
    "a first build credited by the index's one scan: repeated ids, long sessions and corrections as the recount counts them"
  )
  func firstBuildFromTheIndexScan() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    var records = Self.sessions(300, seed: 7)
    // A line repeating an earlier id (the first wins), a session too long for the table, and
    // one long only as its repeat says.
    var repeated = records[3]
    repeated.tags = ["repeat"]
    repeated.phases[0].elapsedSeconds += 900
    var long = records[4]
    long.id = "long-1"
    long.phases[0].end = long.start + 3 * Self.day
    var longRepeat = records[9]
    longRepeat.phases[0].end = longRepeat.start + 3 * Self.day
    records.insert(repeated, at: 200)
    records.insert(longRepeat, at: 250)
    records.append(long)
    try h.write(records)
    // Corrections: one moves a session by days, one deletes the long one.
    let corrections = [
      Correction(
        kind: .amend, id: "c-1", target: records[6].id, at: Self.now - 3600, host: "laptop",
        changes: .init(tags: ["moved"], start: Self.now - 2 * Self.day)),
      Correction(kind: .delete, id: "c-2", target: "long-1", at: Self.now - 3000, host: "laptop"),
    ]
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: h.journalPath))
    handle.seekToEndOfFile()
    handle.write(Data(corrections.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined().utf8))
    try handle.close()
    #expect(try Self.check(h, "first build") == 1)
  }

  @Test("conflict copies and other machines' files, arriving late, count each session once")
  func otherFiles() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let mine = Self.sessions(300, seed: 3)
    try h.write(mine)
    try Self.check(h, "one machine")
    let folder = h.home.path + "/.local/share/pomo/journal/"

    // Another machine's file arrives with its own sessions and a correction of one of mine.
    var theirs = Self.lines(Self.sessions(200, seed: 4, host: "desk", prefix: "d"))
    let correction = Correction(
      kind: .amend, id: "c-desk-1", target: mine[5].id, at: Self.now - 3600, host: "desk",
      changes: .init(tags: ["from-desk"], start: Self.now - 2 * Self.day))
    theirs += correction.json(offset: { _ in 0 }).text + "\n"
    try theirs.write(toFile: folder + "desk-bbbbbb.jsonl", atomically: true, encoding: .utf8)
    try Self.check(h, "another machine's file")

    // A conflict copy of my file: the same sessions, some edited by hand, one it alone has.
    var copy = Array(mine.prefix(150))
    copy[7].tags = ["conflict"]
    copy[8].phases[0].elapsedSeconds += 600
    copy.append(Self.sessions(1, seed: 5, prefix: "only")[0])
    try Self.lines(copy).write(
      toFile: folder + "laptop-testaa.sync-conflict-20261201-120000-ABCDEFG.jsonl", atomically: true, encoding: .utf8)
    try Self.check(h, "a conflict copy")

    // More lines on both sides after that: appends to files already read.
    let more = Self.lines(Self.sessions(5, seed: 6, host: "desk", prefix: "m"))
    let desk = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "desk-bbbbbb.jsonl"))
    desk.seekToEndOfFile()
    desk.write(Data((more + Self.lines([copy[7]])).utf8))
    try desk.close()
    #expect(h.run("edit", String(mine[8].id.prefix(12)), "--note", "seen").status == 0)
    #expect(try Self.check(h, "appends on both machines") == 1, "every file was read as it came")

    // A sync tool brings the other machine's file as a new copy renamed into place: the same
    // lines and a few more. Its index is built again; the totals read on from where they were.
    let synced =
      try String(contentsOfFile: folder + "desk-bbbbbb.jsonl", encoding: .utf8)
      + Self.lines(Self.sessions(4, seed: 9, host: "desk", prefix: "n"))
    try synced.write(toFile: folder + ".syncthing.desk-bbbbbb.jsonl.tmp", atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder + "desk-bbbbbb.jsonl")
    try FileManager.default.moveItem(
      atPath: folder + ".syncthing.desk-bbbbbb.jsonl.tmp", toPath: folder + "desk-bbbbbb.jsonl")
    #expect(try Self.check(h, "a file replaced by a longer copy") == 2, "its index is built again, and so are they")
    // A copy with a line changed in the middle, renamed into place.
    var changed = synced.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    changed[20] = changed[20].replacingOccurrences(of: #""preset":"work""#, with: #""preset":"wkrk""#)
      .replacingOccurrences(of: #""preset":"quick""#, with: #""preset":"qiuck""#)
      .replacingOccurrences(of: #""preset":"52-17""#, with: #""preset":"52-71""#)
    try changed.joined(separator: "\n").write(toFile: folder + "desk-bbbbbb.jsonl", atomically: true, encoding: .utf8)
    #expect(try Self.check(h, "a file replaced by other lines") == 3)

    // A file removed: the totals are built again.
    try FileManager.default.removeItem(atPath: folder + "laptop-testaa.sync-conflict-20261201-120000-ABCDEFG.jsonl")
    #expect(try Self.check(h, "a conflict copy removed") == 4)
  }

  @Test("a line edited in place, keeping the file's size, is counted as it now stands")
  func editedInPlace() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    try h.write(Self.sessions(200, seed: 11))
    #expect(try Self.check(h, "first") == 1)
    // The same bytes but one preset's name, written over the old ones: same inode, same size.
    let text = try String(contentsOfFile: h.journalPath, encoding: .utf8)
    let edited = text.replacingOccurrences(of: #""preset":"work""#, with: #""preset":"wrok""#)
    #expect(edited != text && edited.utf8.count == text.utf8.count)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: h.journalPath))
    handle.write(Data(edited.utf8))
    try handle.close()
    #expect(try Self.check(h, "edited in place") == 2)
  }

  @Test("an id in two files counts where the first file puts it, in short reports and long")
  func firstFileWins() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    try h.write(Self.sessions(100, seed: 12))
    let folder = h.home.path + "/.local/share/pomo/journal/"
    var april = focusSession("twice", start: 1_775_037_600)  // 2026-04-01 10:00 UTC
    april.preset = "alt"
    let march = focusSession("twice", start: 1_772_359_200)  // 2026-03-01 10:00 UTC
    try Self.lines([april]).write(toFile: folder + "a-aaaaaa.jsonl", atomically: true, encoding: .utf8)
    try Self.lines([march]).write(toFile: folder + "zz-zzzzzz.jsonl", atomically: true, encoding: .utf8)
    try Self.check(h, "a session in two files")
    func report(_ from: String, _ to: String) throws -> [String: Any] {
      let result = h.run("report", "--from", from, "--to", to, "--format", "json")
      #expect(result.status == 0, "\(result.err)")
      return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
    }
    let presets = { (r: [String: Any]) in
      ((r["presets"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }
    let marchWeek = try report("2026-03-01", "2026-03-01")
    let aprilDay = try report("2026-04-01", "2026-04-01")
    #expect(!presets(aprilDay).isEmpty && presets(aprilDay).contains("alt"), "\(aprilDay)")
    let marchSessions = ((marchWeek["days"] as? [[String: Any]])?.first?["sessions"] as? Int) ?? -1
    let aprilSessions = ((aprilDay["days"] as? [[String: Any]])?.first?["sessions"] as? Int) ?? -1
    let marchOthers = Self.sessions(100, seed: 12).filter {
      LocalCalendar(zone: FixedZone()).day(of: $0.start) == LocalCalendar.parseDate("2026-03-01")!
    }.count
    #expect(marchSessions == marchOthers, "the later file's copy on 1 March is not the session")
    #expect(aprilSessions >= 1)
  }

  @Test("day_start and zone changes, and phases too long for a table")
  func calendarsAndLongPhases() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    var records = Self.sessions(300, seed: 7)
    // A phase of three days and one of ten years: kept out of the table, read when needed.
    records[50].phases[0].end = records[50].phases[0].start + 3 * Self.day
    records[50].phases[0].elapsedSeconds = 3 * Self.day
    records[60].phases[0].start -= 3650 * Self.day
    records[60].start = records[60].phases[0].start
    try h.write(records)
    try Self.check(h, "midnight")
    let config = h.home.path + "/.config/pomo"
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try #"{"day_start": "04:00"}"#.write(toFile: config + "/config.json", atomically: true, encoding: .utf8)
    #expect(try Self.check(h, dayStart: 4 * 3600, "day_start 04:00") == 2)
    try #"{"day_start": "00:00"}"#.write(toFile: config + "/config.json", atomically: true, encoding: .utf8)
    #expect(h.run("delete", String(records[50].id.prefix(12))).status == 0)
    try Self.check(h, "back to midnight, the long one deleted")
    #expect(h.run("undo").status == 0)
    #expect(try Self.check(h, "the long one back") == 3)
  }

  @Test("a damaged totals file is built again, never trusted")
  func damagedCache() throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    try h.write(Self.sessions(100, seed: 8))
    try Self.check(h, "first")
    let path = h.home.path + "/.cache/pomo/" + Self.totalsFiles(h)[0]
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    for k in stride(from: 200, to: bytes.count, by: 97) { bytes[k] ^= 0x5A }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    try Self.check(h, "damaged")
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
    try Self.check(h, "cut short")
    // Grown: bytes after the last page, and the file is refused, read whole or in part.
    let source = FNV1a.hash(Platform.absolutePath(h.home.path + "/.local/share/pomo/journal"))
    let good = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(DayTotals(path: path, source: source, days: nil, hours: true) != nil)
    try Data(good + [UInt8](repeating: 0, count: 64)).write(to: URL(fileURLWithPath: path))
    #expect(DayTotals(path: path, source: source, days: nil, hours: true) == nil)
    #expect(DayTotals(path: path, source: source, days: 0...0, hours: false) == nil)
    try Self.check(h, "grown")

    // Counts near the largest integer in every row and share, sealed with a good checksum
    // (as a bug of pomo's own could write them): the report gives what it can and never
    // traps on an overflow.
    // The blocks: the directory, then pages of rows (tag 2), of shares (3) and of hours (4).
    let whole = try FileSnapshot(path: path)
    var blocks: [(tag: UInt64, payload: [UInt8])] = []
    var at = CacheFile.fileHeaderSize
    while let block = CacheFile.block(in: whole.bytes, at: at, source: source) {
      blocks.append((block.tag, Array(block.payload)))
      at = block.end
    }
    #expect(at == whole.bytes.count && blocks.contains { $0.tag == 2 } && blocks.contains { $0.tag == 3 })
    // The sessions of each row and share.
    for k in blocks.indices where blocks[k].tag == 2 || blocks[k].tag == 3 {
      let size = blocks[k].tag == 2 ? MemoryLayout<DayTable.Row>.stride : MemoryLayout<DayTable.Share>.stride
      for entry in stride(from: 0, to: blocks[k].payload.count, by: size) {
        withUnsafeBytes(of: Int64(0x7FFF_FFFF_FFFF_FF00)) {
          blocks[k].payload.replaceSubrange(entry + 24..<entry + 32, with: $0)
        }
      }
    }
    func write(_ k: Int, _ done: [(tag: UInt64, parts: [UnsafeRawBufferPointer])]) {
      guard k < blocks.count else {
        return CacheFile.write(blocks: done, to: path, magic: DayTotals.magic, source: source)
      }
      blocks[k].payload.withUnsafeBytes { write(k + 1, done + [(blocks[k].tag, [$0])]) }
    }
    write(0, [])
    #expect(
      DayTotals(path: path, source: source, days: nil, hours: true)?.table.rows.first?.sessions
        == 0x7FFF_FFFF_FFFF_FF00)
    for words in [
      ["report", "--from", Self.from], ["report", "--year", "--format", "json"],
      ["report", "--hours", "--from", Self.from],
    ] {
      let result = h.run(words)
      #expect(result.status == 0, "\(words): \(result.err)")
    }
  }
}
