import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

extension Pomo {
  /// `pomo status`: what is running now, cheap enough for a status bar to call every second.
  package enum Status: Command {
    package static let spec = CommandSpec(
      name: "status",
      abstract: "Show what is running now, for prompts and status bars.",
      discussion: """
        Text: "WORK focus 14:29 (42%, round 2/4)", "PAUSED focus 14:29 (42%, round 2/4)" or
        "idle". With --format json (or --json), an object whose "state" is "running", "paused"
        or "idle"; docs/status-bars.md documents every field. --format waybar and --format i3blocks
        print the JSON those bars read. A template prints its text with each {field} filled
        in; the fields are \(StatusFormat.fields.joined(separator: ", ")); {{ and }} are
        braces. When nothing runs, waybar, i3blocks and templates print an empty text, so the
        bar hides the module. With the config's daily_goal, JSON and the {goal} field show
        today's focus against it, such as "3:10/4:00".

        With --follow, a line at every visible change (each second, each phase, pause and
        resume), in the format chosen, pushed by the running session over its control socket;
        the idle form when it ends; then the next session's lines. It waits without using the
        CPU and runs until its output is closed.

        Examples:
          pomo status --format waybar
          pomo status --format '{badge} {phase} {remaining} {round}/{rounds}'
          pomo status --follow --format waybar
        """,
      options: [format.spec, json.spec, follow.spec, SharedOptions.journal.spec])

    static let format = Option<StatusFormat>.typed(
      "format", placeholder: "format",
      help: "text (the default), json, waybar, i3blocks or a template such as '{kind} {phase} {remaining}'.")
    static let json = Option<Bool>.flag("json", help: "Print JSON: the same as --format json.")
    static let follow = Option<Bool>.flag(
      "follow", short: "f",
      help: "Print a line at every visible change, pushed by the running session, and keep following later sessions.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let format = try chosenFormat(arguments)
      // A state file left by a pomo that is gone (or unreadable) is recorded and removed.
      let state = JournalAccess.recover(JournalAccess.journal(arguments, context), context)
      let goal = GoalSource(arguments, context, format: format)
      if arguments[follow] {
        let offset = context.zone.offset
        return StatusFeed.run(context, json: format.isJSON) { state in
          let now = state.map(ControlProtocol.showTime) ?? context.clock.wallSeconds()
          return StatusText.render(
            state, now: state == nil ? 0 : now, format: format, offset: offset, goal: goal?.progress(state, now: now))
        }
      }
      // A session that waits for its time (`--at`) is shown in text and JSON; the bars'
      // formats show it idle, as it has no phase yet.
      if state == nil, format == .text || format.isJSON, let pending = context.paths.stateFolder.pending() {
        let now = context.clock.wallSeconds()
        if format.isJSON {
          let left = Int64(max(0, pending.startsAt - now).rounded(.up))
          let time = RFC3339.format(pending.startsAt, offset: context.zone.offset(at: pending.startsAt))
          context.writeJSON(
            JSONOutput.object([
              ("state", .string("scheduled")), ("preset", .string(pending.preset)), ("starts_at", .string(time)),
              ("starts_in_seconds", .int(left)), ("pid", .int(Int64(pending.pid))),
            ]).text + "\n")
        } else {
          context.output.write(pending.line(now: now, clockTime: context.zone.clockTime) + "\n")
        }
        return ExitCode.success
      }
      // The session's own time now (its heartbeat plus the boot clock since), never this
      // process's wall clock, which a step (NTP, a VM's clock sync) may have moved.
      let now = state.map { $0.now(on: context.clock) } ?? context.clock.wallSeconds()
      // Today's break bank, when the config keeps one: only in text and JSON.
      let bank =
        format == .text || format.isJSON
        ? BreakBankSource.today(JournalAccess.journal(arguments, context), context, now: now, running: state) : nil
      let line = StatusText.render(
        state, now: now, format: format, offset: context.zone.offset, goal: goal?.progress(state, now: now),
        bank: bank)
      if format.isJSON {
        context.writeJSON(line + "\n")
      } else {
        context.output.write(line + "\n")
      }
      // A session nothing can steer is shown, and the reason named, with a failing status.
      if let state, let problem = state.controlProblem {
        context.errors.write("pomo: warning: \(ControlClient.Failure.noControl(pid: state.pid, reason: problem))\n")
        return ExitCode.failure
      }
      return ExitCode.success
    }

    /// `--format`, or `--json` (its alias for `json`); the two may not disagree.
    static func chosenFormat(_ arguments: ParsedArguments) throws -> StatusFormat {
      let given = arguments[format]
      guard arguments[json] else { return given ?? .text }
      if let given, given != .json {
        throw CLIError.usage(
          "'--json' is '--format json' and cannot go with another '--format'", command: arguments.path)
      }
      return .json
    }
  }
}

extension StatusFormat: OptionValue {
  package static var kind: ValueKind { .template(choices: names, fields: fields) }

  package init?(optionValue: String) {
    guard let format = try? StatusFormat(parsing: optionValue) else { return nil }
    self = format
  }
}
