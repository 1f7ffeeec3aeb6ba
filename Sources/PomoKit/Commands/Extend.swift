import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo extend [DURATION]`: lengthens the running session's current phase.
  package enum Extend: Command {
    package static let spec = Steering.spec(
      "extend", abstract: "Lengthen the current phase of the running session.",
      discussion: """
        Adds DURATION (default 1m) to the current phase, as + does in the session's terminal
        for a minute. The journal records the extension with the phase.
        """,
      arguments: [
        ArgumentSpec(
          "duration", kind: .duration, help: "How much longer, such as 5m, 90s or 1:30 (default: 1m).", optional: true)
      ])

    static let defaultAmount: Duration = .seconds(60)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      var amount = defaultAmount
      if let text = arguments.positionals.first {
        switch TypedDuration.parse(text) {
        case .success(let parsed): amount = parsed
        case .failure(let problem): throw CLIError.usage(problem.message(for: text), command: arguments.path)
        }
      }
      return try Steering.run(.extend(amount), context)
    }
  }
}
