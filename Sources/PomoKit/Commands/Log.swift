import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo log`: the latest sessions, newest first.
  package enum Log: Command {
    package static let spec = CommandSpec(
      name: "log",
      abstract: "Show the latest sessions, newest first.",
      options: [limit.spec, SharedOptions.json.spec, SharedOptions.journal.spec, SharedOptions.strict.spec])

    static let limit = Option<Int>.integer(
      "limit", short: "n", in: 1...1_000_000, help: "How many sessions to show (default 10).")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let limit = arguments[limit] ?? 10
      TimeZoneCheck.warn(context)
      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: arguments[SharedOptions.strict], context)
      do {
        if arguments[SharedOptions.json] {
          try writeJSON(history, limit: limit, context)
        } else {
          let newest = try history.newest(limit, detail: false, scanned: LogText.Row.init, keep: LogText.Row.init)
          context.output.write(
            LogText.render(newest, width: context.width, unicode: context.unicode, offset: context.zone.offset))
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      return ExitCode.success
    }

    /// Prints the sessions as a JSON array, a session a line, each batch of lines as soon as
    /// it is read: a log of a million sessions never holds its whole text, and its first
    /// lines reach a pipe while the last are still being read. A reader that goes (a closed
    /// pipe) or a write that fails (a full disk) stops the reading.
    static func writeJSON(_ history: any History, limit: Int, _ context: Context) throws(FileSystemError) {
      var out: [UInt8] = []
      var written = 0
      try history.newestLines(limit) { sessions in
        json(sessions, after: written, offset: context.zone.offset, into: &out)
        written += sessions.count
        context.writeJSON(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
        return context.output.takesMore
      }
      context.writeJSON(written == 0 ? "[]\n" : "\n]\n")
    }

    /// Sessions as lines of the JSON array, written as bytes, `before` sessions having come
    /// before them (the first opens the array): one no correction changed as its line stands
    /// (made inert), a corrected one as it now stands. Bytes that are not UTF-8 are left for
    /// the string made of `out` to replace.
    static func json(_ sessions: [NewestSession], after before: Int, offset: (Double) -> Int, into out: inout [UInt8]) {
      for (k, session) in sessions.enumerated() {
        out += [before + k == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","), 0x0A, 0x20, 0x20]
        switch session {
        case .line(let line): line.withUnsafeBufferPointer { JSONOutput.inertLine($0, into: &out) }
        case .corrected(let record): record.json(offset: offset).write(to: &out)
        }
      }
    }
  }
}
