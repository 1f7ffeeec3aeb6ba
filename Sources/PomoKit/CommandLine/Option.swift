import PomoCore

/// A typed handle on a declared option: commands read values through it, so a misspelt
/// option is a compile error, not a silent nil.
package struct Option<Value>: Sendable {
  package let spec: OptionSpec

  init(_ spec: OptionSpec) { self.spec = spec }
}

extension Option where Value == Bool {
  package static func flag(_ long: String, short: Character? = nil, help: String) -> Self {
    Self(OptionSpec(long, short: short, help: help))
  }
}

extension Option where Value == Int {
  package static func integer(
    _ long: String, short: Character? = nil, in range: ClosedRange<Int>, placeholder: String? = nil, help: String
  ) -> Self {
    Self(OptionSpec(long, short: short, kind: .integer(range), placeholder: placeholder, help: help))
  }
}

extension Option where Value == String {
  /// A single value of `kind` (a path, a date, a duration, a preset, a tag, text).
  package static func value(
    _ long: String, short: Character? = nil, _ kind: ValueKind, placeholder: String? = nil, help: String,
    optionalValue: Bool = false
  ) -> Self {
    Self(
      OptionSpec(
        long, short: short, kind: kind, placeholder: placeholder, help: help, optionalValue: optionalValue))
  }
}

extension Option where Value == [String] {
  /// A value that may be given many times, such as `--tag`.
  package static func repeated(
    _ long: String, short: Character? = nil, _ kind: ValueKind, placeholder: String? = nil, help: String
  ) -> Self {
    Self(OptionSpec(long, short: short, kind: kind, placeholder: placeholder, help: help, repeatable: true))
  }
}

extension Option where Value: ChoiceValue {
  package static func choice(_ long: String, placeholder: String? = nil, help: String) -> Self {
    Self(
      OptionSpec(
        long, kind: .choice(Value.allCases.map(\.rawValue)), placeholder: placeholder ?? "value", help: help))
  }
}

extension Option where Value: OptionValue {
  package static func typed(_ long: String, placeholder: String? = nil, help: String) -> Self {
    Self(OptionSpec(long, kind: Value.kind, placeholder: placeholder, help: help))
  }
}
