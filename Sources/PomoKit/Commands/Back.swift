import PomoCore

extension Pomo {
  /// `pomo back`: tells the running session you are back, from any shell.
  package enum Back: Command {
    package static let spec = Steering.spec(
      "back", abstract: "Tell the running session you are back.",
      discussion: """
        The span away closes; a phase the "pause" policy paused goes on, and under "ask"
        the session asks what to do with the time ('pomo keep', 'pomo drop'). Not away,
        nothing changes.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.back, context)
    }
  }
}
