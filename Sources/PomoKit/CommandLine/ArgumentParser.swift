/// The options and arguments given to one command, after parsing.
public struct ParsedArguments: Sendable {
  /// The command's words, e.g. ["pomo", "presets", "show"].
  public var path: [String]
  public var positionals: [String] = []
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []

  public func flag(_ long: String) -> Bool { flags.contains(long) }
  public func value(_ long: String) -> String? { values[long]?.last }
  public func all(_ long: String) -> [String] { values[long] ?? [] }

  /// An integer option, or nil when absent; a usage error when it is not plain decimal digits
  /// (a leading '-' only where `range` has negatives: no '+', spaces, '_' or hex) or is outside `range`.
  public func integer(_ long: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = value(long) else { return nil }
    guard let n = Self.plainInteger(text, negative: range.lowerBound < 0), range.contains(n) else {
      throw .usage(
        "'--\(long)' must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
        command: path)
    }
    return n
  }

  /// `text` as a whole number when it is only ASCII digits, after a '-' if `negative`.
  static func plainInteger(_ text: String, negative: Bool) -> Int? {
    var digits = Substring(text)
    if negative && digits.first == "-" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return Int(text)
  }

  /// One of a fixed set of words, e.g. `--color auto|always|never`.
  public func choice(_ long: String, _ choices: [String]) throws(CLIError) -> String? {
    guard let text = value(long) else { return nil }
    guard choices.contains(text) else {
      var message = "'--\(long)' must be one of \(choices.joined(separator: ", ")), got '\(text)'"
      if let guess = Suggestion.closest(to: text, in: choices) { message += ". Did you mean '\(guess)'?" }
      throw .usage(message, command: path)
    }
    return text
  }
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
    var parsed = ParsedArguments(path: path)
    let options = spec.options
    var rest = words[...]
    var onlyPositionals = false
    func usage(_ message: String) -> ParseOutcome { .failed(.usage(message, command: path)) }

    while let word = rest.popFirst() {
      if onlyPositionals || word == "-" || !word.hasPrefix("-") {
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
          if let guess = Suggestion.closest(to: name, in: options.map(\.long) + ["help"]) {
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
        if let value { parsed.values[spec.long] = [value] } else { parsed.flags.insert(spec.long) }
      } else if let placeholder = spec.value {
        guard let value = inlineValue ?? rest.popFirst() else {
          throw usage("missing value for '--\(spec.long) <\(placeholder)>'")
        }
        if spec.repeatable {
          parsed.values[spec.long, default: []].append(value)
        } else {
          parsed.values[spec.long] = [value]
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
    if parsed.positionals.count > spec.arguments.count {
      throw usage("unexpected argument '\(parsed.positionals[spec.arguments.count])'")
    }
    return parsed
  }
}
