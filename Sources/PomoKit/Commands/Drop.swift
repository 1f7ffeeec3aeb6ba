import PomoCore

extension Pomo {
  /// `pomo drop`: drops the time away the running session asks about.
  package enum Drop: Command {
    package static let spec = Steering.spec(
      "drop", abstract: "Drop the time away the session asks about.",
      discussion: """
        Under the "ask" away policy, the session asks on your return whether the time away
        counts: this drops it, as the key d does, and reports leave it out. 'pomo keep'
        keeps it; 'pomo edit ID --drop-away' decides later.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.dropAway, context)
    }
  }
}
