import Foundation
import PomoCore
import PomoTestSupport
import Testing

/// `pomo log` shows each session's note: a line under the table, fitted to the width, whole
/// when the output is not a terminal.
@Suite("Notes in pomo log", .endToEnd)
struct LogNotesTests {
  static let longNote = "outline of chapter 3, then a call with the supervisor about the " + String(repeating: "figures ", count: 30) + "end"

  /// A HOME with three sessions: two with notes (one long), one without.
  func home() async throws -> PomoHome {
    let fixture = try PomoHome()
    for words in [
      ["add", "25m", "--start", "2026-03-02 09:00", "--tag", "thesis", "--note", "a short one"],
      ["add", "25m", "--start", "2026-03-02 10:00"],
      ["add", "work", "--start", "2026-03-02 11:00", "--tag", "thesis", "--tag", "chapter three", "--note", Self.longNote],
    ] {
      let added = try await fixture.run(words)
      #expect(added.status == 0, "\(added.err)")
    }
    return fixture
  }

  func log(_ fixture: PomoHome, columns: Int?) async throws -> String {
    var environment = fixture.environment
    environment["COLUMNS"] = columns.map(String.init)
    let result = try await runPomo(["log"], environment: environment)
    #expect(result.status == 0 && result.err == "", "\(result.err)")
    return result.out
  }

  @Test("pomo log shows each session's note under the table, fitted to 40 and 200 columns, whole when piped")
  func notesUnderTheTable() async throws {
    let fixture = try await home()
    defer { fixture.cleanUp() }
    let ids = try await fixture.run("log", "--json").out.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: #""id":""#) else { return nil }
      return String(line[range.upperBound...].prefix(8))
    }
    #expect(ids.count == 3)
    for columns in [40, 200] {
      let text = try await log(fixture, columns: columns)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let notes = try #require(lines.firstIndex(of: "Notes:"), "\(text)")
      for line in lines[notes...] { #expect(TextLayout.width(line) < columns, "\(columns): \(line)") }
      // Newest first, as the table; the session without a note has no line.
      #expect(lines[notes + 1].hasPrefix("\(ids[0])  outline of chapter 3"), "\(text)")
      #expect(lines[notes + 1].hasSuffix("…"), "\(text)")
      #expect(lines[notes + 2] == "\(ids[2])  a short one", "\(text)")
      #expect(lines[notes + 3] == "" && lines.count == notes + 4, "\(text)")
    }
    // Piped: whole lines, the long note whole.
    let piped = try await log(fixture, columns: nil)
    #expect(piped.contains("\nNotes:\n\(ids[0])  \(Self.longNote)\n\(ids[2])  a short one\n"), "\(piped)")
  }
}
