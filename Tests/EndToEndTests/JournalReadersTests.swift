import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoIndex
import PomoJournal
import PomoPlatform

/// A HOME in UTC whose journal is `HOME/journal.jsonl`, named by POMO_JOURNAL, and that path.
private func journalHome() throws -> (PomoHome, journal: String) {
  var home = try PomoHome(presets: [:], environment: ["TZ": "UTC"])
  home.environment["POMO_JOURNAL"] = home.file("journal.jsonl")
  return (home, home.file("journal.jsonl"))
}

@Suite("Readers that race writers", .endToEnd)
struct ReadersRaceWritersTests {
  @Test("eight processes append while reports and logs run: every total is a whole-write prefix, never a warning")
  func appendsDuringReports() async throws {
    let (home, _) = try journalHome()
    defer { home.cleanUp() }
    let day = RFC3339.parse("2026-11-24T00:00:00Z")!
    let perImport = 3
    let importsPerWriter = 25
    var writers: [Process] = []
    for w in 0..<8 {
      var files: [String] = []
      for i in 0..<importsPerWriter {
        let lines = (0..<perImport).map { k in recordLine("w\(w)-\(i)-\(k)", day + Double(w * 3600 + i * 60 + k)) }
        files.append(try home.write("w\(w)/\(i).jsonl", lines.joined(separator: "\n") + "\n"))
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "for f in \"$@\"; do \"\(pomoBinary)\" import \"$f\" || exit 1; done", "sh"] + files
      process.environment = home.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      writers.append(process)
    }
    for writer in writers { try writer.run() }
    var previous = 0
    var runs = 0
    repeat {
      runs += 1
      let report = try await home.run(["report", "--strict", "--format", "json", "--from", "2026-11-24", "--to", "2026-11-24"])
      #expect(report.status == 0)
      #expect(report.err == "")
      let totals = try JSONParser.parse(Array(report.out.utf8))["totals"]
      let sessions = totals?["sessions"]?.intValue ?? -1
      #expect(sessions % perImport == 0, "a report saw part of a write: \(sessions)")
      #expect(sessions >= previous, "a later report saw fewer sessions: \(sessions) after \(previous)")
      #expect(totals?["focus_seconds"]?.intValue == sessions * 60)
      previous = sessions
      let log = try await home.run(["log", "--strict", "--json", "--limit", "100000"])
      #expect(log.status == 0)
      #expect(log.err == "")
      let logged = try JSONParser.parse(Array(log.out.utf8)).arrayValue?.count ?? -1
      #expect(logged % perImport == 0 && logged >= sessions, "log saw \(logged) after a report saw \(sessions)")
    } while writers.contains(where: \.isRunning) || runs < 3
    for writer in writers {
      await writer.waitForExit()
      #expect(writer.terminationStatus == 0)
    }
    let final = try await home.run(["report", "--strict", "--format", "json", "--from", "2026-11-24", "--to", "2026-11-24"])
    #expect(
      try JSONParser.parse(Array(final.out.utf8))["totals"]?["sessions"]?.intValue == 8 * importsPerWriter * perImport)
  }

  @Test("a reader takes the journal's size only between appends, never part-way through one")
  func sizeBetweenAppends() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let day = RFC3339.parse("2026-11-24T00:00:00Z")!
    let lines = (0..<3).map { Array((recordLine("a\($0)", day + Double($0)) + "\n").utf8) }
    let journal = try home.write("journal.jsonl", String(decoding: lines[0], as: UTF8.self))
    // An append of two lines half done: its writer holds the lock, and the file shows the
    // first line whole (Linux grows a file page by page as a write copies into it).
    let writer = open(journal, O_WRONLY | O_APPEND)
    defer { close(writer) }
    #expect(flock(writer, LOCK_EX) == 0)
    #expect(write(writer, lines[1], lines[1].count) == lines[1].count)
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var started = false
      var size: Int64?
    }
    let seen = Seen()
    let reader = Thread {
      seen.lock.withLock { seen.started = true }
      let size = (try? RandomAccessFile(path: journal))?.opened.size ?? -1
      seen.lock.withLock { seen.size = size }
    }
    reader.start()
    // A reader that did not wait for the append would take the size at once, once it runs.
    #expect(await waitUntil { seen.lock.withLock { seen.started } })
    #expect(await waitUntil(1) { seen.lock.withLock { seen.size != nil } } == false, "the size was taken mid-append")
    #expect(write(writer, lines[2], lines[2].count) == lines[2].count)
    #expect(flock(writer, LOCK_UN) == 0)
    #expect(await waitUntil { seen.lock.withLock { seen.size != nil } })
    #expect(seen.lock.withLock { seen.size } == Int64(lines.reduce(0) { $0 + $1.count }))
  }

  @Test("a line being written (no newline yet) is neither counted nor warned about, then counted once whole")
  func partialLastLine() async throws {
    let (home, journal) = try journalHome()
    defer { home.cleanUp() }
    let day = RFC3339.parse("2026-11-24T09:00:00Z")!
    let second = recordLine("b", day + 3600)
    try home.write("journal.jsonl", recordLine("a", day) + "\n" + second.prefix(50))
    for command in [["report", "--strict", "--format", "csv", "--week", "2026-W48"], ["log", "--strict"]] {
      let result = try await home.run(command)
      #expect(result.status == 0)
      #expect(result.err == "")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((second.dropFirst(50) + "\n").utf8))
    try handle.close()
    let report = try await home.run(["report", "--strict", "--format", "csv", "--week", "2026-W48"])
    #expect(report.out.contains("2026-11-24,120,0,2,2,0"), "\(report.out)")
  }

  @Test("the index notices a journal edited in place at the same size, even with its mtime put back")
  func editedInPlace() async throws {
    let (home, journal) = try journalHome()
    defer { home.cleanUp() }
    let lines = (0..<200).map { recordLine("r\($0)", RFC3339.parse("2026-11-24T09:00:00Z")! + Double($0)) }
    try home.write("journal.jsonl", lines.joined(separator: "\n") + "\n")
    let before = try await home.run(["report", "--format", "csv", "--week", "2026-W48"])
    #expect(before.out.contains("2026-11-24,12000,0,200,200,0"))
    var original = stat()
    stat(journal, &original)
    // Wait until the kernel's clock for file times has moved on, so the edit's ctime differs.
    let probe = home.file("probe")
    #expect(
      await waitUntil {
        _ = FileManager.default.createFile(atPath: probe, contents: Data())
        var info = stat()
        stat(probe, &info)
        return info.st_ctim.tv_sec != original.st_ctim.tv_sec || info.st_ctim.tv_nsec != original.st_ctim.tv_nsec
      })
    // Move one session from the 24th to the 25th in the middle of the file, keeping the size,
    // then put the modification time back, as a sync tool does.
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    let target = try #require(text.range(of: "\"id\":\"r100\""))
    let edited = text.replacingOccurrences(
      of: "2026-11-24T09:01:40", with: "2026-11-25T09:01:40", range: target.lowerBound..<text.endIndex)
    #expect(edited.utf8.count == text.utf8.count && edited != text)
    let fd = open(journal, O_WRONLY)
    _ = Array(edited.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    close(fd)
    var times = [original.st_atim, original.st_mtim]
    utimensat(AT_FDCWD, journal, &times, 0)
    let after = try await home.run(["report", "--format", "csv", "--week", "2026-W48"])
    #expect(after.out.contains("2026-11-24,11940,0,199,199,0"), "\(after.out)")
    #expect(after.out.contains("2026-11-25,60,0,1,1,0"))
  }

  static let duplicates: [(JournalRecord.Status, JournalRecord.Status, Int, Int)] = [
    (.interrupted, .completed, 0, 0), (.completed, .interrupted, 1, 1), (.completed, .completed, 1, 1),
  ]

  @Test(
    "the streak comes from the same de-duplicated sessions as the totals: the first line of an id wins",
    arguments: duplicates)
  func streakDeduplicated(first: JournalRecord.Status, second: JournalRecord.Status, completed: Int, streak: Int) async throws
  {
    let (home, _) = try journalHome()
    defer { home.cleanUp() }
    let now = Date().timeIntervalSince1970
    let start = (now / 86_400).rounded(.down) * 86_400 + 60
    try home.write(
      "journal.jsonl",
      recordLine("same", start, status: first) + "\n" + recordLine("same", start, status: second) + "\n")
    for _ in 0..<2 {  // once building the index, once from the cache
      let report = try await home.run(["report", "--today", "--format", "json"])
      let json = try JSONParser.parse(Array(report.out.utf8))
      #expect(json["totals"]?["completed"]?.intValue == completed)
      #expect(json["totals"]?["sessions"]?.intValue == 1)
      #expect(json["streak_days"]?.intValue == streak)
      let log = try await home.run(["log", "--json"])
      let records = try JSONParser.parse(Array(log.out.utf8)).arrayValue ?? []
      #expect(records.count == 1)
      #expect(records.first?["status"]?.stringValue == first.rawValue)
    }
  }
}

@Suite("Bounded work", .endToEnd)
struct BoundedWorkTests {
  @Test("log finds the newest across a journal merged out of order, reading only the chunks it needs")
  func logReadsFromTheNewest() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let base = RFC3339.parse("2026-01-01T09:00:00Z")!
    // Machine B's newest sessions first, then machine A's long history in order, then an old import.
    var lines = (0..<10).map { recordLine("b\($0)", base + 1_000_000 + Double($0)) }
    lines += (0..<6400).map { recordLine("a\($0)", base + Double($0 * 100)) }
    lines += (0..<10).map { recordLine("old\($0)", base - 1_000_000 + Double($0)) }
    lines.append(recordLine("b9", base + 2_000_000))  // a later line of an id: the first wins
    let path = try folder.write("j.jsonl", lines.joined(separator: "\n") + "\n")
    let indexed = try IndexedJournal(journal: Journal(path: path), cacheFolder: folder.file("cache"))
    let history = IndexedHistory(files: [indexed])
    let newest = try history.newest(3)
    #expect(newest.map(\.id) == ["b9", "b8", "b7"])
    #expect(newest[0].start == base + 1_000_009)
    #expect(history.chunksRead <= 3, "log read \(history.chunksRead) chunks of \(indexed.index.chunks.count)")
    let all = try history.newest(1_000_000)
    #expect(all.count == 6420)
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.start >= $1.start })
  }

  @Test("a line over 16 MB is damaged and skipped without being kept; the lines around it count")
  func longLine() async throws {
    let (home, journal) = try journalHome()
    defer { home.cleanUp() }
    let day = RFC3339.parse("2026-11-24T09:00:00Z")!
    let long = recordLine("long", day + 60, note: String(repeating: "x", count: LineReader.maxLine + (2 << 20)))
    let exactly = recordLine("fits", day + 120, note: "")
    let fits = recordLine(
      "fits", day + 120, note: String(repeating: "y", count: LineReader.maxLine - exactly.utf8.count))
    #expect(fits.utf8.count == LineReader.maxLine)
    try home.write(
      "journal.jsonl", [recordLine("a", day), long, recordLine("b", day + 180), fits].joined(separator: "\n") + "\n")
    let warning =
      "pomo: warning: \(journal):2: skipped a damaged line: the line is longer than 16 MB (16777216 bytes), the longest a record may be\n"
    let report = try await home.run(["report", "--format", "csv", "--week", "2026-W48"])
    #expect(report.err == warning)
    #expect(report.out.contains("2026-11-24,180,0,3,3,0"), "\(report.out)")
    let log = try await home.run(["log"])
    #expect(log.err == warning)
    // The header and three sessions, then the note of the one that fits, under `Notes:`.
    #expect(log.out.split(separator: "\n").count == 6)
    let copy = try await home.run(["import", journal, "--journal", home.file("copy.jsonl")])
    // The others are imported; the status says one was not.
    #expect(copy.status == 65)
    #expect(
      copy.err == warning + "Error: \(journal): 1 of 4 records could not be imported (named above); the others were\n")
    #expect(copy.out == "imported 3 sessions, 0 already present, 1 skipped (into \(home.file("copy.jsonl")))\n")
  }

  @Test("the line reader passes over a long line without keeping it")
  func lineReaderBound() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try folder.write(
      "j",
      "a\n" + String(repeating: "x", count: LineReader.maxLine + (4 << 20)) + "\nb\n"
        + String(repeating: "z", count: LineReader.maxLine + 1))
    var reader = try LineReader(path: path)
    defer { reader.close() }
    var lines: [(String, Bool, Bool)] = []
    while let line = try reader.next() {
      lines.append((String(decoding: line.bytes, as: UTF8.self), line.terminated, line.tooLong))
    }
    #expect(lines.map(\.0) == ["a", "", "b", ""])
    #expect(lines.map(\.1) == [true, true, true, false])
    #expect(lines.map(\.2) == [false, true, false, true])
  }
}
