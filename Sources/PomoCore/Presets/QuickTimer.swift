import PomoPlatform

/// A timer typed on the command line instead of a preset: `25m` (one focus phase) or
/// `40s/20s` (rounds of work and rest), as termdown takes `termdown 25m`.
///
/// Each side is a duration as `TypedDuration` reads it (`25m`, `25min`, `1h30`), the rule
/// for every duration typed on the command line: a bare number is refused with a suggestion.
package struct QuickTimer: Equatable, Sendable {
  /// The text as typed (spaces at either end dropped): the session's preset name.
  package var spec: String
  package var work: Duration
  /// The rest after each work phase; nil for a single countdown.
  package var rest: Duration?

  /// Why a word is not a quick timer.
  package enum Problem: Error, Equatable, Sendable {
    /// Not shaped like a duration at all: the word is most likely a misspelt preset name.
    case notATimer
    /// A bare number, such as `25` or `40/20`; `suggestion` is the same with minutes (`25m`).
    case bareNumber(suggestion: String)
    /// Shaped like a timer, but one side is out of range (`0m`, `25h`).
    case duration(String, DurationText.Problem)
    /// More than WORK/REST, such as `50m/10m/5m`.
    case tooManyParts(Int)
    /// An empty part, as a slash typed once too often leaves (`25m/`, `25m/5m/`); `suggestion`
    /// is the timer without it.
    case emptyPart(suggestion: String)
    /// A unit word that is a near miss (`25mn`); `suggestion` is the timer respelled (`25min`).
    case misspelt(suggestion: String)

    package func message(for text: String) -> String {
      switch self {
      case .notATimer: "'\(text)' is not a preset or a timer like 25m or 40s/20s"
      case .bareNumber(let suggestion):
        "'\(text)' has no unit; did you mean '\(suggestion)'? (a timer is a duration like 25m, 90s or 1:30)"
      case .duration(let side, let problem): problem.message(for: side)
      case .misspelt(let suggestion): "'\(text)' is not a timer; did you mean '\(suggestion)'?"
      case .emptyPart(let suggestion): "'\(text)' has an empty part; did you mean '\(suggestion)'?"
      case .tooManyParts(let count):
        "'\(text)' has \(count) parts; a timer is WORK or WORK/REST, like 25m or 50m/10m "
          + "(for more phases, write a preset: 'pomo presets new')"
      }
    }
  }

  package init(spec: String, work: Duration, rest: Duration? = nil) {
    self.spec = spec
    self.work = work
    self.rest = rest
  }

  /// Whether a word is shaped like a timer rather than a file or a name: parts split by "/",
  /// the first that is not empty starting with a number (`25m`, `50m/10m/5m`, `1h30`, `.5h`,
  /// `/5m`, `25m/5m/x`), and no ".json" at the end. `/tmp/x` and `./mine` are paths. A file
  /// of that name still wins over the timer (`PresetLookup`); any other such word gets the
  /// timer's error, never a file's.
  package static func looksLikeTimer(_ raw: String) -> Bool {
    let text = raw.trimmingSpaces()
    guard !text.hasSuffix(".json") else { return false }
    let sides = text.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
    guard let first = sides.first(where: { !$0.isEmpty }) else { return false }
    let scalars = Array(first.unicodeScalars.prefix(2))
    let isDigit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
    if isDigit(scalars[0]) { return true }
    return (scalars[0] == "." || scalars[0] == ",") && scalars.count > 1 && isDigit(scalars[1])
  }

  /// Reads `WORK` or `WORK/REST`, each side as `TypedDuration` reads what people type.
  package static func parse(_ raw: String) -> Result<QuickTimer, Problem> {
    let text = raw.trimmingSpaces()
    let sides = text.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
    guard looksLikeTimer(text) else { return .failure(.notATimer) }
    let parts = sides.filter { !$0.isEmpty }
    guard parts.count <= 2 else { return .failure(.tooManyParts(parts.count)) }
    if parts.count < sides.count {
      // The timer without its empty part, when that is a timer; else what is wrong with it.
      let mended = parts.joined(separator: "/")
      if case .failure(let problem) = parse(mended) { return .failure(problem) }
      return .failure(.emptyPart(suggestion: mended))
    }
    var durations: [Duration] = []
    var bare = false
    var misspelt = false
    var names: [String] = []
    // The sides as typed, the refused ones as they are suggested.
    var suggested: [String] = []
    var asTyped = true
    for (i, side) in sides.enumerated() {
      // A bare number takes the unit of the other side, as typed: `40s/20` suggests `40s/20s`.
      let other = sides.count == 2 ? sides[1 - i] : ""
      let unit = String(other.reversed().prefix { $0.isASCII && $0.isLetter }.reversed())
      switch TypedDuration.parse(side, unit: unit.isEmpty ? "m" : unit) {
      case .success(let d):
        durations.append(d)
        suggested.append(side)
        // The name as typed when a preset file would read it so, else in that form ("25min" is "25m").
        if DurationText.parse(side) == .success(d) {
          names.append(side)
        } else {
          asTyped = false
          names.append(TypedDuration.canonical(side)?.text.filter { $0 != " " } ?? side)
        }
      case .failure(.bareNumber(let suggestion)):
        bare = true
        suggested.append(suggestion)
      case .failure(.misspelt(let suggestion)):
        misspelt = true
        suggested.append(suggestion)
      case .failure(.duration(.notADuration)): return .failure(.notATimer)
      case .failure(.duration(let problem)): return .failure(.duration(side, problem))
      }
    }
    if misspelt { return .failure(.misspelt(suggestion: suggested.joined(separator: "/"))) }
    if bare { return .failure(.bareNumber(suggestion: suggested.joined(separator: "/"))) }
    let spec = asTyped ? text : names.joined(separator: "/")
    return .success(QuickTimer(spec: spec, work: durations[0], rest: durations.count > 1 ? durations[1] : nil))
  }

  /// The preset this timer stands for. A timer with a rest runs rounds until stopped unless
  /// `rounds` says how many, and a 3-2-1 cue rings before each change; it is a workout when
  /// `WorkoutRule` says so (short work, as in `40s/20s`), focus otherwise (`50m/10m`).
  package func preset(rounds: Int?, warmup: Duration?, cooldown: Duration?) -> Preset {
    let round: [PhaseTemplate]
    if let rest {
      round = [
        PhaseTemplate(name: "work", kind: .work, duration: work),
        PhaseTemplate(name: "rest", kind: .rest, duration: rest),
      ]
    } else {
      round = [PhaseTemplate(name: "focus", kind: .work, duration: work)]
    }
    var preset = Preset(
      name: spec,
      description: rest == nil ? "a \(DurationText.format(work)) countdown" : "rounds of work and rest",
      warmup: warmup.map { [PhaseTemplate(name: "warm-up", kind: .rest, duration: $0)] } ?? [],
      round: round, rounds: rounds ?? (rest == nil ? 1 : Preset.roundsRange.upperBound),
      // The last round's rest leads nowhere when a cool-down or the end follows.
      skipLastRest: rest != nil && rounds != nil,
      cooldown: cooldown.map { [PhaseTemplate(name: "cool-down", kind: .rest, duration: $0)] } ?? [],
      cue: rest == nil ? 0 : 3)
    preset.endless = isEndless(rounds: rounds)
    preset.workout = WorkoutRule.isWorkout(self)
    return preset
  }

  /// Whether rounds of this timer run until stopped: it has a rest and no round count.
  package func isEndless(rounds: Int?) -> Bool { rest != nil && rounds == nil }
}
