import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport

extension Pomo.Tasks {
  /// `pomo task done ID`: marks a task done, now.
  package enum Done: Command {
    package static let spec = CommandSpec(
      name: "done",
      abstract: "Mark a task done.",
      discussion: """
        The task keeps its Pomodoros and shows in today's list and in 'pomo report --tasks'.
        'pomo undo' (or 'pomo task edit ID --open') opens it again.
        """,
      arguments: [TaskAccess.idArgument],
      options: [SharedOptions.journal.spec])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try HistoryEditing.locked(context) {
        let journal = JournalAccess.journal(arguments, context)
        let found = try TaskAccess.find(arguments.positionals[0], journal, context)
        if let done = found.task.done {
          throw CLIError.failure(
            "the task \(TaskAccess.describe(found.task)) is done already (\(TaskAccess.when(done, context)))")
        }
        let now = context.clock.wallSeconds()
        var changes = Correction.Changes()
        changes.setsDone = true
        changes.done = now
        let amend = Correction(kind: .amend, target: found.task.id, at: now, host: context.hostName, changes: changes)
        try HistoryEditing.append(amend.json(offset: context.zone.offset).text, to: journal)
        let dots = TaskDots.render(estimate: found.task.estimate, pomodoros: found.pomodoros, unicode: context.unicode)
        context.output.write("Done: \(TaskAccess.describe(found.task)), \(dots)\n")
        return ExitCode.success
      }
    }
  }
}
