import PomoCore

/// A positional argument, such as `<preset>`.
public struct ArgumentSpec: Sendable {
  public var name: String
  /// What the argument takes; the parser checks it, and completions offer its values.
  public var kind: ValueKind
  public var help: String
  public var optional: Bool
  /// The last argument may be given more than once (`pomo tag TAG ...`).
  public var repeatable: Bool

  public init(_ name: String, kind: ValueKind = .text, help: String, optional: Bool = false, repeatable: Bool = false) {
    self.name = name
    self.kind = kind
    self.help = help
    self.optional = optional
    self.repeatable = repeatable
  }

  var usage: String { (optional ? "[<\(name)>]" : "<\(name)>") + (repeatable ? " ..." : "") }
}
