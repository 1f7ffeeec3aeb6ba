import PomoPlatform

/// Reads a duration typed on the command line: the one rule for `pomo start 25m`, `pomo
/// extend 5m`, `--warmup 2m` and `--start -90m`.
///
/// It takes what people type, not only what preset files hold: `25min`, `90 sec`, `2 hours`,
/// `1h30` (an hour and thirty minutes), `1.5h`, as well as every form of `DurationText`.
/// A bare number is refused with a suggestion: in a preset file `25` is 25 seconds, but
/// typed after a command it far more likely means minutes, so pomo asks rather than guesses.
/// What it reads is turned into `DurationText`'s grammar and checked there, so the limits
/// (more than zero, at most 24 hours, parts under 60) are the preset files' own.
package enum TypedDuration {
  package enum Problem: Error, Equatable, Sendable {
    /// A number without a unit (`25`, `1.5`); `suggestion` is the same in minutes (`25m`).
    case bareNumber(suggestion: String)
    /// A near miss: a unit word (`25mn`, suggesting `25min`), a decimal comma (`1,5h`,
    /// suggesting `1.5h`) or a fraction with no whole part (`.5h`, suggesting `30m`).
    case misspelt(suggestion: String)
    /// Shaped like a duration, but out of range or not one at all.
    case duration(DurationText.Problem)

    /// The message, given the text as the user wrote it.
    package func message(for text: String) -> String {
      switch self {
      case .bareNumber(let suggestion): "'\(text)' has no unit; did you mean '\(suggestion)'?"
      case .misspelt(let suggestion): "'\(text)' is not a duration; did you mean '\(suggestion)'?"
      case .duration(let problem): problem.message(for: "'\(text)'")
      }
    }

    /// What is wrong, phrased to follow an option's name: "'--warmup' has no unit".
    package var phrase: String {
      switch self {
      case .bareNumber: "has no unit"
      case .misspelt, .duration(.notADuration): "must be a duration like 25m, 1h30m or 90s"
      case .duration(.notPositive): "must be more than zero"
      case .duration(.tooLong): "must be at most 24h"
      case .duration(.partTooLarge): "must have minutes and seconds under 60 after hours or minutes"
      }
    }

    /// ". Did you mean '25m'?" for a bare number or a misspelt unit, else nothing.
    package var suggestion: String {
      switch self {
      case .bareNumber(let suggestion), .misspelt(let suggestion): ". Did you mean '\(suggestion)'?"
      case .duration: ""
      }
    }
  }

  /// The unit words pomo reads, each for h, m or s (compared in lowercase).
  static let units: [String: Character] = [
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
  ]

  /// The unit words a near miss is matched against, longest first, so "minuets" is "minutes"
  /// and "mn" is "min". Single letters are left out: any two letters would be near one.
  static let spelledUnits = [
    "minutes", "minute", "mins", "min", "seconds", "second", "secs", "sec", "hours", "hour", "hrs", "hr",
  ]

  /// Reads `raw`; a bare number is refused with a suggestion in `unit` (the unit of the
  /// other side of a timer: `40s/20` suggests `40s/20s`) when that reads, else in minutes.
  package static func parse(_ raw: String, unit: String = "m") -> Result<Duration, Problem> {
    let text = raw.trimmingCharacters(in: " ")
    if text.contains(":") { return DurationText.parse(text).mapError(Problem.duration) }
    if let suggestion = respelled(text) { return .failure(.misspelt(suggestion: suggestion)) }
    if let problem = renumbered(text, unit: unit) { return .failure(problem) }
    guard let canonical = canonical(text) else { return .failure(.duration(.notADuration)) }
    if canonical.bare { return .failure(bare(text, unit: unit)) }
    return DurationText.parse(canonical.text).mapError(Problem.duration)
  }

  /// Why a bare number is refused: with a suggestion in `unit`, else minutes, else seconds,
  /// the first that reads (`2000` suggests `2000s`); a number that is no duration in any
  /// unit (`0`) says why instead, as no unit would mend it.
  static func bare(_ text: String, unit: String) -> Problem {
    var units = [unit]
    for other in ["m", "s"] where !units.contains(other) { units.append(other) }
    for unit in units {
      if case .success = parse(text + unit) { return .bareNumber(suggestion: text + unit) }
    }
    if case .failure(let problem) = parse(text + "m") { return problem }
    return .duration(.notADuration)
  }

  /// The problem with a number written as some people write it: a decimal comma between
  /// digits (`1,5h` suggests `1.5h`) or no whole part at the start (`.5h`, `,5h`: `30m`, in the
  /// form pomo prints); nil when mending those does not make a duration.
  static func renumbered(_ text: String, unit: String) -> Problem? {
    let characters = Array(text)
    var mended = ""
    var fraction = false
    for (i, c) in characters.enumerated() {
      let between =
        i > 0 && i + 1 < characters.count && characters[i - 1].isASCIIDigit && characters[i + 1].isASCIIDigit
      if i == 0 && (c == "." || c == ",") && characters.count > 1 && characters[1].isASCIIDigit {
        mended += "0."
        fraction = true
      } else if c == "," && between {
        mended.append(".")
      } else {
        mended.append(c)
      }
    }
    guard mended != text else { return nil }
    switch parse(mended, unit: unit) {
    case .success(let duration):
      return .misspelt(suggestion: fraction ? DurationText.format(duration).filter { $0 != " " } : mended)
    case .failure(.duration(.notADuration)): return nil
    case .failure(let problem): return problem
    }
  }

  /// `text` with each unknown unit word replaced by the one it is nearest to, when there is
  /// one for each and the result reads; nil otherwise.
  static func respelled(_ text: String) -> String? {
    var result = ""
    var word = ""
    var changed = false
    func flush() -> Bool {
      defer { word = "" }
      guard !word.isEmpty else { return true }
      if units[word.lowercased()] != nil {
        result += word
        return true
      }
      guard let near = Suggestion.closest(to: word, in: spelledUnits) else { return false }
      result += near
      changed = true
      return true
    }
    for character in text {
      if character.isASCII && character.isLetter {
        word.append(character)
        continue
      }
      guard flush() else { return nil }
      result.append(character)
    }
    guard flush(), changed, canonical(result).map({ !$0.bare }) == true else { return nil }
    return result
  }

  /// `text` in `DurationText`'s unit form ("1h 30m"), or nil when it is not made of numbers
  /// and unit words; `bare` when it is one number without a unit.
  static func canonical(_ text: String) -> (text: String, bare: Bool)? {
    var parts: [(number: String, unit: Character?)] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCIIDigit || $0 == "." }
      guard !number.isEmpty else { return nil }
      rest = rest.dropFirst(number.count).drop { $0 == " " }
      let word = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(word.count).drop { $0 == " " }
      if word.isEmpty {
        parts.append((String(number), nil))
      } else {
        guard let unit = units[word.lowercased()] else { return nil }
        parts.append((String(number), unit))
      }
    }
    guard !parts.isEmpty else { return nil }
    if parts.count == 1 && parts[0].unit == nil { return (parts[0].number, true) }
    // Only the last number may go without its unit: the next one down from the one before
    // ("1h30" is 1h30m, "2m30" is 2m30s).
    var words: [String] = []
    for (i, part) in parts.enumerated() {
      var unit = part.unit
      if unit == nil {
        guard i == parts.count - 1, let previous = parts[i - 1].unit, previous != "s" else { return nil }
        unit = previous == "h" ? "m" : "s"
      }
      words.append(part.number + String(unit!))
    }
    return (words.joined(separator: " "), false)
  }
}

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
