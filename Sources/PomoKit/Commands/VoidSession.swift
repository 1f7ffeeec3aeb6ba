import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo void [REASON] [--stop]`: voids the running Pomodoro, from any shell. (Not named
  /// `Void`, which would hide Swift's own in every command.)
  package enum VoidSession: Command {
    package static let spec: CommandSpec = {
      var spec = Steering.spec(
        "void", abstract: "Void the running Pomodoro and begin it again.",
        discussion: """
          As the Pomodoro Technique says of a Pomodoro that was interrupted for good: it is
          void, and a new one begins. The focus phase ends now, void, and the same focus
          begins again from its start; the session goes on. With --stop the session ends
          there instead, recorded with "status": "void". A void Pomodoro never counts as
          done nor as cut short: reports show its time apart, as void, not as focus, and
          Pomodoros done before it still count. The reason, when given, is recorded. Outside
          a focus phase (during a break, or with no session) it says so and exits 1; 'pomo
          stop' ends a session at any time.
          """,
        arguments: [ArgumentSpec("reason", kind: .text, help: "Why (quote it for spaces).", optional: true)],
        prints: "'void: the Pomodoro is void, a new one begins' (with --stop, 'void: the Pomodoro is void, the session ended'),")
      spec.options = [stop.spec]
      return spec
    }()

    static let stop = Option<Bool>.flag("stop", help: "End the session with the void Pomodoro.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let reason = arguments.positionals.first
      if let reason { _ = try Steering.words([reason], arguments.path, text: true) }
      let stop = arguments[Self.stop]
      _ = try Steering.send(.void(reason, stop: stop), context)
      context.output.write(
        "void: the Pomodoro is void, " + (stop ? "the session ended" : "a new one begins")
          + (reason.map { " (\(TextLayout.inert($0)))" } ?? "") + "\n")
      return ExitCode.success
    }
  }
}
