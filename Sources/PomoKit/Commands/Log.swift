import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo log`: the latest sessions, newest first.
  public enum Log: Command {
    public static let spec = CommandSpec(
      name: "log",
      abstract: "Show the latest sessions, newest first.",
      options: [limit.spec, SharedOptions.json.spec, SharedOptions.journal.spec, SharedOptions.strict.spec])

    static let limit = Option<Int>.integer(
      "limit", short: "n", in: 1...1_000_000, help: "How many sessions to show (default 10).")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let limit = arguments[limit] ?? 10
      TimeZoneCheck.warn(context)
      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: arguments[SharedOptions.strict], context)
      do {
        if arguments[SharedOptions.json] {
          context.writeJSON(json(try history.newestLines(limit), offset: context.zone.offset))
        } else {
          let newest = try history.newest(limit, detail: false, keep: LogText.Row.init)
          context.output.write(
            LogText.render(newest, width: context.width, unicode: context.unicode, offset: context.zone.offset))
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      return ExitCode.success
    }

    /// The sessions as a JSON array, a session a line, written as bytes: one no correction
    /// changed as its line stands (made inert), a corrected one as it now stands.
    static func json(_ sessions: [NewestSession], offset: (Double) -> Int) -> String {
      guard !sessions.isEmpty else { return "[]\n" }
      var out: [UInt8] = [UInt8(ascii: "["), 0x0A]
      out.reserveCapacity(sessions.reduce(16) { size, session in
        if case .line(let line) = session { size + line.count + 4 } else { size + 1024 }
      })
      for (k, session) in sessions.enumerated() {
        if k > 0 { out += [UInt8(ascii: ","), 0x0A] }
        out += [0x20, 0x20]
        switch session {
        case .line(let line): line.withUnsafeBufferPointer { JSONOutput.inertLine($0, into: &out) }
        case .corrected(let record): record.json(offset: offset).write(to: &out)
        }
      }
      out += [0x0A, UInt8(ascii: "]"), 0x0A]
      return String(decoding: out, as: UTF8.self)
    }
  }
}
