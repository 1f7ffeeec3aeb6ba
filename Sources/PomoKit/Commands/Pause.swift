import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo pause`: pauses the running session from any shell.
  package enum Pause: Command {
    package static let spec = Steering.spec(
      "pause", abstract: "Pause the running session.",
      discussion: """
        Pausing a paused session changes nothing, but for one the away policy paused: the
        pause is then yours, and 'pomo back' leaves it paused. 'pomo resume' or 'pomo toggle'
        goes on; the phase's deadline moves by the pause.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.pause, context)
    }
  }
}
