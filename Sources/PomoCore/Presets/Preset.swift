import PomoPlatform

/// What a phase is for. Reports count focus (`work`) and recovery (`rest`) apart.
public enum PhaseKind: String, Sendable, Codable, CaseIterable {
  case work
  case rest
}

/// What happens when a phase's time is up: the next phase starts at once (`auto`), or the
/// phase waits in overtime until the person says to go on (`confirm`).
public enum PhaseAdvance: String, Sendable, CaseIterable {
  case auto
  case confirm
}

/// One countdown in a preset, before expansion into a plan.
public struct PhaseTemplate: Equatable, Sendable {
  /// The name as written: `{exercise}` and `{round}` in it are filled in by the plan.
  public var name: String
  public var kind: PhaseKind
  public var duration: Duration
  /// The exercises a work phase cycles through, one a round; empty for none.
  public var exercises: [String] = []
  /// The parts the phase is cut into, equal in time (`["left", "right"]`); empty for none.
  public var split: [String] = []
  /// What the phase asks to count, if anything.
  public var count: PhaseCount?
  /// How long before its end the phase warns (`"warn_before": "2m"`); nil for the config's.
  public var warnBefore: Duration?
  /// Whether the phase is open (`"duration": "open"`, work only): it has no end of its own and
  /// counts up until the person goes on; `duration` is then zero.
  public var open = false

  /// The most parts a split may have, and the least time a part may take.
  public static let splitParts = 2...4
  public static let shortestPart: Duration = .seconds(1)
  /// The most exercises a phase may list, and the most columns an exercise's name may take.
  public static let exerciseLimit = 1000
  public static let exerciseColumns = 200

  public init(
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
public enum PresetSource: Equatable, Sendable {
  case builtIn
  case file(String)

  public var label: String {
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
public struct Preset: Equatable, Sendable {
  public struct LongBreak: Equatable, Sendable {
    public var every: Int
    public var phase: PhaseTemplate
  }

  public static let roundsRange = 1...10_000
  public static let cueRange = 0...10

  public var name: String
  public var description: String
  public var warmup: [PhaseTemplate]
  public var round: [PhaseTemplate]
  public var rounds: Int
  public var skipLastRest: Bool
  public var longBreak: LongBreak?
  public var cooldown: [PhaseTemplate]
  /// Seconds of audible 3-2-1 countdown before each phase change; 0 for none.
  public var cue: Int
  /// Whether the preset is a workout rather than focus (`"workout"`; by default, whether it
  /// cues its changes): a workout's time is never focus (`WorkoutRule`).
  public var workout: Bool
  /// Whether a phase whose time is up waits for confirmation before the next one starts.
  public var advance: PhaseAdvance
  /// How phases advance before a phase of each kind, where that differs from `advance`
  /// (`"advance": {"work": "confirm", "rest": "auto"}`: wait before focus, not before a break).
  public var advanceBefore: [PhaseKind: PhaseAdvance] = [:]
  /// Whether the voice cues say "halfway" in the middle of each phase.
  public var halfway: Bool
  /// What the voice announces beyond the phases (`"announce"`), in the order written.
  public var announce: [Announcement] = []
  /// Whether the rounds run until stopped (a quick timer such as `40s/20s` without
  /// `--rounds`): the plan then holds the most rounds a preset may have.
  public var endless = false
  /// How the rest after an open work phase is earned from it (`"rest_ratio"`, `"rest_rules"`);
  /// nil keeps the rest phase's own duration.
  public var earnedRest: EarnedRest?
  public var source: PresetSource

  public init(
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
