import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing
import PomoSession

/// The same through the binary, on tiny phases: start in the background, stop in the middle,
/// resume in the foreground and read the journal.
@Suite("End to end: resume keeps the plan's shape", .endToEnd)
struct EndToEndResumeShapeTests {
  static let cases: [(start: [String], phaseIndex: Int, resumed: [String])] = [
    (["4s", "--warmup", "1s"], 1, ["focus"]),
    (["3s/2s", "-r", "2", "--warmup", "1s", "--cooldown", "1s"], 1, ["work", "rest", "work", "cool-down"]),
  ]

  @Test("pomo stop during a timer with a warm-up, then pomo resume, runs the rest of the same plan", arguments: cases)
  func resumes(start: [String], phaseIndex: Int, resumed: [String]) async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let statePath = home.file(".local/state/pomo/current.json")
    let journal = home.file(journalFile(home.path))
    let started = try await home.run(["start"] + start + ["--detach", "--no-notify"])
    #expect(started.status == 0, "\(started.err)")
    #expect(await waitUntil { SessionState.read(path: statePath)?.phaseIndex == phaseIndex })
    #expect(try await home.run(["stop"]).status == 0)
    #expect(
      await waitUntil { (try? journalRecords(journal))?.count == 1 && !FileManager.default.fileExists(atPath: statePath) })

    let resume = try await home.run(["resume", "--no-input", "--no-notify", "--no-bell"])
    #expect(resume.status == 0, "\(resume.err)")
    let records = try journalRecords(journal)
    try #require(records.count == 2)
    let (first, second) = (records[0], records[1])
    #expect(first.status == .interrupted)
    #expect(second.status == .completed)
    #expect(second.resumedFrom == first.id)
    #expect(second.planOffset == phaseIndex)
    #expect(second.phases.map(\.name) == resumed)
    let cut = try #require(first.phases.last)
    #expect(abs(second.phases[0].plannedSeconds - (cut.plannedSeconds - cut.elapsedSeconds)) < 0.05)
    #expect(second.warmupSeconds == 1)
  }

  @Test("a timer of 10,000 rounds, stopped and resumed, still has 10,000 rounds, not endless ones")
  func largeRoundCount() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let statePath = home.folder.file(".local/state/pomo/current.json")
    let journal = home.folder.file(journalFile(home.path))
    let started = try await home.run(["start", "30s/10s", "-r", "10000", "--warmup", "1s", "--detach", "--no-notify"])
    #expect(started.status == 0, "\(started.err)")
    #expect(await waitUntil { SessionState.read(path: statePath)?.phaseIndex == 1 })
    #expect(try await home.run("stop").status == 0)
    #expect(
      await waitUntil { (try? journalRecords(journal))?.count == 1 && !FileManager.default.fileExists(atPath: statePath) })

    _ = try home.launch(["resume", "--no-input", "--no-notify", "--no-bell"], name: "resume")
    #expect(await waitUntil { SessionState.read(path: statePath) != nil })
    let status = try await home.run("status", "--format", "{round} of {rounds}")
    #expect(status.out == "1 of 10000\n", "\(status.out)\(status.err)")
    #expect(try await home.run("stop").status == 0)
    #expect(await waitUntil { (try? journalRecords(journal))?.count == 2 })
    let records = try journalRecords(journal)
    #expect(records.map(\.rounds) == [10_000, 10_000])
    #expect(records.map(\.endless) == [false, false])
    #expect(records.last?.phases.first?.name == "work")
    #expect(records.last?.planOffset == 1)
  }
}
