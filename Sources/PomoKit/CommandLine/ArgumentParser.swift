import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// The options and arguments given to one command, after parsing. Every value was checked
/// against its option's kind by the parser; commands read them through typed `Option`s.
package struct ParsedArguments {
  /// The command's words, e.g. ["pomo", "presets", "show"].
  package var path: [String]
  package var positionals: [String] = []
  /// The words given after the command's name, as typed (to start the command again).
  package var words: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// The options the command declares; reading any other is a bug that `undeclaredReads` shows.
  var declared: Set<String> = []
  let audit = ReadAudit()

  init(path: [String], declared: Set<String> = []) {
    self.path = path
    self.declared = declared
  }

  /// Options a command read without declaring them (a test checks there are none).
  package var undeclaredReads: [String] { audit.names }

  private func note(_ spec: OptionSpec) {
    if !declared.contains(spec.long) { audit.names.append(spec.long) }
  }

  /// Whether the option was given at all (for a value that may be left out: `--week`).
  package func isPresent<V>(_ option: Option<V>) -> Bool {
    note(option.spec)
    return flags.contains(option.spec.long) || values[option.spec.long] != nil
  }

  package subscript(option: Option<Bool>) -> Bool {
    note(option.spec)
    return flags.contains(option.spec.long)
  }

  package subscript(option: Option<String>) -> String? {
    note(option.spec)
    return values[option.spec.long]?.last
  }

  package subscript(option: Option<[String]>) -> [String] {
    note(option.spec)
    return values[option.spec.long] ?? []
  }

  package subscript(option: Option<Int>) -> Int? {
    note(option.spec)
    return values[option.spec.long]?.last.flatMap { Int($0) }
  }

  package subscript<E: ChoiceValue>(option: Option<E>) -> E? {
    note(option.spec)
    return values[option.spec.long]?.last.flatMap { E(rawValue: $0) }
  }

  package subscript<V: OptionValue>(option: Option<V>) -> V? {
    note(option.spec)
    return values[option.spec.long]?.last.flatMap { V(optionValue: $0) }
  }

  /// `text` as a whole number when it is only ASCII digits, after a '-' if `negative`.
  static func plainInteger(_ text: String, negative: Bool) -> Int? {
    var digits = Substring(text)
    if negative && digits.first == "-" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return Int(text)
  }
}

/// Where `ParsedArguments` notes reads of options the command did not declare.
final class ReadAudit {
  var names: [String] = []
}

/// What the parser found instead of a command to run.
enum ParseOutcome: Error {
  case help
  case failed(CLIError)
}

/// Parses one command's words by swift-argument-parser's conventions:
/// `--opt value`, `--opt=value`, `-o value`, `-ovalue`, flags, and `--` to end options.
enum ArgumentParser {
  static func parse(_ words: ArraySlice<String>, spec: CommandSpec, path: [String]) throws -> ParsedArguments {
    let options = spec.options
    var parsed = ParsedArguments(path: path, declared: Set(options.map(\.long)))
    parsed.words = Array(words)
    var rest = words[...]
    var onlyPositionals = false
    func usage(_ message: String) -> ParseOutcome { .failed(.usage(message, command: path)) }
    // A command that takes a number (`pomo rep N`) reads `-3` as that number, so its own
    // check can say what is wrong with it: no option of pomo's is a digit.
    let takesNumber = spec.arguments.contains { if case .integer = $0.kind { true } else { false } }

    while let word = rest.popFirst() {
      let negativeNumber = takesNumber && word.count > 1 && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
      if onlyPositionals || word == "-" || !word.hasPrefix("-") || negativeNumber {
        parsed.positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      if word == "--help" || word == "-h" { throw ParseOutcome.help }

      var option: OptionSpec?
      var inlineValue: String?
      if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        if let eq = body.firstIndex(of: "=") { inlineValue = String(body[body.index(after: eq)...]) }
        option = options.first { $0.long == name }
        if option == nil {
          var message = "unknown option '--\(name)'"
          // -h/--help everywhere, and --no-cache and --version at the root, as the help pages list them.
          let known = options.map(\.long) + ["help"] + (path.count == 1 ? HelpFormatter.rootOptions.map(\.long) : [])
          if let guess = Suggestion.closest(to: name, in: known) {
            message += ". Did you mean '--\(guess)'?"
          }
          throw usage(message)
        }
      } else {
        let letter = word.dropFirst().first!
        option = options.first { $0.short == letter }
        guard option != nil else { throw usage("unknown option '-\(letter)'") }
        let tail = word.dropFirst(2)
        if !tail.isEmpty {
          guard option!.value != nil else { throw usage("unknown option '\(word)'") }
          inlineValue = String(tail.hasPrefix("=") ? tail.dropFirst() : tail)
        }
      }
      let spec = option!
      if spec.optionalValue {
        var value = inlineValue
        if value == nil, let next = rest.first, !next.hasPrefix("-") {
          value = next
          rest = rest.dropFirst()
        }
        if let value, let message = ValueCheck.message(value, spec.kind, name: "'--\(spec.long)'") {
          throw usage(message)
        }
        if let value { parsed.values[spec.long] = [value] } else { parsed.flags.insert(spec.long) }
      } else if spec.value != nil {
        // The next word is the value unless it is an option itself: `--tag --dry-run` is a
        // missing tag, not a tag named "--dry-run" (write `--tag=-x` for that). For a number,
        // a duration or a time, a minus and a digit is no option but a value: `--start -90m`,
        // and so is a minus and a fraction (`--start -.5h`, which the duration's error mends).
        let negative = rest.first.map { word in
          let afterMinus = word.dropFirst()
          let number = afterMinus.first == "." || afterMinus.first == "," ? afterMinus.dropFirst() : afterMinus
          return number.first.map { $0.isASCII && $0.isNumber } ?? false
        }
        let takesNegative: Bool =
          switch spec.kind {
          case .integer, .duration, .text: true
          default: false
          }
        if inlineValue == nil, let next = rest.first, next.hasPrefix("-"), next != "-",
          !(takesNegative && negative == true)
        {
          throw usage("missing value for '--\(spec.long)'")
        }
        guard let value = inlineValue ?? rest.popFirst() else {
          throw usage("missing value for '--\(spec.long)'")
        }
        if let message = ValueCheck.message(value, spec.kind, name: "'--\(spec.long)'") {
          throw usage(message)
        }
        // A tag is a name: the spaces around it, as in `--tag " thesis "`, are no part of it.
        let stored = spec.kind == .tag ? value.trimmedSpaces() : value
        if spec.repeatable {
          parsed.values[spec.long, default: []].append(stored)
        } else {
          parsed.values[spec.long] = [stored]
        }
      } else {
        if inlineValue != nil { throw usage("'--\(spec.long)' does not take a value") }
        parsed.flags.insert(spec.long)
      }
    }

    let required = spec.arguments.filter { !$0.optional }.count
    if parsed.positionals.count < required {
      let missing = spec.arguments[parsed.positionals.count]
      throw usage("missing expected argument '<\(missing.name)>'")
    }
    if parsed.positionals.count > spec.arguments.count && spec.arguments.last?.repeatable != true {
      throw usage("unexpected argument '\(parsed.positionals[spec.arguments.count])'")
    }
    let specs = spec.arguments + Array(repeating: spec.arguments.last, count: max(0, parsed.positionals.count - spec.arguments.count)).compactMap { $0 }
    for (argument, value) in zip(specs, parsed.positionals) where argument.kind.checkedAsArgument {
      if let problem = ValueCheck.problem(value, argument.kind) {
        throw usage("'<\(argument.name)>' \(problem), got '\(value)'" + ValueCheck.suggestion(value, argument.kind))
      }
    }
    return parsed
  }
}

extension ValueKind {
  /// Whether a positional argument of this kind is checked by the parser (others are
  /// checked by their command, which says more about what is wrong).
  var checkedAsArgument: Bool {
    switch self {
    case .choice, .duration: true
    default: false
    }
  }
}

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
