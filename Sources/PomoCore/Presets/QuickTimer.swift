import PomoPlatform

/// A timer typed on the command line instead of a preset: `25m` (one focus phase) or
/// `40s/20s` (rounds of work and rest), as termdown takes `termdown 25m`.
///
/// Each side is any duration a preset file accepts, except a bare number: in a preset `25`
/// is 25 seconds, but typed after `pomo start` it far more likely means minutes, so it is
/// refused with a suggestion rather than guessed.
public struct QuickTimer: Equatable, Sendable {
  /// The text as typed (spaces at either end dropped): the session's preset name.
  public var spec: String
  public var work: Duration
  /// The rest after each work phase; nil for a single countdown.
  public var rest: Duration?

  /// Why a word is not a quick timer.
  public enum Problem: Error, Equatable, Sendable {
    /// Not shaped like a duration at all: the word is most likely a misspelt preset name.
    case notATimer
    /// A bare number, such as `25` or `40/20`; `suggestion` is the same with minutes (`25m`).
    case bareNumber(suggestion: String)
    /// Shaped like a timer, but one side is out of range (`0m`, `25h`).
    case duration(String, DurationText.Problem)

    public func message(for text: String) -> String {
      switch self {
      case .notATimer: "'\(text)' is not a preset or a timer like 25m or 40s/20s"
      case .bareNumber(let suggestion):
        "'\(text)' has no unit; did you mean '\(suggestion)'? (a timer is a duration like 25m, 90s or 1:30)"
      case .duration(let side, let problem): problem.message(for: side)
      }
    }
  }

  public init(spec: String, work: Duration, rest: Duration? = nil) {
    self.spec = spec
    self.work = work
    self.rest = rest
  }

  /// Reads `WORK` or `WORK/REST`.
  public static func parse(_ raw: String) -> Result<QuickTimer, Problem> {
    let text = raw.trimmingSpaces
    let sides = text.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    guard (1...2).contains(sides.count), sides.allSatisfy(looksLikeDuration) else { return .failure(.notATimer) }
    if sides.contains(where: isBareNumber) {
      let suggestion = sides.map { isBareNumber($0) ? $0 + "m" : $0 }.joined(separator: "/")
      return .failure(.bareNumber(suggestion: suggestion))
    }
    var durations: [Duration] = []
    for side in sides {
      switch DurationText.parse(side) {
      case .success(let d): durations.append(d)
      case .failure(let problem): return .failure(.duration(side, problem))
      }
    }
    return .success(QuickTimer(spec: text, work: durations[0], rest: durations.count > 1 ? durations[1] : nil))
  }

  /// The preset this timer stands for. A timer with a rest is a workout: rounds run until
  /// stopped unless `rounds` says how many, and a 3-2-1 cue rings before each change.
  public func preset(rounds: Int?, warmup: Duration?, cooldown: Duration?) -> Preset {
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
    return preset
  }

  /// Whether rounds of this timer run until stopped: it has a rest and no round count.
  public func isEndless(rounds: Int?) -> Bool { rest != nil && rounds == nil }

  /// Digits, dots, colons, spaces and the unit letters, starting with a digit or a dot.
  private static func looksLikeDuration(_ side: String) -> Bool {
    guard let first = side.unicodeScalars.first, ("0"..."9").contains(first) || first == "." else { return false }
    return side.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ".: hms".unicodeScalars.contains($0) }
  }

  private static func isBareNumber(_ side: String) -> Bool {
    !side.isEmpty && side.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." }
  }
}

extension String {
  /// The text without U+0020 spaces at either end.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " { scalars = scalars.dropFirst() }
    while scalars.last == " " { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
