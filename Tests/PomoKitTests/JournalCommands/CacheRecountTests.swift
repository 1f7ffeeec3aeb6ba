import Foundation
import Testing

/// No cache can make an answer wrong: after any operation on a journal and its caches
/// (appends, corrections, an edit in place at the same size, a truncation, an older copy put
/// back, bits flipped and files cut in every cache, caches deleted, another zone or
/// `day_start`), every report, `log` and `export` answers exactly as the recount from the
/// journal alone (`--no-cache`) does.
///
/// The recount (`Recount`) reads every line in order and folds them; it shares no code with
/// the caches but the scanner and the fold, so a fault in the index shows here. Two faults
/// were seeded in the index's choice of chunks (`IndexedHistory.chunks(overlapping:)`), one
/// at a time, and this test caught each; while `--no-cache` read the same index in memory it
/// caught neither:
/// - a chunk chosen by its first session's start (`chunk.minTime >= from`) instead of its
///   last session's end (`chunk.maxTime >= from`), which drops the chunk a span begins in:
///   caught by the first seed's first `pomo report`;
/// - the corrections that move a session into a span left out of the choice (a session moved
///   into this week from months ago is not read): caught by `pomo report --week last` on the
///   third seed, after corrections moved sessions into the last ten days (`RandomHistory.when`).
/// Four journals are enough for both, and take about a minute of one core.
///
/// `swift test` runs a fixed set of seeds (`POMO_DIFFERENTIAL_JOURNALS`, 4 by default);
/// `Scripts/differential.sh` runs new seeds for as long as it is asked
/// (`POMO_DIFFERENTIAL_SECONDS`, from `POMO_DIFFERENTIAL_SEED`).
@Suite("Caches against the recount")
struct CacheRecountTests {
  /// What is compared after every operation: each range and format of the report, the
  /// log, the export and the tags completion offers.
  static let commands: [[String]] = [
    ["report"], ["report", "--today"], ["report", "--week", "--format", "json"], ["report", "--week", "last"],
    ["report", "--month", "--format", "csv"], ["report", "--year"], ["report", "--year", "--format", "json"],
    ["report", "--from", "2024-01-01", "--format", "json"], ["report", "--from", "2024-06-15", "--to", "2025-11-03"],
    ["report", "--from", "2024-01-01", "--hours", "--format", "csv"],
    ["report", "--month", "last", "--tag", "thesis", "--format", "json"],
    ["log", "--limit", "100000"], ["log", "--limit", "7", "--json"],
    ["export", "--format", "json"], ["export", "--format", "csv", "--year"],
    ["completions", "--list", "tags"], ["task", "list", "--all", "--json"], ["task", "list"],
    ["report", "--tasks", "--year", "--format", "json"],
  ]

  static let operationsPerJournal = 24

  @Test("after every operation, each report, log and export with caches equals the recount from the journal alone")
  func differential() throws {
    let environment = ProcessInfo.processInfo.environment
    let seconds = environment["POMO_DIFFERENTIAL_SECONDS"].flatMap(Double.init)
    let firstSeed = environment["POMO_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1
    let deadline = Date().addingTimeInterval(seconds ?? 0)
    let journals = seconds == nil ? (environment["POMO_DIFFERENTIAL_JOURNALS"].flatMap(Int.init) ?? 4) : Int.max
    var compared = 0
    // That the generator reaches what the task commands show: Pomodoros counted, tasks done.
    var sawPomodoros = false
    var sawDone = false
    var seed = firstSeed
    while seed - firstSeed < UInt64(journals) {
      if seconds != nil && Date() > deadline { break }
      let world = try RandomHistory(seed: seed)
      for _ in 0..<Self.operationsPerJournal {
        let what = try world.step()
        if environment["POMO_DIFFERENTIAL_TRACE"] != nil {
          FileHandle.standardError.write(Data("\(seed): \(what)\n".utf8))
        }
        for words in Self.commands {
          let cached = world.run(words)
          let recount = world.run(words, noCache: true)
          compared += 1
          if words.first == "task" && cached.out.range(of: #""pomodoros":[1-9]"#, options: .regularExpression) != nil {
            sawPomodoros = true
          }
          if words.contains("--tasks") && cached.out.contains(#""tasks":[{"#) { sawDone = true }
          guard cached.status == recount.status, cached.out == recount.out, cached.err == recount.err else {
            Issue.record(
              """
              pomo \(words.joined(separator: " ")) with caches differs from the recount
              after: \(world.trail.joined(separator: "\n       "))
              cached (\(cached.status)): \(cached.out.prefix(2_000))\(cached.err)
              recount (\(recount.status)): \(recount.out.prefix(2_000))\(recount.err)
              """)
            return
          }
        }
      }
      seed += 1
    }
    #expect(compared >= Self.commands.count * Self.operationsPerJournal, "cases compared: \(compared)")
    #expect(sawPomodoros && sawDone, "the journals had tasks with Pomodoros (\(sawPomodoros)) and done tasks (\(sawDone))")
  }

  /// A file of corrections whose sessions no file holds (damaged, or not synced yet) once
  /// crashed every report's streak with caches: no session gave an earliest instant.
  @Test("a journal of corrections alone answers every command, with caches as without")
  func correctionsWithoutSessions() throws {
    let world = try RandomHistory(seed: 0, sessions: 0)
    let folder = world.journalFolder
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let lines = [
      #"{"v":2,"kind":"delete","id":"c1","target":"gone1234","at":"2026-12-01T10:00:00+00:00","host":"x"}"#,
      #"{"v":2,"kind":"amend","id":"c2","target":"gone5678","at":"2026-12-01T10:00:00+00:00","host":"x","set":{"status":"completed"}}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: folder + "/phone-aaaaaa.jsonl", atomically: true, encoding: .utf8)
    for words in Self.commands {
      for _ in 0..<2 {
        let cached = world.run(words)
        let recount = world.run(words, noCache: true)
        // 64 only where a filter names a tag no session has.
        #expect(cached.status == (words.contains("--tag") ? 64 : 0), "\(words): \(cached.err)")
        #expect(cached.status == recount.status && cached.out == recount.out && cached.err == recount.err, "\(words)")
      }
    }
  }

  @Test("--no-cache reads and writes no cache file, and answers as the caches do")
  func noCacheWritesNothing() throws {
    let world = try RandomHistory(seed: 7)
    let recount = world.run(["report", "--year", "--format", "json"], noCache: true)
    #expect(recount.status == 0, "\(recount.err)")
    #expect(!FileManager.default.fileExists(atPath: world.cacheFolder), "no cache folder made")
    let flag = world.run(["--no-cache", "log", "--limit", "50"])
    #expect(!FileManager.default.fileExists(atPath: world.cacheFolder), "--no-cache is the same as POMO_NO_CACHE=1")
    let after = world.run(["log", "--limit", "50", "--no-cache"])
    #expect(after.out == flag.out && after.status == 0, "--no-cache among a command's options: \(after.err)")
    #expect(!FileManager.default.fileExists(atPath: world.cacheFolder), "--no-cache after the command")
    #expect(world.run(["report", "--year", "--format", "json"]).out == recount.out)
    #expect(world.run(["log", "--limit", "50"]).out == flag.out)
    #expect(FileManager.default.fileExists(atPath: world.cacheFolder), "without it the caches are kept")
  }
}
