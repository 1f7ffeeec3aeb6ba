import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoReport

/// The one rule of what a record counts (docs/journal.md, "What a record counts"): a Pomodoro
/// is done when its focus ran its planned time; a focus cut short is time, not a Pomodoro, and
/// cuts its session short; a workout is never focus. Read from what old lines already hold.
@Suite("What a record counts")
struct WhatARecordCountsTests {
  static let t0 = RFC3339.parse("2026-12-01T09:00:00Z")!

  /// A line as pomo wrote it before the rule: a `completed` session whose focus was skipped.
  static func line(
    id: String, preset: String = "25m", status: String = "completed", start: Double = t0, phases: [(String, Double, Double, Bool)],
    extra: String = ""
  ) -> String {
    var t = start
    var texts: [String] = []
    for (kind, planned, elapsed, completed) in phases {
      texts.append(
        #"{"name":"p","kind":"\#(kind)","round":1,"start":"\#(RFC3339.format(t, offset: 0))","end":"\#(RFC3339.format(t + elapsed, offset: 0))","planned_seconds":\#(Int(planned)),"elapsed_seconds":\#(Int(elapsed)),"completed":\#(completed)}"#
      )
      t += elapsed
    }
    return
      #"{"v":2,"id":"\#(id)","preset":"\#(preset)","status":"\#(status)","start":"\#(RFC3339.format(start, offset: 0))","end":"\#(RFC3339.format(t, offset: 0))","tags":[],"note":null,"host":"h","rounds":1,"paused_seconds":0\#(extra),"phases":[\#(texts.joined(separator: ","))]}"#
  }

  static func record(_ line: String) throws -> JournalRecord { try JournalRecord(line: Array(line.utf8)) }

  @Test("a focus skipped before its end reads as cut short: interrupted by a skip, no Pomodoro done")
  func skippedFocusIsCutShort() throws {
    let r = try Self.record(Self.line(id: "a", phases: [("work", 1500, 2, false)]))
    #expect(r.status == .interrupted && r.interruption == .skip)
    #expect(r.donePomodoros == 0 && r.cutShortPomodoros == 1)
    // It is focus time all the same.
    #expect(r.focusSeconds == 2)
  }

  @Test("a break skipped does not cut a session short")
  func skippedBreakIsNotCutShort() throws {
    let r = try Self.record(Self.line(id: "a", phases: [("work", 1500, 1500, true), ("rest", 300, 10, false)]))
    #expect(r.status == .completed && r.interruption == nil)
    #expect(r.donePomodoros == 1 && r.cutShortPomodoros == 0)
  }

  @Test(
    "a workout is read by its preset's name when the record does not say, by the documented rule",
    arguments: [
      ("hiit", true), ("tabata", true), ("tabata-moves", true), ("emom", true), ("ladder", true), ("amrap", true),
      ("stretch", true), ("stretch-sides", true), ("40s/20s", true), ("4m/1m", true), ("5m/1m", false),
      ("25m", false), ("50m/10m", false), ("work", false), ("flow", false), ("52-17", false), ("mine", false),
    ])
  func workoutByName(preset: String, workout: Bool) throws {
    let r = try Self.record(Self.line(id: "a", preset: preset, phases: [("work", 40, 40, true)]))
    #expect(r.workout == workout)
    #expect(r.focusSeconds == (workout ? 0 : 40) && r.workoutSeconds == (workout ? 40 : 0))
    #expect(r.donePomodoros == (workout ? 0 : 1))
  }

  @Test("what a record says of \"workout\" wins over its preset's name, and is written back")
  func statedWorkoutWins() throws {
    let focus = try Self.record(Self.line(id: "a", preset: "hiit", phases: [("work", 40, 40, true)], extra: #","workout":false"#))
    #expect(!focus.workout)
    let workout = try Self.record(Self.line(id: "b", preset: "mine", phases: [("work", 40, 40, true)], extra: #","workout":true"#))
    #expect(workout.workout)
    for r in [focus, workout] {
      #expect(try Self.record(r.json(offset: { _ in 0 }).text) == r)
    }
    // A focus session of a focus preset says nothing: the line stays as it was.
    let plain = try Self.record(Self.line(id: "c", preset: "work", phases: [("work", 40, 40, true)]))
    #expect(!plain.json(offset: { _ in 0 }).text.contains("workout"))
  }

  @Test("the built-ins and quick timers say which they are, and the README's Tabata is a workout")
  func presetsSayWhichTheyAre() throws {
    let builtIns = try PresetCatalog.builtIns()
    #expect(
      builtIns.filter(\.workout).map(\.name).sorted() == [
        "amrap", "emom", "hiit", "ladder", "stretch", "stretch-sides", "tabata", "tabata-moves",
      ])
    let tabata = try QuickTimer.parse("40s/20s").get().preset(rounds: 8, warmup: nil, cooldown: nil)
    #expect(tabata.workout && Plan(preset: tabata).isWorkout)
    let pomodoro = try QuickTimer.parse("50m/10m").get().preset(rounds: 4, warmup: nil, cooldown: nil)
    #expect(!pomodoro.workout && !Plan(preset: pomodoro).isWorkout)
    let file = try PresetDecoder(file: "x.json").decode(
      #"{"round": [{"name": "go", "kind": "work", "duration": "1m"}], "workout": true}"#, defaultName: "x",
      source: .file("x.json"))
    #expect(file.workout)
  }

  /// Day 1: a whole `work` (4 Pomodoros); day 2: a 25m skipped after 2 s, and a 25m done;
  /// day 3: a hiit.
  static func history() throws -> [JournalRecord] {
    let day = 86_400.0
    return try [
      Self.record(
        Self.line(
          id: "w", preset: "work",
          phases: [
            ("work", 1500, 1500, true), ("rest", 300, 300, true), ("work", 1500, 1500, true), ("rest", 300, 300, true),
            ("work", 1500, 1500, true), ("rest", 300, 300, true), ("work", 1500, 1500, true),
          ])),
      Self.record(Self.line(id: "s", start: t0 + day, phases: [("work", 1500, 2, false)])),
      Self.record(Self.line(id: "d", start: t0 + day + 3600, phases: [("work", 1500, 1500, true)])),
      Self.record(
        Self.line(
          id: "h", preset: "hiit", start: t0 + 2 * day, phases: [("work", 40, 40, true), ("rest", 20, 20, true), ("work", 40, 40, true)])),
    ]
  }

  @Test("reports count done Pomodoros, cut short and workouts apart, from the records and the day table alike")
  func reportsCountTheRule() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    let today = calendar.day(of: Self.t0) + 2
    var builder = ReportBuilder(range: range, calendar: calendar)
    for record in try Self.history() { builder.add(record) }
    let report = builder.build(today: today)

    let days = report.days.filter { $0.sessions + $0.workoutSessions > 0 }
    #expect(days.map(\.pomodoros) == [4, 1, 0])
    #expect(days.map(\.cutShort) == [0, 1, 0])
    #expect(days.map(\.completed) == [1, 1, 0] && days.map(\.interrupted) == [0, 1, 0])
    #expect(days.map(\.sessions) == [1, 2, 0] && days.map(\.workoutSessions) == [0, 0, 1])
    #expect(days.map(\.focus) == [6000, 1502, 0] && days.map(\.workout) == [0, 0, 80])
    // The workout is not focus, and holds no Pomodoro: the streak ends on the day before it.
    #expect(report.streakDays == 2)
    #expect(report.workouts == [Report.Group(name: "hiit", sessions: 1, focus: 80)])
    #expect(report.presets.map(\.name) == ["work", "quick timers"])

    // The day table says the same as the records.
    var changes = DayTable.Changes()
    for record in try Self.history() { changes.add(record, calendar: calendar) }
    var table = DayTable()
    table.apply([changes])
    var fromTable = ReportBuilder(range: range, calendar: calendar)
    fromTable.add(table)
    let cached = fromTable.build(today: today, streak: report.streakDays)
    #expect(cached.days == report.days && cached.workouts == report.workouts && cached.presets == report.presets)

    let text = ReportText.render(report, width: 160, style: .plain)
    #expect(text.contains("DONE/CUT"))
    #expect(text.contains("Total: focus 2:05, rest 0:15, 3 sessions (2 completed, 1 interrupted)\nPomodoros: 5 done, 1 cut short\n"))
    #expect(text.contains("Workouts: 0:01 of work, 1 workout, not counted as focus"))
    #expect(text.contains("Streak: 2 days with a completed session"))
    #expect(text.contains("WORKOUT  SESSIONS    WORK"))
    let json = ReportJSON.render(report)
    #expect(json.contains(#""pomodoros":4,"cut_short":0,"workout_seconds":0,"workout_sessions":0"#))
    #expect(json.contains(#""workouts":[{"name":"hiit","sessions":1,"work_seconds":80}]"#))
    let csv = ReportCSV.render(report)
    #expect(csv.contains("2026-12-02,1502,0,2,1,1,1,1,0,0\r\n") && csv.contains("2026-12-03,0,0,0,0,0,0,0,80,1\r\n"), "\(csv)")
    let page = ReportHTML.render(report)
    for row in ["Pomodoros done</th><td class=\"n\">5", "Cut short</th><td class=\"n\">1", "Workouts</th><td class=\"n\">1 (0:01)"] {
      #expect(page.contains(row), "\(row)")
    }
    let year = try #require(ReportRange.year("2026", today: today, weekStart: 1))
    var yearBuilder = ReportBuilder(range: year, calendar: calendar)
    for record in try Self.history() { yearBuilder.add(record) }
    let heatmap = HeatmapText.render(yearBuilder.build(today: today), width: 120, style: .plain)
    #expect(heatmap.contains("Pomodoros: 5 done, 1 cut short"), "\(heatmap)")
    #expect(heatmap.contains("Workouts: 0:01 of work, 1 workout, not counted as focus"), "\(heatmap)")
  }

  @Test("a full bar is the most focus; a day that reads 0:00 has none")
  func barsFollowTheMostFocus() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    // Only a focus skipped after 2 s: its day reads 0:00, so no bar, though it is the most.
    builder.add(try Self.record(Self.line(id: "s", phases: [("work", 1500, 2, false)])))
    let text = ReportText.render(builder.build(today: 0), width: 80, style: .plain)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("Tue 2026-12-01") })
    #expect(!row.contains("█") && row.hasSuffix("0:00  0/1"), "\(row)")
    #expect(text.contains("Streak: 0 days"))
  }

  @Test("--kind keeps focus or workouts, and --timers shows each quick timer apart")
  func kindAndTimers() throws {
    let harness = try HistoryHarness(now: Self.t0 + 3 * 86_400)
    let lines = try Self.history().map { $0.json(offset: { _ in 0 }).text }
    try harness.home.write(journalFile(harness.home.path, host: "laptop"), lines.joined(separator: "\n") + "\n")
    let all = try harness.report("--week", "2026-W49")
    let totals = try #require(all["totals"] as? [String: Any])
    #expect(totals["focus_seconds"] as? Int == 7502 && totals["workout_seconds"] as? Int == 80)
    let focus = try #require(try harness.report("--week", "2026-W49", "--kind", "focus")["totals"] as? [String: Any])
    #expect(focus["focus_seconds"] as? Int == 7502 && focus["workout_sessions"] as? Int == 0)
    let workout = try #require(try harness.report("--week", "2026-W49", "--kind", "workout")["totals"] as? [String: Any])
    #expect(workout["focus_seconds"] as? Int == 0 && workout["workout_sessions"] as? Int == 1)
    let grouped = try #require(all["presets"] as? [[String: Any]])
    #expect(grouped.map { $0["name"] as? String } == ["work", "quick timers"])
    let apart = try #require(try harness.report("--week", "2026-W49", "--timers")["presets"] as? [[String: Any]])
    #expect(apart.map { $0["name"] as? String } == ["work", "25m"])
    let bad = harness.run("report", "--kind", "sport")
    #expect(bad.status == 64 && bad.err.contains("--kind"), "\(bad.err)")
  }

  @Test("an old journal gives the new counts, with no line rewritten")
  func oldJournalIsNotRewritten() throws {
    let harness = try HistoryHarness(now: Self.t0 + 3 * 86_400)
    let text = try Self.history().map { r in
      // As an older pomo wrote them: no "workout", and "completed" for the skipped one.
      var line = r.json(offset: { _ in 0 }).text.replacingOccurrences(of: #","workout":true"#, with: "")
      line = line.replacingOccurrences(of: #""status":"interrupted","interruption":"skip""#, with: #""status":"completed""#)
      return line
    }.joined(separator: "\n") + "\n"
    #expect(!text.contains("skip") && !text.contains("workout"))
    let file = journalFile(harness.home.path, host: "laptop")
    try harness.home.write(file, text)
    let report = try harness.report("--week", "2026-W49")
    let totals = try #require(report["totals"] as? [String: Any])
    #expect(totals["pomodoros"] as? Int == 5 && totals["cut_short"] as? Int == 1)
    #expect(totals["completed"] as? Int == 2 && totals["interrupted"] as? Int == 1)
    #expect(totals["workout_sessions"] as? Int == 1 && totals["focus_seconds"] as? Int == 7502)
    let log = harness.run("log")
    #expect(log.out.contains("25m     interrupted"), "\(log.out)")
    #expect(try String(contentsOfFile: harness.home.path + "/" + file, encoding: .utf8) == text)
  }

  @Test("an open focus stopped at once ran no time of its own: neither done nor cut short")
  func openFocusStoppedAtOnce() throws {
    // An open phase is recorded planned as long as it ran.
    let r = try Self.record(Self.line(id: "f", preset: "flow", status: "interrupted", phases: [("work", 0.4, 0.4, false)]))
    #expect(r.donePomodoros == 0 && r.cutShortPomodoros == 0)
  }

  @Test("a correction of the preset classifies the session again, by its new name")
  func presetCorrectionClassifiesAgain() throws {
    let harness = try HistoryHarness(now: Self.t0 + 3 * 86_400)
    let line = Self.line(id: "h0000000-0000-4000-8000-000000000001", preset: "hiit", phases: [("work", 600, 600, true)])
    try harness.home.write(journalFile(harness.home.path, host: "laptop"), line + "\n")
    #expect(harness.run("edit", "h000", "--preset", "work").status == 0)
    let totals = try #require(try harness.report("--week", "2026-W49")["totals"] as? [String: Any])
    #expect(totals["focus_seconds"] as? Int == 600 && totals["workout_sessions"] as? Int == 0)
  }

  @Test("a preset with an open phase is not laid out by pomo add; --kind does not go with --hours or --tasks")
  func refusedCombinations() throws {
    let harness = try HistoryHarness(now: Self.t0)
    let flow = harness.run("add", "flow", "--start", "-2h")
    #expect(flow.status == 64 && flow.err.contains("open phase"), "\(flow.err)")
    for words in [["report", "--hours", "--kind", "workout"], ["report", "--tasks", "--kind", "focus"], ["report", "--hours", "--timers"]] {
      let result = harness.run(words)
      #expect(result.status == 64 && result.err.contains("counts focus only"), "\(words): \(result.err)")
    }
  }
}
