import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoJournal

/// `pomo report --tag Thesis` reports the tag `thesis`, never an empty report. Every tag or
/// preset typed to pick sessions (report and export filters, edit --untag) that matches nothing
/// is an error with the nearest name; tags typed lose the spaces around them.
@Suite("A filter naming a tag or preset no session has")
struct ReportFilterNameTests {
  static let now = 1_796_126_400.0

  static func harness() throws -> HistoryHarness {
    let h = try HistoryHarness(now: now)
    #expect(h.run("add", "work", "--rounds", "1", "--start", "2026-11-28 09:00", "--tag", "thesis").status == 0)
    return h
  }

  @Test(
    "a tag in the wrong case or misspelt is an error suggesting the tag in use",
    arguments: [
      (["report", "--tag", "Thesis"], "Error: no session has the tag 'Thesis'; did you mean 'thesis'?"),
      (["report", "--tag", "thesys", "--hours"], "Error: no session has the tag 'thesys'; did you mean 'thesis'?"),
      (["export", "--tag", "THESIS"], "Error: no session has the tag 'THESIS'; did you mean 'thesis'?"),
      (["report", "--tag", "garden"], "Error: no session has the tag 'garden'"),
      (["report", "--preset", "Work"], "Error: no session is of the preset 'Work'; did you mean 'work'?"),
      (["export", "--preset", "wrok"], "Error: no session is of the preset 'wrok'; did you mean 'work'?"),
    ])
  func unknownName(words: [String], message: String) throws {
    let h = try Self.harness()
    defer { h.home.cleanUp() }
    let result = h.run(words)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix(message + "\n"), "\(result.err)")
  }

  @Test("a tag in use, only not in the range, gives an empty report and no error")
  func knownNameOutOfRange() throws {
    let h = try Self.harness()
    defer { h.home.cleanUp() }
    let result = h.run("report", "--today", "--tag", "thesis")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    #expect(h.run("report", "--week", "--tag", "thesis", "--preset", "work").status == 0)
  }

  @Test(
    "edit --untag with a tag the session does not have is an error with its nearest tag, not 'Nothing changed'",
    arguments: [
      (["edit", "last", "--untag", "Thesis"], "Error: the session ID has no tag 'Thesis'; did you mean 'thesis'?"),
      (["edit", "last", "--untag", "thesys"], "Error: the session ID has no tag 'thesys'; did you mean 'thesis'?"),
      (["edit", "last", "--untag", "garden"], "Error: the session ID has no tag 'garden' (its tags: thesis)"),
      (
        ["edit", "last", "--tag", "x", "--untag", "THESIS"],
        "Error: the session ID has no tag 'THESIS'; did you mean 'thesis'?"
      ),
    ])
  func untagNothing(words: [String], message: String) throws {
    let h = try Self.harness()
    defer { h.home.cleanUp() }
    let id = String(try #require(try journalRecords(h.journalPath).last).id.prefix(8))
    let before = try String(contentsOfFile: h.journalPath, encoding: .utf8)
    let result = h.run(words)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix(message.replacingOccurrences(of: "ID", with: id) + "\n"), "\(result.err)")
    #expect(try String(contentsOfFile: h.journalPath, encoding: .utf8) == before)
  }

  @Test("tags typed on the command line lose the spaces around them, in every command that takes one")
  func tagsTrimmed() throws {
    let h = try Self.harness()
    defer { h.home.cleanUp() }
    #expect(h.run("add", "work", "--rounds", "1", "--start", "2026-11-29 09:00", "--tag", " code review ").status == 0)
    #expect(try journalRecords(h.journalPath).last?.tags == ["code review"])
    #expect(h.run("report", "--week", "--tag", " thesis", "--tag", "code review\t").status == 0)
    #expect(h.run("export", "--tag", "  thesis  ").status == 0)
    let untag = h.run("edit", "last", "--untag", " code review ", "--tag", " chapter 3 ")
    #expect(untag.status == 0, "\(untag.err)")
    #expect(h.run("report", "--week", "--tag", "chapter 3").status == 0)
    #expect(h.run("report", "--week", "--tag", "code review").status == 64)
  }
}
