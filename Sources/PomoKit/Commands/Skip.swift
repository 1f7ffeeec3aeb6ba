import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo skip`: ends the running session's current phase and starts the next.
  package enum Skip: Command {
    package static let spec = Steering.spec(
      "skip", abstract: "End the current phase now and start the next.",
      discussion: """
        The phase is recorded as skipped (not completed). Skipping the last phase ends the
        session.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.skip, context)
    }
  }
}
