import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo void [REASON]`: ends the running Pomodoro as void, from any shell. (Not named
  /// `Void`, which would hide Swift's own in every command.)
  public enum VoidSession: Command {
    public static let spec = Steering.spec(
      "void", abstract: "End the running Pomodoro as void.",
      discussion: """
        As the Pomodoro Technique says of a Pomodoro that was interrupted for good: it ends
        now, and the session is recorded with "status": "void" (and the reason, when given).
        A void Pomodoro never counts as done: reports show its time apart, as void, not as
        focus; Pomodoros the session finished before it still count. Outside a focus phase
        (during a break, or with no session) it says so and exits 1; 'pomo stop' ends a
        session at any time.
        """,
      arguments: [ArgumentSpec("reason", kind: .text, help: "Why (quote it for spaces).", optional: true)],
      prints: "'void: the Pomodoro ended, recorded as void' (with the reason),")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let reason = arguments.positionals.first
      if let reason { _ = try Steering.words([reason], arguments.path, text: true) }
      _ = try Steering.send(.void(reason), context)
      context.output.write("void: the Pomodoro ended, recorded as void" + (reason.map { " (\(TextLayout.inert($0)))" } ?? "") + "\n")
      return ExitCode.success
    }
  }
}
