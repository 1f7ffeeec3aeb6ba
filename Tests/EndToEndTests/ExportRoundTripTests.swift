import Foundation
import PomoTestSupport
import Testing

/// An export restores: an export that carries whole sessions, imported into an empty journal,
/// gives the same `report`, `log` and ids. Of pomo's export formats only `json` carries whole
/// sessions (every field of the record, phases included). `csv` and `ics` carry a row or an
/// event per session without its phases, and `timewarrior` an interval per stretch of focus (its
/// own round trip, of focus intervals and tags, is in ExportFormatTests): pomo cannot rebuild
/// whole sessions from them, so it does not import `csv` or `ics` and imports `timewarrior` as
/// new sessions, as docs/history.md says.
@Suite("End to end: an export restores", .endToEnd)
struct ExportRoundTripTests {
  @Test("json: export, import into an empty journal: the same report, log and ids")
  func jsonRoundTrip() async throws {
    try await PomoHome.with(environment: ["TZ": "UTC"]) { home in
      let original = home.folder.file("a.jsonl")
      let restored = home.folder.file("b.jsonl")
      let sessions: [[String]] = [
        ["add", "work", "--start", "2026-03-02 09:00", "--tag", "thesis", "--note", "chapter 1"],
        ["add", "work", "--start", "2026-03-02 14:00", "--status", "interrupted", "--rounds", "2"],
        ["add", "52-17", "--start", "2026-03-03 10:00", "--tag", "a;b", "--tag", "c,d"],
        ["add", "hiit", "--start", "2026-03-04 18:00"],
      ]
      for words in sessions {
        let added = try await home.run(words + ["--journal", original])
        #expect(added.status == 0, "\(words): \(added.err)")
      }
      let exported = try await home.run(
        "export", "--format", "json", "--from", "2026-03-01", "--to", "2026-03-31", "--journal", original)
      #expect(exported.status == 0, "\(exported.err)")
      let file = try home.folder.write("export.json", exported.out)
      let imported = try await home.run("import", file, "--journal", restored)
      #expect(imported.status == 0, "\(imported.err)")

      func views(_ journal: String) async throws -> [String] {
        [
          try await home.run("report", "--format", "json", "--month", "2026-03", "--journal", journal).out,
          try await home.run("log", "--json", "-n", "100", "--journal", journal).out,
        ]
      }
      let before = try await views(original)
      let after = try await views(restored)
      #expect(before == after)
      let log = try #require(try JSONSerialization.jsonObject(with: Data(before[1].utf8)) as? [[String: Any]])
      #expect(log.count == sessions.count)
      let ids = Set(log.compactMap { $0["id"] as? String })
      #expect(ids.count == sessions.count)
    }
  }
}
