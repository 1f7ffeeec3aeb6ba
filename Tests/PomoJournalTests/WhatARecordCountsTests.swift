import Foundation
import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The one rule of what a record counts (docs/journal.md, "What a record counts"): a Pomodoro
/// is done when its focus ran its planned time; a focus cut short is time, not a Pomodoro, and
/// cuts its session short; a workout is never focus. Read from what old lines already hold.
@Suite("What a record counts")
struct WhatARecordCountsTests {

  @Test("a focus skipped before its end reads as cut short: interrupted by a skip, no Pomodoro done")
  func skippedFocusIsCutShort() throws {
    let r = try RecordCountSamples.record(RecordCountSamples.line(id: "a", phases: [("work", 1500, 2, false)]))
    #expect(r.status == .interrupted && r.interruption == .skip)
    #expect(r.donePomodoros == 0 && r.cutShortPomodoros == 1)
    // It is focus time all the same.
    #expect(r.focusSeconds == 2)
  }

  @Test("a break skipped does not cut a session short")
  func skippedBreakIsNotCutShort() throws {
    let r = try RecordCountSamples.record(RecordCountSamples.line(id: "a", phases: [("work", 1500, 1500, true), ("rest", 300, 10, false)]))
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
    let r = try RecordCountSamples.record(RecordCountSamples.line(id: "a", preset: preset, phases: [("work", 40, 40, true)]))
    #expect(r.workout == workout)
    #expect(r.focusSeconds == (workout ? 0 : 40) && r.workoutSeconds == (workout ? 40 : 0))
    #expect(r.donePomodoros == (workout ? 0 : 1))
  }

  @Test("what a record says of \"workout\" wins over its preset's name, and is written back")
  func statedWorkoutWins() throws {
    let focus = try RecordCountSamples.record(RecordCountSamples.line(id: "a", preset: "hiit", phases: [("work", 40, 40, true)], extra: #","workout":false"#))
    #expect(!focus.workout)
    let workout = try RecordCountSamples.record(RecordCountSamples.line(id: "b", preset: "mine", phases: [("work", 40, 40, true)], extra: #","workout":true"#))
    #expect(workout.workout)
    for r in [focus, workout] {
      #expect(try RecordCountSamples.record(r.json(offset: { _ in 0 }).text) == r)
    }
    // A focus session of a focus preset says nothing: the line stays as it was.
    let plain = try RecordCountSamples.record(RecordCountSamples.line(id: "c", preset: "work", phases: [("work", 40, 40, true)]))
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

  @Test("an open focus stopped at once ran no time of its own: neither done nor cut short")
  func openFocusStoppedAtOnce() throws {
    // An open phase is recorded planned as long as it ran.
    let r = try RecordCountSamples.record(RecordCountSamples.line(id: "f", preset: "flow", status: "interrupted", phases: [("work", 0.4, 0.4, false)]))
    #expect(r.donePomodoros == 0 && r.cutShortPomodoros == 0)
  }
}
