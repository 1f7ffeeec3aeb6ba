import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo rep [N]`: counts a round of the running AMRAP, or answers a phase's question for its reps.
  package enum Rep: Command {
    package static let spec = Steering.spec(
      "rep", abstract: "Count a round of the running AMRAP, or give the reps a phase asks for.",
      discussion: """
        Without N, marks one more round done in a phase that counts them (a preset's
        "count": "rounds", an AMRAP), as r does in the session's terminal. With N, answers
        the phase that asks for its reps ("count": "reps") once it has ended, as typing N
        and Enter does. The journal records the count with the phase. With no such phase
        running, or no phase asking, it says so and exits 1.
        """,
      arguments: [
        ArgumentSpec(
          "reps", kind: .integer(PhaseCount.range),
          help: "The reps done, a whole number from \(PhaseCount.range.lowerBound) to \(PhaseCount.range.upperBound).",
          optional: true)
      ])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      guard let text = arguments.positionals.first else { return try Steering.run(.rep, context) }
      guard let reps = ParsedArguments.plainInteger(text, negative: false), PhaseCount.range.contains(reps) else {
        throw CLIError.usage(
          "'<reps>' must be a whole number from \(PhaseCount.range.lowerBound) to \(PhaseCount.range.upperBound), got '\(text)'",
          command: arguments.path)
      }
      return try Steering.run(.reps(reps), context)
    }
  }
}
