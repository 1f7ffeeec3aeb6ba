import Foundation
import PomoCore
import PomoJournal
import PomoJournalTestSupport
import PomoKit
import PomoKitTestSupport
import PomoPlatform
import PomoTestSupport
import Testing


/// `pomo log --json` over more sessions than one batch of lines: written as it is read, in
/// pieces, and the same text, in the same order, as the whole array printed at once.
@Suite("log --json streams")
struct LogJSONTests {
  static let now = 1_796_126_400.0  // 2026-12-01T12:00:00Z

  /// Keeps each piece of text written, as a pipe's reader would get it; with `closeAfter`, it
  /// goes (a closed pipe) after that many pieces, and what comes later is lost; with
  /// `failAfter`, the writes after that many pieces fail (a full disk), and are lost too.
  final class Pieces: TextOutput {
    var pieces: [String] = []
    var lost = 0
    let closeAfter: Int?
    let failAfter: Int?
    init(closeAfter: Int? = nil, failAfter: Int? = nil) {
      self.closeAfter = closeAfter
      self.failAfter = failAfter
    }
    var isClosed: Bool { closeAfter.map { pieces.count >= $0 } ?? false }
    private(set) var failure: FileSystemError?
    func write(_ text: String) {
      guard !isClosed else { return }
      if let failAfter, pieces.count >= failAfter {
        failure = failure ?? FileSystemError(code: ENOSPC)
        lost += 1
        return
      }
      pieces.append(text)
    }
  }

  /// Runs `pomo log` in-process in `home`, in UTC, writing to `output` (and `errors`).
  static func log(_ home: String, _ words: [String], to output: Pieces, errors: TextBuffer = TextBuffer()) -> Int32 {
    let clock = SessionClock(now: { .zero }, awake: { .zero }, wallSeconds: { now })
    let context = Context(
      environment: ["HOME": home, "LANG": "C.UTF-8"], output: output, errors: errors, clock: clock,
      hostName: "laptop", zone: FixedZone())
    return Pomo.main(["pomo", "log"] + words, context: context)
  }

  /// A journal of 8,000 sessions (about 3 MB, three batches) in no order, some starting
  /// at the same instant; a line repeating an id, a blank line; one session moved to the
  /// newest, one retagged, one deleted. Gives the history and the array `log --json` must
  /// print, made here from its rules: newest start first (as corrected), the earlier line
  /// first at the same instant; a session no correction changed as its line stands, a
  /// corrected one as it now stands; a deleted session or a repeated id not at all.
  static func journal() throws -> (HistoryHarness, expected: String) {
    let h = try HistoryHarness(now: now)
    var random = SplitMix64(state: 5)
    var records: [JournalRecord] = []
    func hex(_ value: UInt64, _ digits: Int) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: digits - text.count) + text
    }
    for k in 0..<8000 {
      let id = hex(random.next() & 0xFFFF_FFFF, 8) + "-0000-4000-8000-" + hex(UInt64(k), 12)
      // Every tenth session starts with the one before it.
      let start =
        k % 10 == 9 ? records[k - 1].start : now - 7200 - Double(random.next() % 5_000_000).rounded()
      records.append(focusSession(id, start: start, tags: k % 3 == 0 ? ["t\(k % 7)"] : []))
    }
    records.shuffle(using: &random)
    var lines = records.map { $0.json(offset: { _ in 0 }).text }
    // A later line with an id already used, and a blank line: neither is a session.
    lines.insert(focusSession(records[100].id, start: now - 3600).json(offset: { _ in 0 }).text, at: 2500)
    lines.insert("", at: 1000)
    try h.home.write(journalFile(h.home.path, host: "laptop"), lines.map { $0 + "\n" }.joined())
    let (moved, retagged, deleted) = (records[4000].id, records[10].id, records[20].id)
    #expect(h.run("edit", String(moved.prefix(8)), "--start", "2026-12-01T11:00:00Z").status == 0)
    #expect(h.run("edit", String(retagged.prefix(8)), "--tag", "later").status == 0)
    #expect(h.run("delete", String(deleted.prefix(8))).status == 0)

    let history = try Recount(files: [Journal(path: h.journalPath)])
    let corrected = [moved: try history.find(moved), retagged: try history.find(retagged)]
    let sessions = records.enumerated().filter { $0.element.id != deleted }.map { place, record in
      (start: corrected[record.id]?.start ?? record.start, place: place, record: record)
    }
    let items = sessions.sorted { $0.start != $1.start ? $0.start > $1.start : $0.place < $1.place }.map { session in
      (corrected[session.record.id] ?? session.record).json(offset: { _ in 0 }).text
    }
    return (h, "[\n  " + items.joined(separator: ",\n  ") + "\n]\n")
  }

  @Test("log --json of a journal larger than a batch comes newest first in pieces that join to every session")
  func pieces() throws {
    let (h, expected) = try Self.journal()
    defer { h.home.cleanUp() }
    let output = Pieces()
    #expect(Self.log(h.home.path, ["--json", "--limit", "1000000"], to: output) == 0)
    #expect(output.pieces.joined() == expected)
    // Written a batch at a time: the first piece holds the newest sessions, and none holds all.
    #expect(output.pieces.count >= 3)
    let head = expected.split(separator: "\n", maxSplits: 2).prefix(2).joined(separator: "\n") + "\n"
    #expect(output.pieces[0].hasPrefix(head))
    #expect(output.pieces.allSatisfy { $0.utf8.count < expected.utf8.count / 2 })
  }

  @Test("a reader that goes stops log --json after the batch it was given")
  func readerGoes() throws {
    let (h, expected) = try Self.journal()
    defer { h.home.cleanUp() }
    let output = Pieces(closeAfter: 1)
    #expect(Self.log(h.home.path, ["--json", "--limit", "1000000"], to: output) == 0)
    #expect(output.pieces.count == 1)
    #expect(expected.hasPrefix(output.pieces[0]))
    #expect(output.pieces[0].utf8.count < expected.utf8.count / 2)
  }

  @Test("a write that fails stops log --json at once, says so in one line and exits 1")
  func writeFails() throws {
    let (h, expected) = try Self.journal()
    defer { h.home.cleanUp() }
    let output = Pieces(failAfter: 1)
    let errors = TextBuffer()
    #expect(Self.log(h.home.path, ["--json", "--limit", "1000000"], to: output, errors: errors) == 1)
    #expect(errors.text == "Error: cannot write the output: no space left on device\n")
    #expect(output.pieces.count == 1)
    #expect(expected.hasPrefix(output.pieces[0]))
    // The batch whose write failed and the array's end: no batch is read after it.
    #expect(output.lost == 2)
  }
}
