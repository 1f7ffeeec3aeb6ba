import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo edit` on a session with time away or paused in it: `--keep-away` and `--drop-away`,
/// a new end or start, as log, report and export show them, with the caches and without.
@Suite("pomo edit: time away and paused, in log, report and export")
struct EditCommandTests {
  @Test("edit --keep-away and --drop-away decide later, undo takes it back; log and report follow, caches or not")
  func editLater() throws {
    var h = try HistoryHarness(now: MorningSession.now)
    try h.write([MorningSession.away()])
    func focus() throws -> [Int] {
      try [[], ["--no-cache"]].map { extra in
        let result = h.run(["report", "--format", "json", "--from", "2025-12-01", "--to", "2025-12-01"] + extra)
        #expect(result.status == 0, "\(result.err)")
        let report = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return focusTotal(report ?? [:])
      }
    }
    #expect(try focus() == [1200, 1200])
    let kept = h.run("edit", "last", "--keep-away")
    #expect(kept.status == 0, "\(kept.err)")
    #expect(try focus() == [1500, 1500])
    let log = h.run("log").out
    #expect(log.contains("completed  25:00"), "\(log)")
    h.now += 60
    #expect(h.run("edit", "last", "--keep-away").out.hasPrefix("Nothing changed"))
    h.now += 60
    #expect(h.run("edit", "last", "--drop-away").status == 0)
    #expect(try focus() == [1200, 1200])
    h.now += 60
    #expect(h.run("undo").status == 0)
    #expect(try focus() == [1500, 1500])
    h.now += 60
    #expect(h.run("undo").status == 0)
    #expect(try focus() == [1200, 1200])
    let both = h.run("edit", "last", "--keep-away", "--drop-away")
    #expect(both.status == 64)
    #expect(both.err.hasPrefix("Error: --keep-away and --drop-away cannot be used together"))
    let lines = try #require(h.home.read(journalFile(h.home.path, host: "laptop")))
    #expect(lines.contains(#""set":{"kept":true}"#))
  }

  @Test("pomo edit --end just after the start: the record and its CSV row say no more pause than it lasts")
  func editEndExport() throws {
    let h = try HistoryHarness(now: MorningSession.now)
    try h.write([MorningSession.stopped(lasting: 10, focus: 4, paused: 6)])
    let edit = h.run("edit", "last", "--end", "2025-12-01T08:00:01Z")
    #expect(edit.status == 0, "\(edit.err)")
    let csv = h.run("export", "--format", "csv").out.split(whereSeparator: \.isNewline)
    #expect(csv.count == 2, "\(csv)")
    let header = csv[0].split(separator: ",", omittingEmptySubsequences: false)
    let row = csv[1].split(separator: ",", omittingEmptySubsequences: false)
    let paused = try #require(header.firstIndex(of: "paused_seconds"))
    let focus = try #require(header.firstIndex(of: "focus_seconds"))
    #expect(Double(row[paused]) == 1, "\(csv)")
    #expect(Double(row[focus]) == 0, "\(csv)")
  }

  @Test("pomo edit --end at the moment you left leaves the focus before it, in reports with caches or not")
  func editEndReport() throws {
    for paused in [false, true] {
      var h = try HistoryHarness(now: MorningSession.now)
      try h.write([MorningSession.span(paused: paused)])
      func focus() throws -> [Int] {
        try [[], ["--no-cache"]].map { extra in
          focusTotal(try h.report(["--from", "2025-12-01", "--to", "2025-12-01"] + extra))
        }
      }
      #expect(try focus() == [paused ? 1500 : 1200, paused ? 1500 : 1200])
      let edit = h.run("edit", "last", "--end", "2025-12-01T08:10:00Z")
      #expect(edit.status == 0, "\(edit.err)")
      #expect(try focus() == [600, 600])
      h.now += 60
      #expect(h.run("edit", "last", "--start", "2025-01-01T08:00:00Z").status == 0)
      #expect(try focus() == [0, 0])
      #expect(focusTotal(try h.report(["--from", "2025-01-01", "--to", "2025-01-01", "--no-cache"])) == 600)
    }
  }
}

extension HistoryHarness {
  fileprivate func report(_ words: [String]) throws -> [String: Any] {
    let result = run(["report", "--format", "json"] + words)
    #expect(result.status == 0, "\(result.err)")
    return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
  }
}
