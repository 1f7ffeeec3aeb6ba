import PomoCore

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
