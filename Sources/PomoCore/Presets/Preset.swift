import PomoPlatform

/// What a phase is for. Reports count focus (`work`) and recovery (`rest`) apart.
package enum PhaseKind: String, Sendable, Codable, CaseIterable {
  case work
  case rest
}

/// What happens when a phase's time is up: the next phase starts at once (`auto`), or the
/// phase waits in overtime until the person says to go on (`confirm`).
package enum PhaseAdvance: String, Sendable, CaseIterable {
  case auto
  case confirm
}

/// One countdown in a preset, before expansion into a plan.
package struct PhaseTemplate: Equatable, Sendable {
  /// The name as written: `{exercise}` and `{round}` in it are filled in by the plan.
  package var name: String
  package var kind: PhaseKind
  package var duration: Duration
  /// The exercises a work phase cycles through, one a round; empty for none.
  package var exercises: [String] = []
  /// The parts the phase is cut into, equal in time (`["left", "right"]`); empty for none.
  package var split: [String] = []
  /// What the phase asks to count, if anything.
  package var count: PhaseCount?
  /// How long before its end the phase warns (`"warn_before": "2m"`); nil for the config's.
  package var warnBefore: Duration?
  /// Whether the phase is open (`"duration": "open"`, work only): it has no end of its own and
  /// counts up until the person goes on; `duration` is then zero.
  package var open = false

  /// The most parts a split may have, and the least time a part may take.
  package static let splitParts = 2...4
  package static let shortestPart: Duration = .seconds(1)
  /// The most exercises a phase may list, and the most columns an exercise's name may take.
  package static let exerciseLimit = 1000
  package static let exerciseColumns = 200

  package init(
    name: String, kind: PhaseKind, duration: Duration, exercises: [String] = [], split: [String] = [],
    count: PhaseCount? = nil
  ) {
    self.name = name
    self.kind = kind
    self.duration = duration
    self.exercises = exercises
    self.split = split
    self.count = count
  }
}

/// Where a preset came from; user files override built-ins of the same name.
package enum PresetSource: Equatable, Sendable {
  case builtIn
  case file(String)

  package var label: String {
    switch self {
    case .builtIn: "built-in"
    case .file(let path): path
    }
  }
}

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
