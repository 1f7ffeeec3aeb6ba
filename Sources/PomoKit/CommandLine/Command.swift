/// A command of pomo. Each lives in its own file under `Commands/`.
package protocol Command {
  static var spec: CommandSpec { get }
  static var subcommands: [CommandNode] { get }
  /// Whether the command may run a session, which handles SIGINT, SIGTERM, SIGHUP and SIGTSTP
  /// itself: until it installs its handlers, those signals stay held (see `SignalPipe.hold`).
  static var runsSession: Bool { get }
  static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32
}

extension Command {
  package static var subcommands: [CommandNode] { [] }
  package static var runsSession: Bool { false }
  /// The command as a value, so the tree of commands can be walked without metatypes.
  package static var node: CommandNode {
    CommandNode(spec: spec, subcommands: { subcommands }, runsSession: runsSession, run: run)
  }
}
