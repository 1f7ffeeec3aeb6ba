import PomoCore

/// Checks one option value against its kind, so a bad value is a usage error before any
/// command runs.
enum ValueCheck {
  /// The error for `value` given to the option `name` (quoted), or nil when it is fine:
  /// "'--color' must be one of auto, always, never, got 'allways'. Did you mean 'always'?".
  /// A template's own problem names the field at fault, so it says the field, not the value.
  static func message(_ value: String, _ kind: ValueKind, name: String) -> String? {
    guard let problem = problem(value, kind) else { return nil }
    if case .template = kind, value.contains("{") { return "\(name) \(problem)" }
    return "\(name) \(problem), got '\(value)'" + suggestion(value, kind)
  }

  /// What is wrong with `value`, phrased to follow the option's name; nil when it is fine.
  static func problem(_ value: String, _ kind: ValueKind) -> String? {
    switch kind {
    case .none, .week, .month, .text, .session, .task:
      return nil
    case .integer(let range):
      guard let n = ParsedArguments.plainInteger(value, negative: range.lowerBound < 0), range.contains(n) else {
        return "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
      }
      return nil
    case .duration:
      if case .failure(let problem) = TypedDuration.parse(value) { return problem.phrase }
      return nil
    case .date:
      return LocalCalendar.parseDate(value) == nil ? "must be a date like 2026-11-23" : nil
    case .choice(let choices):
      return choices.contains(value) ? nil : "must be one of \(choices.joined(separator: ", "))"
    case .template(let choices, let fields):
      if value.contains("{") {
        do {
          _ = try Template(parsing: value, fields: fields)
          return nil
        } catch {
          return error.description
        }
      }
      guard !choices.contains(value) else { return nil }
      let example = fields.count > 1 ? "{\(fields[0])} {\(fields[1])}" : "{field}"
      return "must be \(choices.joined(separator: ", ")) or a template like '\(example)'"
    case .path, .preset:
      return value.isEmpty ? "needs a non-empty value" : nil
    case .tag:
      return value.trimmedSpaces().isEmpty ? "needs a non-empty tag" : nil
    }
  }

  /// ". Did you mean 'always'?" for a near miss among choices.
  static func suggestion(_ value: String, _ kind: ValueKind) -> String {
    let choices: [String]
    switch kind {
    case .choice(let words): choices = words
    case .template(let words, _) where !value.contains("{"): choices = words
    case .duration:
      if case .failure(let problem) = TypedDuration.parse(value) { return problem.suggestion }
      return ""
    default: return ""
    }
    guard let guess = Suggestion.closest(to: value, in: choices) else { return "" }
    return ". Did you mean '\(guess)'?"
  }
}
