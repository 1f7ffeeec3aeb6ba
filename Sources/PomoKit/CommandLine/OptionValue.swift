/// A value of its own type that an option takes, checked by the parser against `kind`, such
/// as `--format` for `pomo status` (a name or a template).
package protocol OptionValue: Sendable {
  static var kind: ValueKind { get }
  /// The value a word names; nil only for a word the parser's check of `kind` refuses.
  init?(optionValue: String)
}
