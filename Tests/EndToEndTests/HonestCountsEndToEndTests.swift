import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

/// What a record counts, as a user meets it: a focus skipped after two seconds is no done
/// Pomodoro and feeds no streak; `pomo void` begins the Pomodoro again; a workout is not focus.
@Suite("Honest counts, end to end", .endToEnd)
struct HonestCountsEndToEndTests {
  let home: PomoHome
  var environment: [String: String] { home.environment.merging(["TZ": "UTC", "COLUMNS": "80"]) { $1 } }

  init() throws {
    home = try PomoHome(presets: ["long": PomoHome.longPreset])
  }

  func pomo(_ words: String...) async throws -> Finished { try await home.run(words) }

  @Test("a focus skipped after two seconds is recorded cut short, and no report counts it done", .hangLimit)
  func skippedFocusIsNotDone() async throws {
    defer { home.cleanUp() }
    #expect(try await pomo("start", "25m", "--detach").status == 0)
    #expect(await waitUntil { (try? await pomo("status").out.hasPrefix("WORK")) == true })
    #expect(try await pomo("skip").status == 0)
    #expect(await waitUntil { (try? home.records().count) == 1 })
    let record = try #require(try home.records().first)
    #expect(record.status == .interrupted && record.interruption == .skip)
    #expect(record.phases.first?.completed == false)
    let log = try await pomo("log")
    #expect(log.out.contains("25m     interrupted"), "\(log.out)")
    let report = try await pomo("report", "--today")
    #expect(report.out.contains("DONE/CUT"), "\(report.out)")
    let day = try #require(report.out.split(separator: "\n").first { $0.contains("0:00") && $0.hasSuffix("0/1") })
    #expect(!day.contains("█"), "\(day)")
    #expect(report.out.contains("Pomodoros: 0 done, 1 cut short"), "\(report.out)")
    #expect(report.out.contains("Streak: 0 days with a completed session"), "\(report.out)")
  }

  @Test("pomo void voids the Pomodoro and the session goes on; --stop ends it", .hangLimit)
  func voidGoesOn() async throws {
    defer { home.cleanUp() }
    #expect(try await pomo("start", "25m", "--detach").status == 0)
    #expect(await waitUntil { (try? await pomo("status").out.hasPrefix("WORK")) == true })
    let void = try await pomo("void", "the phone")
    #expect(void.status == 0 && void.out == "void: the Pomodoro is void, a new one begins (the phone)\n", "\(void.out)")
    // The session goes on, the same focus begun again.
    let status = try await pomo("status")
    #expect(status.out.hasPrefix("WORK focus 2"), "\(status.out)")
    #expect(try home.records().isEmpty)
    let stop = try await pomo("void", "--stop")
    #expect(stop.status == 0 && stop.out == "void: the Pomodoro is void, the session ended\n", "\(stop.out)")
    #expect(await waitUntil { (try? home.records().count) == 1 })
    let record = try #require(try home.records().first)
    #expect(record.status == .void && record.phases.count == 2)
    #expect(record.phases[0].void && !record.phases[1].void && record.voidPomodoros == 2)
    #expect(record.donePomodoros == 0 && record.cutShortPomodoros == 0 && record.focusSeconds == 0)
  }

  @Test("a quick interval timer is a workout: recorded so, and never counted as focus", .hangLimit)
  func intervalTimerIsAWorkout() async throws {
    defer { home.cleanUp() }
    let run = try await pomo("start", "1s/1s", "-r", "1")
    #expect(run.status == 0, "\(run.err)")
    let record = try #require(try home.records().first)
    #expect(record.workout && record.status == .completed)
    let line = try String(contentsOfFile: home.journalPath, encoding: .utf8)
    #expect(line.contains(#""workout":true"#))
    let report = try await pomo("report", "--today", "--format", "json")
    let totals = try #require(
      (try JSONSerialization.jsonObject(with: Data(report.out.utf8)) as? [String: Any])?["totals"] as? [String: Any])
    #expect(totals["focus_seconds"] as? Int == 0 && totals["workout_sessions"] as? Int == 1, "\(report.out)")
    #expect(totals["workout_seconds"] as? Int == 1 && totals["pomodoros"] as? Int == 0, "\(report.out)")
  }
}
