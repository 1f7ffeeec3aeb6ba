import PomoCore

extension Pomo {
  /// `pomo away [--cause CAUSE]`: tells the running session you have left, from any shell.
  package enum Away: Command {
    package static let spec = CommandSpec(
      name: "away", abstract: "Tell the running session you have left.",
      discussion: """
        The phase does what the config's "away" policy says for its kind: "pause" pauses it
        until 'pomo back'; "run" counts the time and records the span away; "ask" counts it
        and asks, on your return, whether to keep it, drop it or end the session. Reports
        leave time away out of focus unless it was kept. Use it from a screen locker or an
        idle daemon that pomo does not hear by itself (swayidle, hypridle, xss-lock,
        xidlehook: recipes in docs/configuration.md). Already away, nothing changes.

        Examples:
          pomo away
          pomo away --cause idle
        """ + "\n\n" + Steering.socketHelp,
      options: [cause.spec])

    static let cause = Option<AwayCause>.choice(
      "cause", placeholder: "cause", help: "Why: lock, idle, sleep or command (the default).")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try Steering.run(.away(arguments[cause] ?? .command), context)
    }
  }
}
