import PomoPlatform

/// A set of words a value may take, as an enum: `--format text|json|csv`, `"color": "auto"`.
/// The command line and config files both read choices through it.
package protocol ChoiceValue: RawRepresentable<String>, CaseIterable, Sendable {}
