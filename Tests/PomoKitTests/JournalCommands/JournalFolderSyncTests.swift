import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// A machine of its own: a HOME, a host name, a clock; commands run in-process.
struct Machine {
  let home: TemporaryFolder
  let host: String
  var now: Double
  /// `--journal` when set; otherwise the default folder.
  var journal: String?

  init(host: String, now: Double, journal: String? = nil) throws {
    home = try TemporaryFolder()
    self.host = host
    self.now = now
    self.journal = journal
  }

  var folder: String { journal ?? home.path + "/.local/share/pomo/journal" }

  @discardableResult
  func run(_ words: String...) -> (status: Int32, out: String, err: String) {
    runAt(now, home: home.path, host: host, words + (journal.map { ["--journal", $0] } ?? []))
  }

  /// This machine's own file in the folder.
  var ownFile: String? {
    let id = (try? String(contentsOfFile: home.path + "/.local/state/pomo/machine-id", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return id.map { folder + "/" + JournalFolder.fileName(host: host, id: $0) }
  }
}

/// Copies files from one folder to another the way a sync tool does: the new content goes
/// first to a hidden temporary file (readers may see it half-written), then replaces the
/// target by a rename.
func syncFolder(from source: String, to target: String, beforeRename: () -> Void = {}) throws {
  let fm = FileManager.default
  try fm.createDirectory(atPath: target, withIntermediateDirectories: true)
  for name in try fm.contentsOfDirectory(atPath: source) where name.hasSuffix(".jsonl") {
    let data = try Data(contentsOf: URL(fileURLWithPath: source + "/" + name))
    // Only what changed on the source side travels: each file only grows where it is written.
    if let existing = try? Data(contentsOf: URL(fileURLWithPath: target + "/" + name)), existing.count >= data.count {
      continue
    }
    let temporary = target + "/.syncthing.\(name).tmp"
    let other = target + "/~syncthing~\(name).tmp"
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: temporary))
    try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: other))
    beforeRename()
    try data.write(to: URL(fileURLWithPath: temporary))
    _ = rename(temporary, target + "/" + name)
    try? fm.removeItem(atPath: other)
  }
}

/// The journal folder as the commands see it: the old file moved in, `--journal` and
/// `POMO_JOURNAL`, two machines that record and correct and then sync, a file a sync tool
/// replaced.
@Suite("The journal folder, through the commands")
struct JournalFolderSyncTests {
  static let now = 1_796_126_400.0  // 2026-12-01T12:00:00Z

  @Test("the old journal.jsonl moves into the folder once, reported in one line")
  func migration() throws {
    let m = try Machine(host: "laptop", now: Self.now)
    defer { m.home.cleanUp() }
    let record = focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 3600)
    let legacy = try m.home.write(".local/share/pomo/journal.jsonl", record.json(offset: { _ in 0 }).text + "\n")
    let first = m.run("log")
    #expect(first.status == 0)
    #expect(first.out.contains("a0000000"))
    let own = try #require(m.ownFile)
    #expect(
      first.err == "pomo: moved the journal into \(own) (one file per machine, so sync tools can carry the folder)\n")
    #expect(!FileManager.default.fileExists(atPath: legacy))
    #expect(try journalRecords(own).map(\.id) == [record.id])
    let second = m.run("log")
    #expect(second.err == "")
    #expect(second.out == first.out)
  }

  @Test("--journal and POMO_JOURNAL take a folder or a single file; a single file works as before")
  func locations() throws {
    var m = try Machine(host: "laptop", now: Self.now)
    defer { m.home.cleanUp() }
    m.journal = m.home.file("single.jsonl")
    #expect(m.run("add", "25m", "--start", "-1h").status == 0)
    #expect(FileManager.default.fileExists(atPath: m.home.file("single.jsonl")))
    #expect(
      m.run("journal").out.replacingOccurrences(of: "\n  ", with: " ")
        .hasPrefix("Journal file: \(m.home.file("single.jsonl")) (a single file, not a folder)"))
    m.journal = m.home.file("synced/")
    #expect(m.run("add", "25m", "--start", "-2h").status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: m.home.file("synced"))
    #expect(names.count == 1 && names[0].hasPrefix("laptop-") && names[0].hasSuffix(".jsonl"))
    let listing = m.run("journal")
    #expect(listing.out.hasPrefix("Journal folder: \(m.home.file("synced"))\nThis machine writes to: \(names[0])\n"))
    #expect(listing.out.contains("  host laptop, 1 session"))
    // A folder named like a journal file is not read, and said so.
    try FileManager.default.createDirectory(atPath: m.home.file("synced/odd.jsonl"), withIntermediateDirectories: true)
    #expect(m.run("journal").out.hasSuffix("\nNot read:\n  odd.jsonl: a folder, not a regular file\n"))
    #expect(m.run("add", "25m", "--start", "-3h").status == 0)
  }

  @Test("two machines record and correct at the same time; after a sync both show the same history")
  func simulatedSync() throws {
    var laptop = try Machine(host: "laptop", now: Self.now)
    var desktop = try Machine(host: "desktop", now: Self.now)
    defer {
      laptop.home.cleanUp()
      desktop.home.cleanUp()
    }
    // Each records sessions on its own.
    #expect(laptop.run("add", "work", "--start", "2026-11-30T08:00:00Z", "--tag", "thesis").status == 0)
    #expect(desktop.run("add", "25m", "--start", "2026-11-30T14:00:00Z", "--tag", "code").status == 0)
    #expect(laptop.run("add", "25m", "--start", "2026-12-01T09:00:00Z").status == 0)
    try syncFolder(from: laptop.folder, to: desktop.folder)
    try syncFolder(from: desktop.folder, to: laptop.folder)
    // Now both correct, interleaved in time: laptop retags desktop's session, desktop
    // retags it later (desktop's wins), and desktop deletes laptop's quick one.
    laptop.now += 10
    desktop.now += 20
    #expect(laptop.run("edit", "last", "--tag", "from-laptop").status == 0)  // laptop's 25m (the latest)
    let listed = try JSONSerialization.jsonObject(with: Data(desktop.run("log", "--json").out.utf8)) as! [[String: Any]]
    let desktopSession = try #require(
      listed.first { ($0["tags"] as? [String]) == ["code"] }?["id"] as? String)
    laptop.now += 20
    #expect(laptop.run("edit", String(desktopSession.prefix(8)), "--note", "laptop says").status == 0)
    desktop.now += 30
    #expect(desktop.run("edit", String(desktopSession.prefix(8)), "--note", "desktop says").status == 0)
    desktop.now += 10
    #expect(desktop.run("add", "25m", "--start", "2026-12-01T10:00:00Z", "--tag", "late").status == 0)
    // The sync: half-written temporary files are in the folder while the other reads.
    var readDuring = ""
    try syncFolder(from: laptop.folder, to: desktop.folder) { readDuring = desktop.run("log").err }
    #expect(readDuring == "")
    try syncFolder(from: desktop.folder, to: laptop.folder)
    // A conflict copy of the laptop's file arrives too (a third device edited it).
    let laptopFile = try #require(laptop.ownFile)
    let name = String(laptopFile.split(separator: "/").last!)
    let copy =
      desktop.folder + "/"
      + name.replacingOccurrences(of: ".jsonl", with: ".sync-conflict-20261201-091523-K3X2R2T.jsonl")
    try FileManager.default.copyItem(atPath: laptopFile, toPath: copy)
    try FileManager.default.copyItem(atPath: copy, toPath: laptop.folder + "/" + (copy as NSString).lastPathComponent)

    let logs = [laptop.run("log", "--json").out, desktop.run("log", "--json").out]
    #expect(logs[0] == logs[1])
    let reports = [
      laptop.run("report", "--week", "2026-12-01", "--format", "json").out,
      desktop.run("report", "--week", "2026-12-01", "--format", "json").out,
    ]
    #expect(reports[0] == reports[1])
    let sessions = try JSONSerialization.jsonObject(with: Data(logs[0].utf8)) as! [[String: Any]]
    #expect(sessions.count == 4)  // none lost, none doubled
    let desktopOne = sessions.first { ($0["id"] as? String)?.hasPrefix(String(desktopSession.prefix(8))) == true }
    #expect(desktopOne?["note"] as? String == "desktop says")
    let listing = desktop.run("journal").out
    #expect(listing.contains("(a conflict copy)"))
    #expect(!listing.contains("syncthing"))
  }

  @Test("a file replaced or cut short by a sync tool is read again from the start")
  func replacedFile() throws {
    var m = try Machine(host: "laptop", now: Self.now)
    defer { m.home.cleanUp() }
    m.journal = m.home.file("folder/")
    let other = m.home.file("folder/desktop-aaaaaa.jsonl")
    let a = focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 7200)
    let b = focusSession("b0000000-0000-4000-8000-000000000002", start: Self.now - 3600)
    try m.home.write(
      "folder/desktop-aaaaaa.jsonl", a.json(offset: { _ in 0 }).text + "\n" + b.json(offset: { _ in 0 }).text + "\n")
    #expect(m.run("log").out.contains("b0000000"))
    // Replaced by a shorter file (a rename over it), then by one of the same size.
    let c = focusSession("c0000000-0000-4000-8000-000000000003", start: Self.now - 1800)
    try (a.json(offset: { _ in 0 }).text + "\n").write(toFile: other + ".new", atomically: false, encoding: .utf8)
    _ = rename(other + ".new", other)
    let after = m.run("log").out
    #expect(after.contains("a0000000") && !after.contains("b0000000"))
    try (a.json(offset: { _ in 0 }).text + "\n" + c.json(offset: { _ in 0 }).text + "\n").write(
      toFile: other, atomically: true, encoding: .utf8)
    let third = m.run("log").out
    #expect(third.contains("c0000000") && !third.contains("b0000000"))
  }
}

@Suite("The journal folder: one session in two files")
struct JournalFolderDuplicateTests {
  @Test("log, export and report all take a session in two files from the first file")
  func firstFileWins() throws {
    try TemporaryFolder.with { home in
      // 2026-11-22, then 2026-11-29.
      let a = focusSession("d0000000-0000-4000-8000-000000000001", start: 1_795_338_000, tags: ["from_a"])
      var b = focusSession("d0000000-0000-4000-8000-000000000001", start: 1_795_942_800, tags: ["from_b"])
      b.host = "other"
      try home.write("J/a.jsonl", a.json(offset: { _ in 0 }).text + "\n")
      try home.write("J/b.jsonl", b.json(offset: { _ in 0 }).text + "\n")
      let run = { (words: [String]) in
        runAt(1_796_126_400, home: home.path, host: "laptop", words + ["--journal", home.file("J/")])
      }
      #expect(run(["log"]).out.contains("2026-11-22  09:00  work    completed  25:00  from_a"))
      #expect(run(["export", "--format", "csv"]).out.contains(",from_a,"))
      let week = run(["report", "--week", "2026-11-22", "--format", "json"]).out
      #expect(week.contains(#""focus_seconds":1500"#))
    }
  }
}
