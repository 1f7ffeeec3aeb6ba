import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

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
