import PomoControl
import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo status`: what is running now, cheap enough for a status bar to call every second.
  public enum Status: Command {
    public static let spec = CommandSpec(
      name: "status",
      abstract: "Show what is running now, for prompts and status bars.",
      discussion: """
        Text: "WORK focus 14:29 (42%, round 2/4)", "PAUSED focus 14:29 (42%, round 2/4)" or
        "idle". With --json, an object whose "state" is "running", "paused" or "idle"; the
        README documents every field.

        With --follow, a line at every visible change (each second, each phase, pause and
        resume), pushed by the running session over its control socket; "idle" when it
        ends; then the next session's lines. It waits without using the CPU and runs until
        its output is closed.
        """,
      options: [SharedOptions.json.spec, follow.spec, SharedOptions.journal.spec])

    static let follow = Option<Bool>.flag(
      "follow", short: "f",
      help: "Print a line at every visible change, pushed by the running session, and keep following later sessions.")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      // A state file left by a pomo that is gone (or unreadable) is recorded and removed.
      let state = JournalAccess.recover(JournalAccess.journal(arguments, context), context)
      if arguments[follow] {
        let json = arguments[SharedOptions.json]
        let offset = context.zone.offset
        return StatusFeed.run(context) { state in
          guard json else { return Steering.line(state) }
          let now = state.map(ControlProtocol.showTime) ?? 0
          return StatusText.json(state, now: now, offset: offset).text
        }
      }
      let now = context.clock.wallSeconds()
      if arguments[SharedOptions.json] {
        context.writeJSON(StatusText.json(state, now: now, offset: context.zone.offset).text + "\n")
      } else {
        context.output.write(StatusText.line(state, now: now) + "\n")
      }
      return ExitCode.success
    }
  }
}

/// What `pomo status` prints, as pure functions of the saved state and the time.
public enum StatusText {
  public static func line(_ state: SessionState?, now: Double) -> String {
    guard let s = state else { return "idle" }
    let badge = s.pausedAt != nil ? "PAUSED" : s.phaseKind.rawValue.uppercased()
    let left = TimeText.clock(seconds: Int64(s.remaining(at: now).rounded(.up)))
    var detail = "\(Int((s.phaseProgress(at: now) * 100).rounded(.down)))%"
    if let round = s.phaseRound { detail += ", round \(round)/\(s.record.rounds)" }
    return "\(badge) \(TextLayout.inert(s.phaseName)) \(left) (\(detail))"
  }

  public static func json(_ state: SessionState?, now: Double, offset: (Double) -> Int) -> JSONOutput {
    guard let s = state else { return .object([("state", .string("idle"))]) }
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    func fraction(_ x: Double) -> JSONOutput { .seconds((x * 1000).rounded() / 1000) }
    let remaining = Int64(s.remaining(at: now).rounded(.up))
    return .object([
      ("state", .string(s.pausedAt != nil ? "paused" : "running")),
      ("preset", .string(s.record.preset)),
      ("phase", .string(s.phaseName)),
      ("kind", .string(s.phaseKind.rawValue)),
      ("remaining_seconds", .int(remaining)),
      ("remaining", .string(TimeText.clock(seconds: remaining))),
      ("phase_progress", fraction(s.phaseProgress(at: now))),
      ("session_progress", fraction(s.sessionProgress(at: now))),
      ("phase_index", .int(Int64(s.phaseIndex + 1))),
      ("phase_count", .int(Int64(s.phaseCount))),
      ("round", s.phaseRound.map { .int(Int64($0)) } ?? .null),
      ("rounds", .int(Int64(s.record.rounds))),
      ("deadline", time(s.deadline)),
      ("started", time(s.record.start)),
      ("tags", .array(s.record.tags.map(JSONOutput.string))),
      ("pid", .int(Int64(s.pid))),
    ])
  }
}
