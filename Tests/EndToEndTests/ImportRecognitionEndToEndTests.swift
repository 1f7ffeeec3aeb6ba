import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

import PomoKit

/// Import through the built binary: from standard input, from pomo's own exports, and from a
/// file that gives fewer sessions than it holds, which says why and exits 65, never 0.
@Suite("Import recognizes what a file holds, end to end", .endToEnd)
struct ImportRecognitionEndToEndTests {
  static let now = 1_796_126_400.0

  /// Two sessions (one tagged, one a quick timer) in a fresh home, and their JSON export.
  static func exported() async throws -> (home: PomoHome, json: String, ids: [String]) {
    let home = try PomoHome(presets: [:], environment: ["TZ": "UTC"])
    #expect(try await home.run("add", "work", "--start", "2026-11-02T09:00", "--tag", "thesis").status == 0)
    #expect(try await home.run("add", "25m", "--start", "2026-11-03T09:00").status == 0)
    let export = try await home.run("export", "--format", "json", "--from", "2026-11-01", "--to", "2026-11-30")
    #expect(export.status == 0, "\(export.err)")
    let ids = try journalRecords(home.folder.file(journalFile(home.path))).map(\.id)
    return (home, export.out, ids)
  }

  @Test("--from timew is timewarrior, and standard input is recognized too")
  func timewAlias() async throws {
    let h = try HistoryHarness(now: Self.now)
    defer { h.home.cleanUp() }
    let file = try h.home.write("timew.json", InterchangeSamples.timewarrior)
    let result = h.run("import", "--from", "timew", file)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("imported 3 sessions"))
    let env = ["HOME": h.home.path, "LANG": "C.UTF-8", "TZ": "UTC"]
    let piped = try await runPomo(["import", "-"], environment: env, stdin: InterchangeSamples.watson)
    #expect(piped.status == 0, "\(piped.err)")
    #expect(piped.out.hasPrefix("imported 3 sessions"))
    let journal = try await runPomo(["export", "--format", "json"], environment: env)
    let lines = journal.out.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
      String($0.hasSuffix(",") ? $0.dropLast() : $0[...])
    }
    let again = try await runPomo(["import", "-"], environment: env, stdin: lines.joined(separator: "\n") + "\n")
    #expect(again.status == 0, "\(again.err)")
    #expect(again.out.hasPrefix("imported 0 sessions, 6 already present"), "\(again.out)")
  }

  @Test(
    "pomo's own JSON export imports whole, same ids, with or without --from pomo, from a file or standard input",
    arguments: [
      ["import", "FILE"], ["import", "--from", "pomo", "FILE"], ["import", "--from", "pomo", "-"], ["import", "-"],
    ]
  )
  func ownJSONExport(words: [String]) async throws {
    let (source, json, ids) = try await Self.exported()
    defer { source.cleanUp() }
    try #require(ids.count == 2)
    let target = try PomoHome(presets: [:], environment: ["TZ": "UTC"])
    defer { target.cleanUp() }
    let file = try target.folder.write("export.json", json)
    let result = try await target.run(words.map { $0 == "FILE" ? file : $0 }, stdin: words.last == "-" ? json : nil)
    let journal = target.folder.file(journalFile(target.path))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    #expect(result.out == "imported 2 sessions, 0 already present, 0 skipped (into \(journal))\n")
    #expect(try journalRecords(journal).map(\.id) == ids)
    // Again: nothing new.
    let again = try await target.run(["import", file])
    #expect(again.out == "imported 0 sessions, 2 already present, 0 skipped (into \(journal))\n")
    #expect(again.status == 0)
  }

  @Test("pomo's JSON export pretty-printed (as jq writes it) imports whole too")
  func prettyExport() async throws {
    let (source, json, ids) = try await Self.exported()
    defer { source.cleanUp() }
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    let pretty = try JSONSerialization.data(withJSONObject: array, options: [.prettyPrinted])
    let target = try PomoHome(presets: [:], environment: ["TZ": "UTC"])
    defer { target.cleanUp() }
    let file = try target.folder.write("pretty.json", String(decoding: pretty, as: UTF8.self))
    let result = try await target.run("import", file)
    #expect(result.status == 0, "\(result.err)")
    #expect(Set(try journalRecords(target.folder.file(journalFile(target.path))).map(\.id)) == Set(ids))
  }

  @Test("a file that gives fewer sessions than it holds imports the rest, names what it skipped, and exits 65")
  func fewerThanItHolds() async throws {
    let (source, json, ids) = try await Self.exported()
    defer { source.cleanUp() }
    let target = try PomoHome(presets: [:], environment: ["TZ": "UTC"])
    defer { target.cleanUp() }
    // A damaged record between the two.
    let damaged = json.replacingOccurrences(of: "},\n{", with: "},\n42,\n{")
    #expect(damaged != json)
    let file = try target.folder.write("damaged.json", damaged)
    let result = try await target.run("import", file)
    let journal = target.folder.file(journalFile(target.path))
    #expect(result.status == 65)
    #expect(result.out == "imported 2 sessions, 0 already present, 1 skipped (into \(journal))\n")
    #expect(
      result.err == """
        pomo: warning: \(file): record 2: skipped a damaged record: invalid JSON at column 1: not a JSON object
        Error: \(file): 1 of 3 records could not be imported (named above); the others were

        """)
    #expect(try journalRecords(journal).map(\.id) == ids)
    // JSON Lines with a damaged line, likewise.
    let lines = try target.folder.write(
      "journal.jsonl", "{\"v\":2,\"id\":\"z\",\"start\":\"2026-11-04T09:00:00Z\",\"phases\":[]}\n{oops\n")
    let partial = try await target.run("import", "--from", "pomo", lines)
    #expect(partial.status == 65)
    #expect(
      partial.err.hasSuffix("Error: \(lines): 1 of 2 records could not be imported (named above); the others were\n"))
    // A Timewarrior interval still running is no session yet: skipping it is no error.
    let timew = try target.folder.write("timew.json", InterchangeSamples.timewarrior)
    #expect(try await target.run("import", timew).status == 0)
  }
}
