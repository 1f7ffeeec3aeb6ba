import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo stop`: ends the running session as q would.
  package enum Stop: Command {
    package static let spec = Steering.spec(
      "stop", abstract: "Stop the running session.",
      discussion: """
        The session is recorded as interrupted (quit), as after q in its terminal, and its
        own pomo exits with status 130. 'pomo resume' continues it later.
        """,
      prints: "the session's summary, as its own terminal prints it when it ends,")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.stop, context)
    }
  }
}
