import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo doctor`: what pomo finds on this machine for the things around the timer.
  package enum Doctor: Command {
    package static let spec = CommandSpec(
      name: "doctor",
      abstract: "Show what pomo finds on this machine for the desk.",
      discussion: """
        A section for each thing pomo uses around the timer, saying what answers, what is
        missing and why: the config, the notification server on the session bus (and
        whether it shows buttons), the do-not-disturb backend, the sound players, the
        ambient sound's players, the music players (MPRIS), logind's inhibitor, the screen
        saver and the screen lock, and the nudges ("remind", "work_days", a 'pomo nudge' timer, and what 'pomo nudge' would do
        now). It changes nothing, and exits 0 whatever it finds.
        """,
      options: [SharedOptions.json.spec, SharedOptions.color.spec])

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let config = (try? ConfigAccess.load(context)) ?? Config()
      let input = DoctorCheck.Input(environment: context.environment, config: config, context: context)
      let sections = DoctorCheck.findAll(input)
      if arguments[SharedOptions.json] {
        let checks = sections.map { title, lines in
          JSONOutput.object([("name", .string(title)), ("lines", .array(lines.map { .string($0) }))])
        }
        context.writeJSON(JSONOutput.object([("checks", .array(checks))]).text + "\n")
        return ExitCode.success
      }
      let color = DisplayStyle.resolveColor(
        option: arguments[SharedOptions.color] ?? config.color, environment: context.environment,
        isTerminal: context.stdoutIsTerminal)
      context.output.write(render(sections, width: context.width, color: color))
      return ExitCode.success
    }

    /// Each section's title, then its lines indented by two, wrapped at `width` with their
    /// later lines indented by four; a blank line between sections.
    static func render(_ sections: [(String, [String])], width: Int, color: Bool) -> String {
      sections.map { title, lines in
        let heading = color ? ANSI.bold + title + ANSI.reset : title
        let body = lines.map { line in
          TextLayout.wrapWords(TextLayout.inert(line), width: max(10, width - 2), hanging: 2)
            .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        }
        return ([heading] + body).joined(separator: "\n") + "\n"
      }.joined(separator: "\n")
    }
  }
}
