import PomoJournal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo delete`: removes a recorded session from every report.
  package enum Delete: Command {
    package static let spec = CommandSpec(
      name: "delete",
      abstract: "Delete a recorded session.",
      discussion: """
        The journal keeps the session's line and gains a deletion, which every reader
        applies: 'pomo undo' brings the session back. A running session cannot be deleted.
        'last' is the session recorded last: the one that just ended or was just added,
        whenever it started.
        """,
      arguments: [HistoryEditing.idArgument],
      options: [SharedOptions.journal.spec])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try HistoryEditing.locked(context) { try correct(arguments, context) }
    }

    static func correct(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let journal = JournalAccess.journal(arguments, context)
      let running = JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: false, context)
      let record = try HistoryEditing.session(arguments.positionals[0], history, running: running)
      let correction = Correction(
        kind: .delete, target: record.id, at: context.clock.wallSeconds(), host: context.hostName)
      try HistoryEditing.append(correction.json(offset: context.zone.offset).text, to: journal)
      HistoryEditing.show("Deleted \(HistoryEditing.short(record.id)) ('pomo undo' brings it back):", record, context)
      return ExitCode.success
    }
  }
}
