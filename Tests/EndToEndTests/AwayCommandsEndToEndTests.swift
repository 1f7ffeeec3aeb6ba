import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// `pomo away`, `pomo back`, `pomo keep` and `pomo drop` from another shell, and the keys
/// k and d in the live display, through the real binary.
@Suite("End to end: away and back from any shell", .endToEnd)
struct AwayCommandsEndToEndTests {
  @Test("pause (the default for focus): away pauses, back goes on; the plain log says both; the span is recorded")
  func pauseAndBack() async throws {
    let home = try PomoHome(config: #"{"bell": false, "notify": false}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    #expect(await waitUntil { (try? await home.run(["away", "--cause", "lock"]))?.status == 0 })
    let away = await home.status()
    #expect(away["state"] as? String == "paused" && away["away"] as? String == "lock", "\(away)")
    let line = try await home.run(["status"]).out
    #expect(line.hasPrefix("PAUSED focus") && line.contains(", away: lock)"), "\(line)")
    let back = try await home.run(["back"])
    #expect(back.status == 0 && back.out.hasPrefix("WORK focus"), "\(back.out)")
    #expect(await home.status()["state"] as? String == "running")
    // Back again, or away while away: nothing changes, and it is no error.
    #expect(try await home.run(["back"]).status == 0)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try journalRecords(home.folder.file(journalFile(home.path))).last)
    let span = try #require(record.phases.first?.away.first)
    #expect(span.cause == "lock" && span.paused && span.kept == nil)
    let log = home.folder.read("session.out") ?? ""
    #expect(log.contains("away    lock; paused"), "\(log)")
    #expect(log.contains("back    after 0:0"), "\(log)")
  }

  @Test(
    "ask: on return the session asks; pomo keep and pomo drop answer, once",
    arguments: [("keep", true), ("drop", false)])
  func askAnswered(answer: String, kept: Bool) async throws {
    let home = try PomoHome(config: #"{"bell": false, "notify": false, "away": {"work": "ask"}}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "10m"], name: "session")
    #expect(await waitUntil { (try? await home.run(["away"]))?.status == 0 })
    #expect(await home.status()["state"] as? String == "running")
    let none = try await home.run([answer])
    #expect(none.status == 1 && none.err.contains("no time away waits for an answer"), "\(none.err)")
    #expect(try await home.run(["back"]).status == 0)
    #expect(await home.status()["away_asking"] as? Bool == true)
    #expect(try await home.run(["status"]).out.contains(", time away: 'pomo keep' or 'pomo drop'?)"))
    #expect(try await home.run([answer]).status == 0)
    #expect(await home.status()["away_asking"] == nil)
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try journalRecords(home.folder.file(journalFile(home.path))).last)
    let span = try #require(record.phases.first?.away.first)
    #expect(span.cause == "command" && !span.paused && span.kept == kept)
    #expect((home.folder.read("session.out") ?? "").contains("time away \(kept ? "kept" : "dropped")"))
  }

  @Test("ask in the live display: it shows the question, and the key d drops the time")
  func askKeys() async throws {
    let home = try PomoHome(config: #"{"bell": false, "notify": false, "away": {"work": "ask"}}"#)
    defer { home.cleanUp() }
    let terminal = try home.terminal(["start", "10m"])
    #expect(await waitUntil { (try? await home.run(["away", "--cause", "idle"]))?.status == 0 })
    #expect(try await home.run(["back"]).status == 0)
    #expect(await terminal.waitForText("k keeps it, d drops it, q ends"))
    terminal.send("d")
    #expect(await terminal.waitForText("time away dropped"))
    terminal.send("q")
    #expect(await terminal.waitForExit() != nil)
    let record = try #require(try journalRecords(home.folder.file(journalFile(home.path))).last)
    #expect(record.phases.first?.away.first?.kept == false)
    #expect(record.phases.first?.away.first?.cause == "idle")
  }

  @Test("with no session, each says so and exits 1; a cause pomo does not know is a usage error")
  func nothingRunning() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    for words in [["away"], ["back"], ["keep"], ["drop"]] {
      let result = try await home.run(words)
      #expect(result.status == 1 && result.err == "Error: no session is running\n", "\(words)")
    }
    let bad = try await home.run(["away", "--cause", "lunch"])
    #expect(bad.status == 64 && bad.err.hasPrefix("Error: "), "\(bad.err)")
  }
}
