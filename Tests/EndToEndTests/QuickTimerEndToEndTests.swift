import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore

// Workouts away from the keyboard. Quick timers, the big display, voice cues,
// sounds and the workout summary.

/// Quick timers through the built binary: recorded under their spec with the rounds asked,
/// and an endless one stopped with q, then resumed endless.
@Suite("Quick timers, end to end", .endToEnd)
struct QuickTimerEndToEndTests {
  @Test("a quick timer is recorded under its spec, and its rounds run and end as asked")
  func recorded() async throws {
    let home = try PomoHome(presets: [:], environment: ["COLUMNS": "80"])
    defer { home.cleanUp() }
    let run = try await home.run(["start", "1s/1s", "-r", "2", "--warmup", "1s", "--no-notify"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.hasPrefix("1s/1s: 2 rounds, 4 phases, 0:04\n"))
    // Not a terminal, COLUMNS=80: 80 columns.
    #expect(
      run.out.hasSuffix(
        """
        Completed 1s/1s: 2 of 2 rounds done
        work 0:02, rest 0:02, paused 0:00, longest run without a pause 0:04
        against the plan: 0 skipped, +0:00

        """))
    let record = try #require(try home.records().last)
    #expect(record.preset == "1s/1s" && record.status == .completed && record.rounds == 2)
    #expect(record.phases.map(\.name) == ["warm-up", "work", "rest", "work"])
  }

  @Test("an endless timer stops on q or pomo stop, recorded under its spec")
  func endlessStops() async throws {
    let home = try PomoHome(presets: [:], environment: ["TERM": "xterm"])
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", "1s/1s", "--no-notify"])
    #expect(await pty.waitForText("round 2"))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.visible.contains("Stopped 1s/1s: "))
    let record = try #require(try home.records().last)
    #expect(record.preset == "1s/1s" && record.status == .interrupted && record.rounds == Preset.roundsRange.upperBound)
    // pomo resume reads the timer back from the record's preset name, rounds still endless.
    let resumed = try home.terminal(["resume", "--no-notify"])
    #expect(await resumed.waitForText("1s/1s: endless rounds of 0:02"))
    #expect(await resumed.waitForText("round \((record.phases.last?.round ?? 0) + 1)"))
    resumed.send("q")
    #expect(await resumed.waitForExit() == 130)
    let last = try #require(try home.records().last)
    #expect(last.preset == "1s/1s" && last.resumedFrom == record.id)
  }
}
