import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// What an option takes. The parser checks the value against it, and help, completions and
/// the manual read the allowed values from here, so they never disagree.
package enum ValueKind: Sendable, Equatable {
  /// A flag: no value.
  case none
  case integer(ClosedRange<Int>)
  /// A duration as people type them (`TypedDuration`): `25m`, `1h30`, `90sec`; never a bare number.
  case duration
  /// A calendar date, `YYYY-MM-DD`.
  case date
  /// `this`, `last`, an ISO week like `2026-W48`, or a date in the week.
  case week
  /// `this`, `last` or a month like `2026-11`.
  case month
  case choice([String])
  /// One of `choices`, or a template (any value holding `{`) whose `{field}`s are among
  /// `fields` (see `Template`). Completions offer the choices; a template is typed freely.
  case template(choices: [String], fields: [String])
  case path
  case preset
  case tag
  /// A recorded session's id, a prefix of it, or `last`: completions offer recent ids.
  case session
  /// A task's id, a prefix of it, or `last`: completions offer the open tasks' ids.
  case task
  case text

  /// The placeholder help shows: `<n>`, `<date>`.
  var placeholder: String {
    switch self {
    case .none: ""
    case .integer: "n"
    case .duration: "duration"
    case .date: "date"
    case .week: "week"
    case .month: "month"
    case .choice: "value"
    case .template: "format"
    case .path: "path"
    case .preset: "preset"
    case .tag: "tag"
    case .session: "id"
    case .task: "task"
    case .text: "text"
    }
  }
}

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

/// A value of its own type that an option takes, checked by the parser against `kind`, such
/// as `--format` for `pomo status` (a name or a template).
package protocol OptionValue: Sendable {
  static var kind: ValueKind { get }
  /// The value a word names; nil only for a word the parser's check of `kind` refuses.
  init?(optionValue: String)
}

extension Option where Value: OptionValue {
  package static func typed(_ long: String, placeholder: String? = nil, help: String) -> Self {
    Self(OptionSpec(long, kind: Value.kind, placeholder: placeholder, help: help))
  }
}

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

/// Everything help and the parser need to know about one command.
package struct CommandSpec: Sendable {
  package var name: String
  package var abstract: String
  package var discussion: String?
  package var arguments: [ArgumentSpec]
  package var options: [OptionSpec]

  package init(
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
package protocol Command {
  static var spec: CommandSpec { get }
  static var subcommands: [CommandNode] { get }
  /// Whether the command may run a session, which handles SIGINT, SIGTERM, SIGHUP and SIGTSTP
  /// itself: until it installs its handlers, those signals stay held (see `SignalPipe.hold`).
  static var runsSession: Bool { get }
  static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32
}

extension Command {
  package static var subcommands: [CommandNode] { [] }
  package static var runsSession: Bool { false }
  /// The command as a value, so the tree of commands can be walked without metatypes.
  package static var node: CommandNode {
    CommandNode(spec: spec, subcommands: { subcommands }, runsSession: runsSession, run: run)
  }
}

/// One command in the tree: its spec, its children, and what it does.
package struct CommandNode {
  package var spec: CommandSpec
  var children: () -> [CommandNode]
  var runsSession: Bool
  var run: (ParsedArguments, Context) throws -> Int32

  init(
    spec: CommandSpec, subcommands: @escaping () -> [CommandNode], runsSession: Bool = false,
    run: @escaping (ParsedArguments, Context) throws -> Int32
  ) {
    self.spec = spec
    self.children = subcommands
    self.runsSession = runsSession
    self.run = run
  }

  var subcommands: [CommandNode] { children() }

  func child(_ name: String) -> CommandNode? { subcommands.first { $0.spec.name == name } }
}

/// Options several commands share are declared once and included by each.
enum SharedOptions {
  static let rounds = Option<Int>.integer(
    "rounds", short: "r", in: Preset.roundsRange,
    help: "Run the preset's round this many times (1 to 10000) instead of its own count.")
  static let journal = Option<String>.value(
    "journal", .path,
    help:
      "The journal: a folder (one file per machine) or a single file (default: $POMO_JOURNAL, else $XDG_DATA_HOME/pomo/journal/)."
  )
  static let strict = Option<Bool>.flag(
    "strict", help: "Treat a damaged journal line as an error (exit 65) instead of skipping it.")
  static let json = Option<Bool>.flag("json", help: "Print JSON instead of text.")
  static let color = Option<ColorChoice>.choice(
    "color", placeholder: "when",
    help: "Colour the display: auto, always or never (default: auto; NO_COLOR turns it off).")
  static let ascii = Option<Bool>.flag(
    "ascii", help: "Draw the bar with ASCII characters (the default when the locale is not UTF-8).")
  static let noBell = Option<Bool>.flag("no-bell", help: "Do not ring the terminal bell at phase changes.")
  static let noNotify = Option<Bool>.flag("no-notify", help: "Do not send desktop notifications.")
  static let noInput = Option<Bool>.flag("no-input", help: "Do not read keys from the terminal.")
  static let confirm = Option<Bool>.flag(
    "confirm", help: "Wait for space or 'pomo next' when a phase's time is up, counting overtime.")
  static let noConfirm = Option<Bool>.flag(
    "no-confirm", help: "Go on to the next phase at once, even if the preset says \"advance\": \"confirm\".")
  static let big = Option<Bool>.flag(
    "big", help: "Fill the terminal with the time left in large figures (config \"display\": \"big\").")
  static let voice = Option<Bool>.flag(
    "voice", help: "Speak each phase change, the 3-2-1 cue and the end (config \"voice\": true).")
  static let detach = Option<Bool>.flag(
    "detach",
    help: "Run in the background with no terminal and return at once; 'pomo status' shows it and 'pomo stop' ends it.")
  /// Where a session runs and records, and how it looks and alerts: `start` and `resume`
  /// take the same.
  static let launch: [OptionSpec] = [detach.spec, journal.spec] + session
  /// How a running session looks and alerts; `start` and `resume` share them.
  static let session: [OptionSpec] = [
    color.spec, ascii.spec, big.spec, voice.spec, noBell.spec, noNotify.spec, noInput.spec, confirm.spec,
    noConfirm.spec,
  ]
}
