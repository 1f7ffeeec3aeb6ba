import PomoCore

/// A positional argument, such as `<preset>`.
package struct ArgumentSpec: Sendable {
  package var name: String
  /// What the argument takes; the parser checks it, and completions offer its values.
  package var kind: ValueKind
  package var help: String
  package var optional: Bool
  /// The last argument may be given more than once (`pomo tag TAG ...`).
  package var repeatable: Bool

  package init(_ name: String, kind: ValueKind = .text, help: String, optional: Bool = false, repeatable: Bool = false) {
    self.name = name
    self.kind = kind
    self.help = help
    self.optional = optional
    self.repeatable = repeatable
  }

  var usage: String { (optional ? "[<\(name)>]" : "<\(name)>") + (repeatable ? " ..." : "") }
}
