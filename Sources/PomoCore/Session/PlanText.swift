import PomoPlatform

/// The expanded plan as a table, for `pomo presets show` and `pomo start --dry-run`.
public enum PlanText {
  /// "work: 4 rounds, 7 phases, 1:55:00": the first line of a plan, a live session and a
  /// plain log alike.
  public static func header(_ plan: Plan) -> String {
    TextLayout.inert(plan.presetName) + ": \(TextLayout.count(plan.rounds, "round")), "
      + "\(TextLayout.count(plan.phases.count, "phase")), \(TimeText.clock(plan.total))"
  }

  public static func render(_ plan: Plan, width: Int, unicode: Bool) -> String {
    let phases = plan.phases
    let roundWidth = max(5, "\(plan.rounds)/\(plan.rounds)".count)
    let offsetWidth = max(6, TimeText.clock(plan.total).count)
    let durationWidth = max(8, phases.map { TimeText.clock($0.duration).count }.max() ?? 0)
    let numberWidth = max(1, "\(phases.count)".count)
    func row(_ n: String, _ offset: String, _ duration: String, _ kind: String, _ round: String, _ name: String)
      -> String
    {
      let head = [
        TextLayout.padLeft(n, numberWidth), TextLayout.padLeft(offset, offsetWidth),
        TextLayout.padLeft(duration, durationWidth), TextLayout.padRight(kind, 4),
        TextLayout.padLeft(round, roundWidth),
      ].joined(separator: "  ")
      let room = max(8, width - TextLayout.width(head) - 2)
      return head + "  " + TextLayout.truncate(name, room, unicode: unicode)
    }
    var lines: [String] = []
    lines.append(header(plan))
    lines.append("")
    lines.append(row("#", "START", "DURATION", "KIND", "ROUND", "PHASE"))
    for phase in phases {
      lines.append(
        row(
          "\(phase.index + 1)", TimeText.clock(phase.offset), TimeText.clock(phase.duration), phase.kind.rawValue,
          phase.round.map { "\($0)/\(plan.rounds)" } ?? "-", phase.name))
    }
    lines.append("")
    lines.append(
      "Total \(TimeText.clock(plan.total)): work \(TimeText.clock(plan.total(of: .work))), rest \(TimeText.clock(plan.total(of: .rest)))"
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
