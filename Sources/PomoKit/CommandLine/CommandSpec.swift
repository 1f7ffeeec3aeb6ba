/// An option a command accepts, such as `-r, --rounds <n>` or `--dry-run`.
public struct OptionSpec: Sendable {
  public var long: String
  public var short: Character?
  /// The value's placeholder, e.g. "n"; nil for a flag that takes no value.
  public var value: String?
  public var help: String
  public var repeatable: Bool
  /// The value may be left out (`--week` or `--week last`); it is taken from the next word
  /// only when that word is not an option.
  public var optionalValue: Bool

  public init(
    _ long: String, short: Character? = nil, value: String? = nil, help: String, repeatable: Bool = false,
    optionalValue: Bool = false
  ) {
    self.long = long
    self.short = short
    self.value = value
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

/// A positional argument, such as `<preset>`.
public struct ArgumentSpec: Sendable {
  public var name: String
  public var help: String
  public var optional: Bool

  public init(_ name: String, help: String, optional: Bool = false) {
    self.name = name
    self.help = help
    self.optional = optional
  }

  var usage: String { optional ? "[<\(name)>]" : "<\(name)>" }
}

/// Everything help and the parser need to know about one command.
public struct CommandSpec: Sendable {
  public var name: String
  public var abstract: String
  public var discussion: String?
  public var arguments: [ArgumentSpec]
  public var options: [OptionSpec]

  public init(
    name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  /// The options every command has.
  static let helpOption = OptionSpec("help", short: "h", help: "Show help information.")
}

/// A command of pomo. Each lives in its own file under `Commands/`.
public protocol Command {
  static var spec: CommandSpec { get }
  static var subcommands: [CommandNode] { get }
  static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32
}

extension Command {
  public static var subcommands: [CommandNode] { [] }
  /// The command as a value, so the tree of commands can be walked without metatypes.
  public static var node: CommandNode {
    CommandNode(spec: spec, subcommands: { subcommands }, run: run)
  }
}

/// One command in the tree: its spec, its children, and what it does.
public struct CommandNode {
  public var spec: CommandSpec
  var children: () -> [CommandNode]
  var run: (ParsedArguments, Context) throws -> Int32

  init(
    spec: CommandSpec, subcommands: @escaping () -> [CommandNode],
    run: @escaping (ParsedArguments, Context) throws -> Int32
  ) {
    self.spec = spec
    self.children = subcommands
    self.run = run
  }

  var subcommands: [CommandNode] { children() }

  func child(_ name: String) -> CommandNode? { subcommands.first { $0.spec.name == name } }
}

/// Options several commands share are declared once and included by each.
enum SharedOptions {
  static let rounds = OptionSpec(
    "rounds", short: "r", value: "n",
    help: "Run the preset's round this many times (1 to 10000) instead of its own count.")
  static let journal = OptionSpec(
    "journal", value: "path", help: "The journal file (default: $POMO_JOURNAL, else $XDG_DATA_HOME/pomo/journal.jsonl)."
  )
  static let strict = OptionSpec(
    "strict", help: "Treat a damaged journal line as an error (exit 65) instead of skipping it.")
  static let json = OptionSpec("json", help: "Print JSON instead of text.")
  /// How a running session looks and alerts; `start` and `resume` share them.
  static let session: [OptionSpec] = [
    OptionSpec(
      "color", value: "when", help: "Colour the display: auto, always or never (default: auto; NO_COLOR turns it off)."),
    OptionSpec("ascii", help: "Draw the bar with ASCII characters (the default when the locale is not UTF-8)."),
    OptionSpec("no-bell", help: "Do not ring the terminal bell at phase changes."),
    OptionSpec("no-notify", help: "Do not send desktop notifications."),
    OptionSpec("no-input", help: "Do not read keys from the terminal."),
  ]
}
