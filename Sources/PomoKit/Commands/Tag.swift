import PomoCore

extension Pomo {
  /// `pomo tag TAG ...`: adds tags to the running session from any shell.
  package enum Tag: Command {
    package static let spec = Steering.spec(
      "tag", abstract: "Add tags to the running session.",
      discussion: """
        The session is recorded with them when it ends; a tag it has already stays once.
        'pomo untag' takes one off, and hooks that run after see them (POMO_TAGS).
        """,
      arguments: [ArgumentSpec("tag", kind: .tag, help: "A tag to add.", repeatable: true)])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.tag(try Steering.words(arguments.positionals, arguments.path)), context)
    }
  }
}
