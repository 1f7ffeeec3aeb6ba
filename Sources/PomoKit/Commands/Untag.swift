import PomoCore

extension Pomo {
  /// `pomo untag TAG ...`: takes tags off the running session from any shell.
  package enum Untag: Command {
    package static let spec = Steering.spec(
      "untag", abstract: "Take tags off the running session.",
      discussion: "A tag the session does not have changes nothing.",
      arguments: [ArgumentSpec("tag", kind: .tag, help: "A tag to take off.", repeatable: true)])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.untag(try Steering.words(arguments.positionals, arguments.path)), context)
    }
  }
}
