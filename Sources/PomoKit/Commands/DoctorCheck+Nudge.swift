import PomoCore
import PomoPlatform

/// The nudges: the reminders of a phase that waits, and `pomo nudge`'s days and timer.
extension DoctorCheck {
  static func nudge(_ input: Input) -> [String] {
    let config = input.config
    var lines = [
      config.remind.map { "remind: every \(TimeText.short($0)) while a phase waits" }
        ?? "remind: off (\"remind\": \"5m\" turns it on)",
      "work days: \(config.workDays.text)",
    ]
    let home =
      input.environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (input.environment["HOME"] ?? "") + "/.config"
    let timer = home + "/systemd/user/pomo-nudge.timer"
    lines.append(
      Platform.fileExists(timer) ? "timer: \(timer)" : "timer: none at \(timer) (docs/nudge.md)")
    // What 'pomo nudge' with its defaults would do now, and why.
    let context = input.context
    let journal = JournalAccess.journal(override: nil, context)
    let now = context.clock.wallSeconds()
    var rules = NudgeRules()
    rules.workDays = config.workDays
    let decision = NudgeDecision.decide(
      lastEnd: Pomo.Nudge.lastEnd(journal, before: now, context), running: Pomo.Nudge.isRunning(journal, context),
      now: now, rules: rules, zone: context.zone)
    lines.append("pomo nudge now: " + decision.explanation(rules: rules, zone: context.zone))
    return lines
  }
}
