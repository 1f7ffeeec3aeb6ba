import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

import PomoPlatform

/// Correcting history at its edges: a record no reader would take is never written, an edit
/// that changes nothing writes nothing, corrections made at once all count, and import and
/// export work through pipes whatever the locale.
@Suite("Correcting history at its edges", .endToEnd)
struct HistoryEdgeCaseTests {
  static let now = 1_796_126_400.0  // 2026-12-01T12:00:00Z

  @Test("a record a reader would refuse is never written: over 16 MB, or before 1970")
  func refusedBeforeWriting() throws {
    try HistoryHarness.with(now: Self.now) { h throws in
      let note = String(repeating: "n", count: LineReader.maxLine)
      let long = h.run("add", "work", "--note", note, "--start", "2026-09-01T00:00:00Z")
      #expect(long.status == 1)
      #expect(long.err.hasPrefix("Error: nothing was recorded: the line would be "))
      let old = h.run("add", "25m", "--start", "1969-12-31T23:00:00Z")
      #expect(old.status == 64)
      #expect(old.err.hasPrefix("Error: times before 1970 cannot be recorded\n"))
      #expect(!FileManager.default.fileExists(atPath: h.journalPath))
      #expect(h.run("add", "25m", "--start", "-1h").status == 0)
      #expect(h.run("edit", "last", "--start", "1960-01-01T00:00:00Z").status == 64)
      #expect(h.run("edit", "last", "--end", "2030-01-01T00:00:00Z").err.contains("would end in the future"))
      #expect(try String(contentsOfFile: h.journalPath, encoding: .utf8).split(separator: "\n").count == 1)
    }
  }

  @Test("edit --end that cuts a session short records it interrupted; an edit that changes nothing writes nothing")
  func endAndNoOps() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 7200, tags: ["x"])])
      h.now += 1
      let cut = h.run("edit", "A000", "--end", "2026-12-01T10:10:00Z")  // capitals: the same prefix
      #expect(cut.status == 0, "\(cut.err)")
      #expect(cut.out.contains("interrupted"))
      h.now += 1
      let same = h.run("edit", "a000", "--preset", "work", "--status", "interrupted", "--tag", "x")
      #expect(same.out.hasPrefix("Nothing changed in a0000000:"))
      // A tag to take off that the session does not have is an error, and writes nothing.
      #expect(h.run("edit", "a000", "--untag", "nothere").status == 64)
      #expect(try String(contentsOfFile: h.journalPath, encoding: .utf8).split(separator: "\n").count == 2)
      #expect(
        h.run("edit", "", "--tag", "y").err == "Error: give a session's id, a prefix of it, or last (see 'pomo log')\n")
      let long = String(repeating: "f", count: 500)
      #expect(
        h.run("delete", long).err
          == "Error: no session has an id starting with '\(String(repeating: "f", count: 40))...' (see 'pomo log')\n")
    }
  }

  @Test("corrections made at once on one machine each see the one before: ten undos take back ten adds")
  func concurrentCorrections() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    for hours in 2...7 {
      #expect(try await runPomo(["add", "25m", "--start", "-\(hours)h"], environment: environment).status == 0)
    }
    // Six at once: the tasks only wait on their processes, so they all run together.
    let codes = await withTaskGroup(of: Int32.self) { group in
      for _ in 0..<6 { group.addTask { (try? await runPomo(["undo"], environment: environment).status) ?? -1 } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(codes == Array(repeating: 0, count: 6))
    let log = try await runPomo(["log"], environment: environment)
    #expect(log.out == "No sessions recorded yet. Start one with 'pomo start work'.\n")
  }

  @Test("import from a pipe in every format; export keeps UTF-8 whatever the locale")
  func pipesAndLocales() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "TZ": "UTC", "PATH": "/usr/bin:/bin"]  // no LANG: not UTF-8
    let piped = try await runPomo(
      ["import", "--from", "timewarrior", "-"], environment: environment, stdin: InterchangeSamples.timewarrior)
    #expect(piped.status == 0, "\(piped.err)")
    #expect(piped.out.hasPrefix("imported 3 sessions, 0 already present, 1 skipped"))
    #expect(try await runPomo(["edit", "last", "--tag", "café"], environment: environment).status == 0)
    let json = try await runPomo(
      ["export", "--today", "--from", "2026-11-30", "--to", "2026-12-01"], environment: environment)
    #expect(json.status == 64)  // one range only
    let all = try await runPomo(["export"], environment: environment)
    #expect(all.out.contains(#""caf\u00e9""#))
    let csv = try await runPomo(["export", "--format", "csv"], environment: environment)
    #expect(csv.out.contains("café"))
  }
}
