import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore

/// `pomo start --until`, `--at` and `@14:30`: sessions that end or start at a time on the
/// clock, run by the real binary in a temporary HOME.
@Suite("Sessions to a clock time", .endToEnd)
struct ClockTimeStartTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome(environment: ["TZ": "UTC"])
  }

  /// A time `seconds` from now, whole, as a date and a time (so a slow start is an error, not
  /// a session that runs until tomorrow).
  static func time(in seconds: Double) -> (text: String, instant: Double) {
    let instant = (Date().timeIntervalSince1970 + seconds).rounded(.up)
    return (String(RFC3339.format(instant, offset: 0).prefix(19)), instant)
  }

  /// `pomo start 1s --at` a time `seconds` from now, on a terminal, once it shows `countdown`.
  func startAt(in seconds: Double, showing countdown: String) async throws -> PseudoTerminal {
    let pty = try home.terminal(["start", "1s", "--at", Self.time(in: seconds).text, "--no-notify", "--no-bell"])
    #expect(await pty.waitFor { $0.text.contains(countdown) })
    return pty
  }

  @Test("--until: the preset's rounds fill the time and the session ends then, to the millisecond")
  func until() async throws {
    defer { home.cleanUp() }
    let end = Self.time(in: 6)
    let result = try await home.run(["start", home.preset("tiny"), "--until", end.text, "--no-notify"])
    #expect(result.status == 0, "\(result.err)")
    let record = try #require(try home.records().last)
    #expect(record.status == .completed)
    // More rounds than the preset's one, the last phase cut so the plan ends at the time.
    #expect(record.phases.count >= 3)
    let planned = record.phases.dropLast().reduce(0) { $0 + $1.plannedSeconds }
    let last = try #require(record.phases.last)
    #expect(abs(last.start + last.plannedSeconds - end.instant) < 0.002, "\(last)")
    #expect(abs(record.start + planned - last.start) < 0.05)
    #expect(record.end >= end.instant - 0.002)
  }

  @Test("@time: one focus phase until then")
  func at() async throws {
    defer { home.cleanUp() }
    let end = Self.time(in: 6)
    let result = try await home.run(["start", "@" + end.text, "--no-notify"])
    #expect(result.status == 0, "\(result.err)")
    let record = try #require(try home.records().last)
    #expect(record.preset == "@" + end.text && record.phases.count == 1 && record.phases[0].kind == .work)
    #expect(abs(record.phases[0].start + record.phases[0].plannedSeconds - end.instant) < 0.002)
  }

  @Test("--at: a line counts down to the start, which is then")
  func startAt() async throws {
    defer { home.cleanUp() }
    let start = Self.time(in: 6)
    let result = try await home.run(["start", "1s", "--at", start.text, "--no-notify"])
    #expect(result.status == 0, "\(result.err)")
    let first = result.out.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("1s starts at \(start.text.suffix(8)) · in 0:0"), "\(result.out)")
    let record = try #require(try home.records().last)
    #expect(record.start >= start.instant && record.start < start.instant + 1)
  }

  @Test("--at in a terminal: the countdown is drawn in place, then the session runs")
  func startAtInTerminal() async throws {
    defer { home.cleanUp() }
    let pty = try await startAt(in: 6, showing: "\r\u{1B}[K1s starts at ")
    #expect(await pty.waitForExit() == 0)
    #expect(pty.text.contains("Completed 1s"))
  }

  @Test("a session waiting for its time is the session: status shows it, a second start is refused, stop cancels it")
  func waitingSessionIsASession() async throws {
    defer { home.cleanUp() }
    let start = Self.time(in: 60)
    let waiting = try home.launch(["start", "1s", "--at", start.text, "--no-notify"], name: "waiting")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WAIT 1s starts at \(start.text.suffix(8)) · in ") == true })
    let json = try await home.run(["status", "--json"])
    #expect(json.out.hasPrefix(#"{"state":"scheduled","preset":"1s","starts_at":""#), "\(json.out)")
    let second = try await home.run(["start", "1s", "--no-notify"])
    #expect(second.status == 1)
    #expect(second.err.hasPrefix("Error: a session is waiting to start (1s, pid "), "\(second.err)")
    let pause = try await home.run(["pause"])
    #expect(pause.status == 1 && pause.err.contains("the session has not begun"), "\(pause.err)")
    let stop = try await home.run(["stop"])
    #expect(stop.status == 0, "\(stop.err)")
    #expect(stop.out == "1s at \(start.text.suffix(8)): cancelled before it began\n")
    await waiting.waitForExit()
    #expect(waiting.terminationStatus == 143)
    #expect(try await home.run(["status"]).out == "idle\n")
    let records = FileManager.default.fileExists(atPath: home.journalPath) ? try home.records() : []
    #expect(records.isEmpty)
  }

  @Test("Ctrl-C cancels the wait for a session at a time at once, and leaves a clean line")
  func ctrlCCancelsTheWait() async throws {
    defer { home.cleanUp() }
    let pty = try await startAt(in: 60, showing: "1s starts at ")
    pty.send("\u{03}")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.text.contains("cancelled before it began"))
    #expect(try await home.run(["status"]).out == "idle\n")
  }

  @Test("a dry run bound to the clock shows when each phase and the whole plan start and end")
  func dryRunShowsClockTimes() async throws {
    defer { home.cleanUp() }
    // From a whole hour one to two hours away, for an hour and a half.
    let at = ((Date().timeIntervalSince1970 / 3600).rounded(.up) + 1) * 3600
    func date(_ t: Double) -> String { String(RFC3339.format(t, offset: 0).prefix(19)) }
    func time(_ t: Double) -> String { String(date(t).suffix(8)) }
    let result = try await home.run(["start", "50m/10m", "--at", date(at), "--until", date(at + 5400), "--dry-run"])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains { $0.hasPrefix("#     START       END  DURATION") }, "\(result.out)")
    #expect(lines.contains { $0.hasPrefix("1  \(time(at))  \(time(at + 3000))") }, "\(result.out)")
    #expect(lines.contains { $0.hasPrefix("2  \(time(at + 3000))  \(time(at + 3600))") }, "\(result.out)")
    #expect(lines.contains { $0.hasPrefix("3  \(time(at + 3600))  \(time(at + 5400))") }, "\(result.out)")
    #expect(lines.contains { $0.hasPrefix("Total 1:30:00 (\(time(at)) to \(time(at + 5400))): ") }, "\(result.out)")
    // Not bound to the clock, the table keeps the offsets from the start.
    let plain = try await home.run(["start", "50m/10m", "--rounds", "2", "--dry-run"])
    #expect(!plain.out.contains("END") && plain.out.contains("\nTotal 1:50:00: work"), "\(plain.out)")
  }

  @Test("--ago: the record starts that long ago and the phase has that much less left")
  func ago() async throws {
    defer { home.cleanUp() }
    let before = Date().timeIntervalSince1970
    let result = try await home.run(["start", "30s", "--ago", "28s", "--no-notify"])
    let after = Date().timeIntervalSince1970
    #expect(result.status == 0, "\(result.err)")
    let record = try #require(try home.records().last)
    #expect(record.start >= before - 28 && record.start <= after - 28)
    #expect(record.status == .completed && abs(record.end - record.start - 30) < 0.002)
    // It ran for the two seconds that were left, not thirty.
    #expect(after - before < 20)
  }

  @Test("--until days away that the preset's most rounds cannot fill: the warning names both days")
  func untilDaysAway() async throws {
    defer { home.cleanUp() }
    let later = String(RFC3339.format(Date().timeIntervalSince1970 + 3 * 86_400, offset: 0).prefix(10))
    // 10000 rounds of two seconds: five and a half hours, not three days.
    let result = try await home.run(["start", home.preset("tiny"), "--until", later + " 09:00", "--dry-run"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.hasPrefix("pomo: warning: 'tiny' runs 5h 33m 20s at most, so it ends at 20"), "\(result.err)")
    #expect(result.err.hasSuffix(", before \(later) 09:00:00\n"), "\(result.err)")
  }

  @Test("--ago may not reach back into a recorded session: one error line, and nothing runs")
  func agoOverlap() async throws {
    defer { home.cleanUp() }
    #expect(try await home.run(["start", "1s", "--no-notify"]).status == 0)
    let first = try #require(try home.records().last)
    // Reaching back 50 s overlaps the session that just ended, however slow this machine is.
    let result = try await home.run(["start", "1m", "--ago", "50s", "--no-notify"])
    #expect(result.status == 64, "\(result.out)")
    let line = result.err.split(separator: "\n").first.map(String.init) ?? ""
    #expect(line.hasPrefix("Error: --ago 50s: the session would share time with \(first.id.prefix(8)) (1s, "), "\(result.err)")
    #expect(line.hasSuffix("; give a shorter --ago"), "\(result.err)")
    #expect(try home.records().count == 1)
  }

  static let refused: [([String], String)] = [
    (["start", "work", "--at", "09:00", "--detach"], "Error: --at cannot be used with --detach: the wait is shown in the terminal"),
    (["start", "@25:00"], "Error: '@25:00': '25:00' is not a time of day (00:00 to 23:59)"),
    (["start", "work", "--until", "2020-01-01 09:00"], "Error: '--until': '2020-01-01 09:00' has already gone by"),
    (["start", "work", "--at", "2099-01-01 09:00"], "Error: '--at': '2099-01-01 09:00' is more than a day away; a timer ends, and a session starts, within the next 24 hours"),
    (["start", "@2099-01-01 09:00"], "Error: '@2099-01-01 09:00': '2099-01-01 09:00' is more than a day away; a timer ends, and a session starts, within the next 24 hours"),
    (["start", "work", "--until", "17:00", "--rounds", "2"], "Error: --until and --rounds cannot be used together: the time says how many rounds"),
    (["start", "@17:00", "--until", "18:00"], "Error: '@17:00' already says when the session ends; leave out --until"),
    (["start", "3s", "--ago", "5s"], "Error: --ago 5s: the plan takes 3s, so it would be over already"),
    (["start", "work", "--ago", "5m", "--at", "09:00"], "Error: --ago and --at cannot be used together: one says when the session began"),
    (["start", "work", "--at", "soon"], "Error: '--at': 'soon' is not a time; expected a time of day like 17:00 or 9:05, or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"),
    // The forms `add --start` takes but a time to come cannot be: not offered, and refused.
    (["start", "work", "--until=-90m"], "Error: '--until': '-90m' is not a time; expected a time of day like 17:00 or 9:05, or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"),
    (["start", "@yesterday 14:30"], "Error: '@yesterday 14:30': 'yesterday 14:30' is not a time; expected a time of day like 17:00 or 9:05, or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"),
    (["start", "flow", "--until", "17:00"], "Error: --until cannot be used with 'flow': its open focus ends when you end it, not at a time"),
  ]

  /// A preset whose one phase is open: nothing planned to run out.
  static let openOnly = #"{"round": [{"name": "flow", "kind": "work", "duration": "open"}]}"#

  @Test("an open focus is never over already: a preset of one open phase starts, and --ago may be longer than the fixed phases")
  func openPlansTakeAnyAgo() async throws {
    defer { home.cleanUp() }
    try home.write("open.json", Self.openOnly)
    for words in [
      ["start", home.preset("open"), "--dry-run"], ["start", home.preset("open"), "--ago", "1h", "--dry-run"],
      ["start", "flow", "--ago", "1h", "--dry-run"],
    ] {
      let result = try await home.run(words)
      #expect(result.status == 0 && result.err.isEmpty, "\(words): \(result.err)")
      #expect(result.out.contains("open-ended"), "\(words): \(result.out)")
    }
  }

  @Test("bad times are one clear error line and exit 64", arguments: refused)
  func refusedTimes(words: [String], message: String) async throws {
    defer { home.cleanUp() }
    let result = try await home.run(words)
    #expect(result.status == 64)
    #expect(result.err.split(separator: "\n").first.map(String.init) == message)
    #expect(!FileManager.default.fileExists(atPath: home.journalPath))
  }
}
