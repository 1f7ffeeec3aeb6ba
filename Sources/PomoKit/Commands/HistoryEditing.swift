import PomoJournal
import PomoCore
import PomoPlatform

/// What `add`, `edit`, `delete` and `undo` share: finding a session, reading a time,
/// appending a correction, and showing the session as it now stands.
enum HistoryEditing {
  static let idArgument = ArgumentSpec(
    "id", kind: .text, help: "A session: its id, any unique prefix of it (as 'pomo log' shows), or last.")

  /// The session `text` names, as it now stands. A running session cannot be changed.
  static func session(_ text: String, _ history: History, running: SessionState?) throws(CLIError) -> JournalRecord {
    if let running, text != "last", !text.isEmpty, running.record.id.hasPrefix(text) {
      throw .failure("the session \(short(running.record.id)) is running; stop it first ('pomo stop')")
    }
    let record: JournalRecord
    do {
      record = try history.find(text)
    } catch {
      throw .failure(error.description)
    }
    if let running, running.record.id == record.id {
      throw .failure("the session \(short(record.id)) is running; stop it first ('pomo stop')")
    }
    return record
  }

  /// A time given to `option`: 09:00, yesterday 14:30, 2026-11-30 09:00, RFC 3339 or -90m.
  static func when(_ text: String, option: String, _ context: Context, path: [String]) throws(CLIError) -> Double {
    switch WhenParser.parse(text, now: context.clock.wallSeconds(), zone: context.zone) {
    case .success(let t): return t
    case .failure(let error): throw .usage("'--\(option)': \(error.description)", command: path)
    }
  }

  /// Appends one line durably: the journal stays append-only.
  static func append(_ line: String, to journal: Journal) throws(CLIError) {
    do {
      try Platform.appendLine(line, to: journal.path)
    } catch {
      throw .failure("cannot write the journal \(journal.path): \(error) (nothing was changed)")
    }
  }

  /// The session with this exact id as it now stands (nil when it is gone), read again
  /// through the fold after a change.
  static func reread(_ id: String, _ journal: Journal, _ context: Context) -> JournalRecord? {
    guard let history = try? JournalAccess.history(journal, strict: false, context, quiet: true) else { return nil }
    return try? history.find(id)
  }

  /// The session as a one-row `pomo log` table, after a line saying what happened.
  static func show(_ headline: String, _ record: JournalRecord?, _ context: Context) {
    var text = headline + "\n"
    if let record {
      text += LogText.render([record], width: context.width, unicode: context.unicode, offset: context.zone.offset)
    }
    context.output.write(text)
  }

  static func short(_ id: String) -> String { TextLayout.inert(String(id.prefix(8))) }
}
