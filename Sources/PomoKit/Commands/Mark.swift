import PomoCore

extension Pomo {
  /// `pomo mark internal|external [NOTE]`: marks an interruption of the running Pomodoro from any shell.
  package enum Mark: Command {
    package static let spec = Steering.spec(
      "mark", abstract: "Mark an interruption of the running Pomodoro.",
      discussion: """
        As the Pomodoro Technique keeps them: internal for one that came from you (a thought,
        the urge to check mail), external for one from outside (a call, a knock). The mark is
        recorded with the focus phase, with its time and note, and shows as ' (internal) or
        - (external) in the live line, 'pomo status', 'pomo log' and 'pomo report'; i and e
        mark them in the session's terminal. Outside a focus phase (during a break, or with
        no session) it says so and exits 1.
        """,
      arguments: [
        ArgumentSpec(
          "kind", kind: .choice(PhaseMark.Kind.allCases.map(\.rawValue)), help: "internal or external."),
        ArgumentSpec("note", kind: .text, help: "What it was (quote it for spaces).", optional: true),
      ])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let words = arguments.positionals
      guard let kind = words.first.flatMap(PhaseMark.Kind.init(rawValue:)) else {
        throw CLIError.usage(
          "'<kind>' must be internal or external, got '\(words.first ?? "")'", command: arguments.path)
      }
      let note = words.count > 1 ? words[1] : nil
      if let note, note.count > PhaseMark.noteLimit {
        throw CLIError.usage(
          "a mark's note is at most \(PhaseMark.noteLimit) characters, got \(note.count)", command: arguments.path)
      }
      return try Steering.run(.mark(kind, note), context)
    }
  }
}
