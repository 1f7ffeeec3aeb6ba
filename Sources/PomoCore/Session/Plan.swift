import PomoPlatform

/// A preset expanded into the exact list of phases a session will run.
package struct Plan: Equatable, Sendable {
  package var presetName: String
  package var rounds: Int
  package var cue: Int
  package var phases: [PlannedPhase]
  /// Whether phases wait for confirmation when their time is up (the last one never does).
  package var advance: PhaseAdvance
  /// Where it differs from `advance`: whether to wait before a phase of each kind.
  package var advanceBefore: [PhaseKind: PhaseAdvance] = [:]

  /// Whether the phase before phase `next` waits for confirmation when its time is up.
  package func waits(before next: Int) -> Bool {
    next < phases.count && (advanceBefore[phases[next].kind] ?? advance) == .confirm
  }

  /// Whether any phase may wait for confirmation (so a display offers `enter`).
  package var confirms: Bool { advance == .confirm || advanceBefore.values.contains(.confirm) }

  /// How phases advance this run, whatever the preset says (`--confirm`, `--no-confirm`).
  package mutating func setAdvance(_ advance: PhaseAdvance) {
    self.advance = advance
    advanceBefore = [:]
  }
  /// Whether the rounds go on until stopped; `rounds` is then only how many the plan holds,
  /// and nothing shows it.
  package var endless = false
  /// Whether the voice says "halfway" in the middle of each phase (a preset's `"halfway"`).
  package var halfway = false
  /// What the voice announces beyond the phases (a preset's `"announce"`).
  package var announce: [Announcement] = []
  /// How the rest after an open work phase is earned from it (a preset's `"rest_ratio"` or
  /// `"rest_rules"`); nil keeps each rest phase's own duration.
  package var earnedRest: EarnedRest?

  /// Whether any phase is open (Flowtime): the plan's total is then only a floor.
  package var hasOpenPhase: Bool { phases.contains { $0.open } }

  /// The rest phase that an open phase `i` earns: the one right after it, if it is a rest.
  package func earnedRestPhase(after i: Int) -> Int? {
    guard earnedRest != nil, phases.indices.contains(i), phases[i].open, i + 1 < phases.count,
      phases[i + 1].kind == .rest
    else { return nil }
    return i + 1
  }

  /// The plan with rest phase `i` re-timed to `duration` and the phases after it moved.
  package func retimed(_ i: Int, to duration: Duration) -> Plan {
    var plan = self
    plan.phases[i].duration = duration
    plan.phases = PlannedPhase.renumbered(plan.phases)
    return plan
  }

  /// Whether the plan is a workout, not focus (`Preset.workout`, `WorkoutRule`): its summary
  /// also tells rounds, the longest run without a pause, and the plan's changes, and its time
  /// is recorded as a workout's.
  package var isWorkout: Bool

  /// "3/8", or "3" when the rounds are endless.
  package func roundText(_ round: Int) -> String { endless ? "\(round)" : "\(round)/\(rounds)" }

  package var total: Duration { phases.reduce(.zero) { $0 + $1.duration } }

  package func total(of kind: PhaseKind) -> Duration {
    phases.filter { $0.kind == kind }.reduce(.zero) { $0 + $1.duration }
  }

  package init(presetName: String, rounds: Int, cue: Int, phases: [PlannedPhase], advance: PhaseAdvance = .auto) {
    self.presetName = presetName
    self.rounds = rounds
    self.cue = cue
    self.phases = phases
    self.advance = advance
    isWorkout = cue > 0
  }

  /// Expands a preset. `rounds` overrides the preset's own count (the caller checks its range).
  package init(preset: Preset, rounds override: Int? = nil) {
    let rounds = override ?? preset.rounds
    var templates: [(PhaseTemplate, Int?)] = preset.warmup.map { ($0, nil) }
    // Rest phases after the round's last work phase are its "trailing rest": the part that a
    // long break replaces and that skip_last_rest drops.
    let trailingStart = preset.round.lastIndex { $0.kind == .work }.map { $0 + 1 } ?? preset.round.count
    for round in 1...max(1, rounds) {
      var block = Array(preset.round)
      if let longBreak = preset.longBreak, round % longBreak.every == 0 {
        block = Array(block[..<trailingStart]) + [longBreak.phase]
      }
      if round == rounds && preset.skipLastRest {
        block = Array(block[..<min(trailingStart, block.count)])
      }
      templates += block.map { ($0, round) }
    }
    templates += preset.cooldown.map { ($0, nil) }

    let phases = templates.flatMap { template, round in PlannedPhase.expanded(template, round: round) }
    self.init(
      presetName: preset.name, rounds: rounds, cue: preset.cue, phases: PlannedPhase.renumbered(phases),
      advance: preset.advance)
    advanceBefore = preset.advanceBefore
    isWorkout = preset.workout
    endless = preset.endless && rounds == Preset.roundsRange.upperBound
    halfway = preset.halfway || preset.announce.contains(.halfway)
    announce = preset.announce
    earnedRest = preset.earnedRest
  }

  /// A preset's rounds, as many as it takes (up to `Preset.roundsRange`'s most) to fill `span`,
  /// cut to end exactly then (`pomo start work --until 17:00`). A preset that cannot fill it
  /// ends earlier, as it always would.
  package init(preset: Preset, filling span: Duration) {
    var plan = Plan(preset: preset)
    while plan.total < span && !plan.endless && plan.rounds < Preset.roundsRange.upperBound {
      // A round's length estimated from what the preset makes, then checked again.
      let each = max(plan.total / max(1, plan.rounds), .milliseconds(1))
      let more = Int(min(Double(Preset.roundsRange.upperBound), (span / each).rounded(.up) + 1))
      plan = Plan(preset: preset, rounds: min(Preset.roundsRange.upperBound, max(plan.rounds * 2, more)))
    }
    self = plan.cut(to: span)
  }

  /// The plan ending `span` after it starts: the phases that begin before then, the last
  /// shortened to end exactly then. The rounds are those left, and no longer endless.
  package func cut(to span: Duration) -> Plan {
    guard span < total else { return self }
    var plan = self
    plan.phases = phases.prefix { $0.offset < span }.map { phase in
      var phase = phase
      phase.duration = min(phase.duration, span - phase.offset)
      return phase
    }
    plan.rounds = plan.phases.compactMap(\.round).max() ?? min(rounds, 1)
    plan.endless = false
    return plan
  }

  /// Every phase without a warning of its own warns `before` its end (the config's
  /// `"warn_before"`).
  package mutating func warn(before: Duration) {
    for i in phases.indices where phases[i].warnBefore == nil { phases[i].warnBefore = before }
  }

  /// Whether any phase names an exercise or counts: what a workout's summary then adds.
  package var hasExercises: Bool { phases.contains { $0.exercise != nil || $0.count != nil } }
}

extension PlannedPhase {
  /// A template in round `round` (nil outside the rounds): its exercise for that round (the
  /// list cycles), its name with the fields filled in, and a phase for each part of a split.
  static func expanded(_ template: PhaseTemplate, round: Int?) -> [PlannedPhase] {
    let exercise = template.exercises.isEmpty ? nil : template.exercises[((round ?? 1) - 1) % template.exercises.count]
    var name = template.name
    if let exercise { name = name.replacing(exerciseField, with: exercise) }
    name = name.replacing(roundField, with: round.map(String.init) ?? "")
    func phase(_ name: String, _ duration: Duration, part: String?) -> PlannedPhase {
      var phase = PlannedPhase(
        index: 0, name: name, kind: template.kind, duration: duration, round: round, offset: .zero)
      phase.exercise = exercise
      phase.count = template.count
      phase.part = part
      phase.warnBefore = template.warnBefore
      phase.open = template.open
      return phase
    }
    guard !template.split.isEmpty else { return [phase(name, template.duration, part: nil)] }
    // Equal parts to the millisecond; the last takes what division leaves.
    let total = SessionEngine.nanos(template.duration) / 1_000_000
    let each = total / Int64(template.split.count)
    return template.split.enumerated().map { i, part in
      let millis = i == template.split.count - 1 ? total - each * Int64(i) : each
      return phase("\(name) (\(part))", .milliseconds(millis), part: part)
    }
  }
}
