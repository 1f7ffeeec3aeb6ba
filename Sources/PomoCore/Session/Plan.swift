import PomoPlatform

/// One phase of an expanded plan, placed on the session's timeline.
public struct PlannedPhase: Equatable, Sendable {
  public var index: Int
  public var name: String
  public var kind: PhaseKind
  public var duration: Duration
  /// 1-based round, or nil for warm-up and cool-down phases.
  public var round: Int?
  /// When the phase starts, counted from the start of the session.
  public var offset: Duration

  /// `phases` numbered from 0 and timed from the first: what a plan, the rest of a plan
  /// being resumed, and the state file's "still to come" all need.
  public static func renumbered(_ phases: some Sequence<PlannedPhase>) -> [PlannedPhase] {
    var offset = Duration.zero
    return phases.enumerated().map { i, phase in
      var phase = phase
      phase.index = i
      phase.offset = offset
      offset += phase.duration
      return phase
    }
  }

  public init(index: Int, name: String, kind: PhaseKind, duration: Duration, round: Int?, offset: Duration) {
    self.index = index
    self.name = name
    self.kind = kind
    self.duration = duration
    self.round = round
    self.offset = offset
  }
}

/// A preset expanded into the exact list of phases a session will run.
public struct Plan: Equatable, Sendable {
  public var presetName: String
  public var rounds: Int
  public var cue: Int
  public var phases: [PlannedPhase]
  /// Whether phases wait for confirmation when their time is up (the last one never does).
  public var advance: PhaseAdvance
  /// Whether the rounds go on until stopped; `rounds` is then only how many the plan holds,
  /// and nothing shows it.
  public var endless = false
  /// Whether the voice says "halfway" in the middle of each phase (a preset's `"halfway"`).
  public var halfway = false

  /// A workout counts down 3-2-1 before each change (hiit, tabata, emom, quick interval
  /// timers): its summary also tells rounds, the longest run without a pause, and the plan's changes.
  public var isWorkout: Bool { cue > 0 }

  /// "3/8", or "3" when the rounds are endless.
  public func roundText(_ round: Int) -> String { endless ? "\(round)" : "\(round)/\(rounds)" }

  public var total: Duration { phases.reduce(.zero) { $0 + $1.duration } }

  public func total(of kind: PhaseKind) -> Duration {
    phases.filter { $0.kind == kind }.reduce(.zero) { $0 + $1.duration }
  }

  public init(presetName: String, rounds: Int, cue: Int, phases: [PlannedPhase], advance: PhaseAdvance = .auto) {
    self.presetName = presetName
    self.rounds = rounds
    self.cue = cue
    self.phases = phases
    self.advance = advance
  }

  /// Expands a preset. `rounds` overrides the preset's own count (the caller checks its range).
  public init(preset: Preset, rounds override: Int? = nil) {
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

    let phases = templates.map { template, round in
      PlannedPhase(
        index: 0, name: template.name, kind: template.kind, duration: template.duration, round: round, offset: .zero)
    }
    self.init(
      presetName: preset.name, rounds: rounds, cue: preset.cue, phases: PlannedPhase.renumbered(phases),
      advance: preset.advance)
    endless = preset.endless && rounds == Preset.roundsRange.upperBound
    halfway = preset.halfway
  }
}
