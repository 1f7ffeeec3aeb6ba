import PomoCore

extension Pomo {
  /// `pomo note [TEXT]`: sets or clears the running session's note from any shell.
  package enum Note: Command {
    package static let spec = Steering.spec(
      "note", abstract: "Set the running session's note.",
      discussion: """
        The note replaces the one the session had (from 'pomo start --note', say); with no
        text, or an empty one, the session has no note. It is recorded when the session ends.
        """,
      arguments: [ArgumentSpec("text", kind: .text, help: "The note (quote it for spaces).", optional: true)])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let text = arguments.positionals.first
      if let text { _ = try Steering.words([text], arguments.path) }
      return try Steering.run(.note(text), context)
    }
  }
}
