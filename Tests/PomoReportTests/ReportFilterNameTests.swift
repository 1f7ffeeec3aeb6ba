import Foundation
import Testing

@testable import PomoKit
import PomoTestSupport

/// Defect 13 of issue 18: `pomo report --tag Thesis` printed an empty report for the tag `thesis`.
@Suite("A filter naming a tag or preset no session has")
struct ReportFilterNameTests {
  static let now = 1_796_126_400.0

  static func harness() throws -> HistoryHarness {
    let h = try HistoryHarness(now: now)
    #expect(h.run("add", "work", "--rounds", "1", "--start", "2026-11-28 09:00", "--tag", "thesis").status == 0)
    return h
  }

  @Test("a tag in the wrong case or misspelt is an error suggesting the tag in use", arguments: [
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
}
