import PomoJournal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo undo`: takes back the latest correction.
  package enum Undo: Command {
    package static let spec = CommandSpec(
      name: "undo",
      abstract: "Take back the latest add, edit or delete.",
      discussion: """
        The latest correction not yet undone (by the time it was made, on any machine) is
        revoked by a new line in the journal. Run it again to take back the one before.
        Right after 'pomo add', it takes the session out again: the same session that
        'pomo edit last' and 'pomo delete last' name, the one recorded last.
        """,
      options: [SharedOptions.journal.spec])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try HistoryEditing.locked(context) { try correct(arguments, context) }
    }

    static func correct(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let journal = JournalAccess.journal(arguments, context)
      let running = JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: false, context)
      let latest: Revocable?
      do {
        latest = try history.latestRevocable()
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      guard let latest else { throw CLIError.failure("nothing to undo: no add, edit or delete is left to take back") }
      if let running, running.record.id == latest.session {
        throw CLIError.failure("the session \(HistoryEditing.short(latest.session)) is running; stop it first")
      }
      // A task's change, or the task itself, is taken back like a session's.
      let task = try TaskAccess.tasks(journal, context, quiet: true, .id(latest.session)).first
      let undo = Correction(
        kind: .undo, target: latest.id, session: latest.session, at: context.clock.wallSeconds(),
        host: context.hostName)
      try HistoryEditing.append(undo.json(offset: context.zone.offset).text, to: journal)
      if latest.kind == .task || task != nil {
        let after = try TaskAccess.tasks(journal, context, quiet: true, .id(latest.session)).first
        let name = task.map { TaskAccess.describe($0.task) } ?? TaskAccess.short(latest.session)
        context.output.write(
          latest.kind == .task
            ? "Undid the addition of the task \(name); it is no longer listed.\n"
            : "Undid the edit of the task \(name):\n"
              + TaskListText.render(
                after.map { [$0] } ?? [], [], width: context.width, unicode: context.unicode,
                offset: context.zone.offset))
        return ExitCode.success
      }
      let what: String =
        switch latest.kind {
        case .added: "the addition of"
        case .delete: "the deletion of"
        default: "the edit of"
        }
      let now = HistoryEditing.reread(latest.session, journal, context)
      HistoryEditing.show(
        "Undid \(what) \(HistoryEditing.short(latest.session))" + (now == nil ? "; it is no longer recorded." : ":"), now,
        context)
      return ExitCode.success
    }
  }
}
