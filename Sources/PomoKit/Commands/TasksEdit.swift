import PomoCore
import PomoJournal
import PomoPlatform

extension Pomo.Tasks {
  /// `pomo task edit ID [--title T] [--estimate N] [--tag TAG] [--untag TAG] [--open]`.
  package enum Edit: Command {
    package static let spec = CommandSpec(
      name: "edit",
      abstract: "Change a task's title, estimate or tags, or open it again.",
      discussion: """
        The change is an amendment in the journal, which 'pomo undo' takes back.

        Examples:
          pomo task edit 3f2a --estimate 4
          pomo task edit 3f2a --title "write the introduction" --tag thesis
        """,
      arguments: [TaskAccess.idArgument],
      options: [title.spec, estimate.spec, tag.spec, untag.spec, open.spec, SharedOptions.journal.spec])

    static let title = Option<String>.value("title", .text, help: "A new title.")
    static let estimate = Option<Int>.integer(
      "estimate", short: "e", in: TaskRecord.estimates, help: "A new estimate in Pomodoros (1 to 99).")
    static let tag = Option<[String]>.repeated("tag", short: "t", .tag, help: "Add a tag (repeatable).")
    static let untag = Option<[String]>.repeated("untag", .tag, help: "Remove a tag (repeatable).")
    static let open = Option<Bool>.flag("open", help: "Open a done task again.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let path = arguments.path
      let newTitle = try arguments[title].map { t throws(CLIError) in try TaskAccess.title(t, path: path) }
      return try HistoryEditing.locked(context) {
        let journal = JournalAccess.journal(arguments, context)
        let found = try TaskAccess.find(arguments.positionals[0], journal, context)
        let task = found.task
        for name in arguments[untag] where !task.tags.contains(name) {
          throw CLIError.usage(
            "the task \(TaskAccess.short(task.id)) has no tag '\(TextLayout.inert(name))'"
              + (task.tags.isEmpty ? " (it has no tags)" : " (its tags: \(task.tags.map(TextLayout.inert).joined(separator: ", ")))"),
            command: path)
        }
        var changes = Correction.Changes()
        if let newTitle, newTitle != task.title { changes.title = newTitle }
        if let n = arguments[estimate], n != task.estimate { changes.estimate = n }
        var tags = task.tags
        for t in arguments[tag] where !tags.contains(t) { tags.append(t) }
        tags.removeAll { arguments[untag].contains($0) }
        if tags != task.tags { changes.tags = tags }
        if arguments[open] {
          guard task.done != nil else { throw CLIError.failure("the task \(TaskAccess.describe(task)) is open already") }
          changes.setsDone = true
        }
        guard !changes.isEmpty else {
          throw CLIError.usage(
            "nothing to change: give --title, --estimate, --tag, --untag or --open with what differs", command: path)
        }
        let amend = Correction(
          kind: .amend, target: task.id, at: context.clock.wallSeconds(), host: context.hostName, changes: changes)
        try HistoryEditing.append(amend.json(offset: context.zone.offset).text, to: journal)
        let now = TaskFold.apply(task, [amend]) ?? task
        context.output.write(
          "Edited \(TaskAccess.short(task.id)):\n"
            + TaskListText.render(
              [TaskProgress(task: now, pomodoros: found.pomodoros)], [], width: context.width,
              unicode: context.unicode, offset: context.zone.offset))
        return ExitCode.success
      }
    }
  }
}
