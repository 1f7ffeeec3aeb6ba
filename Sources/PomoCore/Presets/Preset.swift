import PomoPlatform

/// A session recipe: warm-up, a round repeated `rounds` times, cool-down.
///
/// The round is the one block that repeats and the one `--rounds` overrides. `skipLastRest`
/// drops the rest phases that end the final round, and `longBreak` replaces the trailing
/// rest of every Nth round, so a classic Pomodoro is four lines, not fifteen.
package struct Preset: Equatable, Sendable {
  package struct LongBreak: Equatable, Sendable {
    package var every: Int
    package var phase: PhaseTemplate
  }

  package static let roundsRange = 1...10_000
  package static let cueRange = 0...10

  package var name: String
  package var description: String
  package var warmup: [PhaseTemplate]
  package var round: [PhaseTemplate]
  package var rounds: Int
  package var skipLastRest: Bool
  package var longBreak: LongBreak?
  package var cooldown: [PhaseTemplate]
  /// Seconds of audible 3-2-1 countdown before each phase change; 0 for none.
  package var cue: Int
  /// Whether the preset is a workout rather than focus (`"workout"`; by default, whether it
  /// cues its changes): a workout's time is never focus (`WorkoutRule`).
  package var workout: Bool
  /// Whether a phase whose time is up waits for confirmation before the next one starts.
  package var advance: PhaseAdvance
  /// How phases advance before a phase of each kind, where that differs from `advance`
  /// (`"advance": {"work": "confirm", "rest": "auto"}`: wait before focus, not before a break).
  package var advanceBefore: [PhaseKind: PhaseAdvance] = [:]
  /// Whether the voice cues say "halfway" in the middle of each phase.
  package var halfway: Bool
  /// What the voice announces beyond the phases (`"announce"`), in the order written.
  package var announce: [Announcement] = []
  /// Whether the rounds run until stopped (a quick timer such as `40s/20s` without
  /// `--rounds`): the plan then holds the most rounds a preset may have.
  package var endless = false
  /// How the rest after an open work phase is earned from it (`"rest_ratio"`, `"rest_rules"`);
  /// nil keeps the rest phase's own duration.
  package var earnedRest: EarnedRest?
  package var source: PresetSource

  package init(
    name: String, description: String = "", warmup: [PhaseTemplate] = [], round: [PhaseTemplate],
    rounds: Int = 1, skipLastRest: Bool = false, longBreak: LongBreak? = nil,
    cooldown: [PhaseTemplate] = [], cue: Int = 0, advance: PhaseAdvance = .auto,
    advanceBefore: [PhaseKind: PhaseAdvance] = [:], halfway: Bool = false, source: PresetSource = .builtIn
  ) {
    self.advanceBefore = advanceBefore
    self.halfway = halfway
    self.name = name
    self.description = description
    self.warmup = warmup
    self.round = round
    self.rounds = rounds
    self.skipLastRest = skipLastRest
    self.longBreak = longBreak
    self.cooldown = cooldown
    self.cue = cue
    self.workout = cue > 0
    self.advance = advance
    self.source = source
  }
}
