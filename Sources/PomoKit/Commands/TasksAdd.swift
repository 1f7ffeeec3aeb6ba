import PomoCore
import PomoJournal
import PomoPlatform

extension Pomo.Tasks {
  /// `pomo task add TITLE [--estimate N] [--tag TAG]`: a new task; prints its short id.
  package enum Add: Command {
    package static let spec = CommandSpec(
      name: "add",
      abstract: "Add a task, with an estimate in Pomodoros; print its id.",
      discussion: """
        Prints the task's short id, for 'pomo start work --task ID' and 'pomo task done ID'.
        'pomo undo' takes the task back.

        Example:
          pomo task add "write the intro" --estimate 3 --tag thesis
        """,
      arguments: [ArgumentSpec("title", kind: .text, help: "What there is to do.")],
      options: [estimate.spec, tag.spec, SharedOptions.journal.spec])

    static let estimate = Option<Int>.integer(
      "estimate", short: "e", in: TaskRecord.estimates, help: "How many Pomodoros it should take (1 to 99).")
    static let tag = Option<[String]>.repeated("tag", short: "t", .tag, help: "Tag the task (repeatable).")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let title = try TaskAccess.title(arguments.positionals[0], path: arguments.path)
      var tags: [String] = []
      for t in arguments[tag] where !tags.contains(t) { tags.append(t) }
      let task = TaskRecord(
        at: context.clock.wallSeconds(), host: context.hostName, title: title, estimate: arguments[estimate],
        tags: tags)
      let journal = JournalAccess.journal(arguments, context)
      // A new line that decides nothing from the history: no lock needed.
      try HistoryEditing.append(task.json(offset: context.zone.offset).text, to: journal)
      context.output.write(TaskAccess.short(task.id) + "\n")
      return ExitCode.success
    }
  }
}
