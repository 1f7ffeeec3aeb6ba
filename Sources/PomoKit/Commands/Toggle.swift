import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo toggle`: pauses or resumes the running session, like space in its terminal.
  package enum Toggle: Command {
    package static let spec = Steering.spec(
      "toggle", abstract: "Pause the running session, or resume it if paused.",
      discussion: """
        What space does in the session's terminal; handy for a status bar's click.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.toggle, context)
    }
  }
}
