/// An option a command accepts, such as `-r, --rounds <n>` or `--dry-run`.
package struct OptionSpec: Sendable, Equatable {
  package var long: String
  package var short: Character?
  package var kind: ValueKind
  /// The value's placeholder, e.g. "n"; nil for a flag that takes no value.
  package var value: String?
  package var help: String
  package var repeatable: Bool
  /// The value may be left out (`--week` or `--week last`); it is taken from the next word
  /// only when that word is not an option.
  package var optionalValue: Bool

  package init(
    _ long: String, short: Character? = nil, kind: ValueKind = .none, placeholder: String? = nil, help: String,
    repeatable: Bool = false, optionalValue: Bool = false
  ) {
    self.long = long
    self.short = short
    self.kind = kind
    self.value = kind == .none ? nil : placeholder ?? kind.placeholder
    self.help = help
    self.repeatable = repeatable
    self.optionalValue = optionalValue
  }

  private var valueLabel: String {
    guard let value else { return "" }
    return optionalValue ? " [<\(value)>]" : " <\(value)>"
  }

  /// "-r, --rounds <n>" as help shows it.
  var label: String {
    (short.map { "-\($0), " } ?? "") + "--\(long)" + valueLabel
  }

  /// "[--rounds <n>]" as usage shows it.
  var usage: String {
    let name = "--\(long)" + valueLabel
    return repeatable ? "[\(name) ...]" : "[\(name)]"
  }
}
