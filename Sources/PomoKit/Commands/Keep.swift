import PomoCore

extension Pomo {
  /// `pomo keep`: keeps the time away the running session asks about.
  package enum Keep: Command {
    package static let spec = Steering.spec(
      "keep", abstract: "Keep the time away the session asks about.",
      discussion: """
        Under the "ask" away policy, the session asks on your return whether the time away
        counts: this keeps it, as the key k does, and reports count it as focus. 'pomo drop'
        drops it; 'pomo edit ID --keep-away' decides later.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.keepAway, context)
    }
  }
}
