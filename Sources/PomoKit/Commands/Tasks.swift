import PomoCore
import PomoJournal
import PomoPlatform

extension Pomo {
  /// `pomo task`: the day's tasks and their estimates, as the Pomodoro Technique keeps them.
  package enum Tasks: Command {
    package static let spec = CommandSpec(
      name: "task",
      abstract: "Plan the day's tasks with estimates in Pomodoros.",
      discussion: """
        A task is a line in the journal with a title, an estimate in Pomodoros and tags;
        'pomo start work --task ID' works on it, and each focus phase the session completes
        counts one Pomodoro toward it. Edits and 'done' are amendments, so 'pomo undo' takes
        them back, and tasks travel with the journal folder to your other machines.

        Examples:
          pomo task add "write the intro" --estimate 3 --tag thesis
          pomo task list
          pomo start work --task 3f2a
          pomo task done 3f2a
        """)

    package static var subcommands: [CommandNode] { [Add.node, List.node, Done.node, Edit.node] }

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      context.output.write(HelpFormatter.help(for: Tasks.node, path: ["pomo", "task"], width: context.wrapWidth))
      return ExitCode.success
    }
  }
}
