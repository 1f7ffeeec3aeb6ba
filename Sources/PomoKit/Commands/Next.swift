import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo next`: continues a phase that waits for confirmation.
  package enum Next: Command {
    package static let spec = Steering.spec(
      "next", abstract: "Continue a phase that waits for confirmation.",
      discussion: """
        A phase that waits for confirmation (a preset's "advance": "confirm") goes on to
        the next phase; otherwise nothing changes.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.next, context)
    }
  }
}
