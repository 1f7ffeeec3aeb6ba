import PomoPlatform

/// The expanded plan as a table, for `pomo presets show` and `pomo start --dry-run`.
package enum PlanText {
  /// "work: 4 rounds, 7 phases, 1:55:00": the first line of a plan, a live session and a
  /// plain log alike.
  package static func header(_ plan: Plan) -> String {
    headers(plan)[0]
  }

  /// The plan's first line, longest first, for a line that may be narrow: whole, then without
  /// "N phases", then without the rounds, then with the preset's name cut. The total (with
  /// `added`, the time `+` and `pomo extend` gave the session) always stays whole.
  package static func headers(_ plan: Plan, added: Duration = .zero, room: Int = .max, unicode: Bool = true)
    -> [String]
  {
    let name = TextLayout.inert(plan.presetName)
    let total: String
    var parts: [[String]]
    if plan.endless {
      total = "endless rounds of \(TimeText.clock(firstRound(plan).total))"
      parts = [[total]]
    } else {
      // An open phase lasts as long as the person likes: no total says when the plan ends.
      total = plan.hasOpenPhase ? "open-ended" : TimeText.clock(plan.total + added)
      let rounds = TextLayout.count(plan.rounds, "round")
      parts = [[rounds, TextLayout.count(plan.phases.count, "phase"), total], [rounds, total], [total]]
    }
    var lines = parts.map { name + ": " + $0.joined(separator: ", ") }
    let tail = ": " + total
    let nameRoom = room - TextLayout.width(tail)
    if room != .max, TextLayout.width(name) > nameRoom, nameRoom >= 1 {
      lines.append(TextLayout.truncate(name, nameRoom, unicode: unicode) + tail)
    }
    return lines
  }

  /// The phases of one whole round (what an endless plan repeats): its last, as a resumed
  /// plan may start in the middle of one.
  private static func firstRound(_ plan: Plan) -> (phases: [PlannedPhase], total: Duration) {
    let last = plan.phases.last { $0.round != nil }?.round
    let phases = plan.phases.filter { $0.round == last }
    return (phases, phases.reduce(.zero) { $0 + $1.duration })
  }

  /// A plan bound to the clock (`--until`, `--at`, `@14:30`): when it starts, on the wall
  /// clock, and how to show a time of day, so each phase shows when it starts and ends.
  package struct ClockTimes {
    package var start: Double
    package var time: (Double) -> String

    package init(start: Double, time: @escaping (Double) -> String) {
      self.start = start
      self.time = time
    }

    /// The time of day `offset` into the plan, to the nearest second (the plan's end, worked
    /// out to the millisecond, reads as the time it was asked to end at).
    func at(_ offset: Duration) -> String { time((start + TimeText.seconds(offset)).rounded()) }
  }

  package static func render(_ plan: Plan, width: Int, unicode: Bool, clock: ClockTimes? = nil) -> String {
    // An endless plan shows its warm-up and one round: the rest is that round again.
    let first = plan.phases.first { $0.round != nil }?.round ?? 1
    let phases = plan.endless ? Array(plan.phases.prefix { ($0.round ?? 0) <= first }) : plan.phases
    let roundWidth = max(5, plan.roundText(plan.rounds).count)
    let offsetWidth =
      clock.map { c in max(5, c.at(.zero).count) }
      ?? max(6, TimeText.clock(phases.reduce(.zero) { $0 + $1.duration }).count)
    let durationWidth = max(8, phases.map { TimeText.clock($0.duration).count }.max() ?? 0)
    let numberWidth = max(1, "\(phases.count)".count)
    // Where the line is narrow, the columns another one implies go first, so the phase's
    // name keeps room: the offset (or, bound to the clock, the duration its start and end
    // say), then the number, then the kind.
    var shown: [(header: String, width: Int)] =
      [("#", numberWidth), ("START", offsetWidth)] + (clock == nil ? [] : [("END", offsetWidth)])
      + [("DURATION", durationWidth), ("KIND", 4), ("ROUND", roundWidth)]
    let longestName = phases.map { TextLayout.width(label($0)) }.max() ?? 0
    func headWidth() -> Int { shown.reduce(0) { $0 + $1.width + 2 } - 2 }
    for dropped in [clock == nil ? "START" : "DURATION", "#", "KIND"]
    where headWidth() + 2 + min(longestName, 12) > width - 1 {
      shown.removeAll { $0.header == dropped }
    }
    func row(
      _ n: String, _ offset: String, _ end: String? = nil, _ duration: String, _ kind: String, _ round: String,
      _ name: String
    ) -> String {
      let cells: [String: String] = [
        "#": n, "START": offset, "END": end ?? "", "DURATION": duration, "KIND": kind, "ROUND": round,
      ]
      let head = shown.map { column in
        column.header == "KIND"
          ? TextLayout.padRight(cells[column.header] ?? "", column.width)
          : TextLayout.padLeft(cells[column.header] ?? "", column.width)
      }.joined(separator: "  ")
      // Short of the last column, as every line is (`wrapped`), so no row wraps.
      let room = max(8, width - 1 - TextLayout.width(head) - 2)
      return head + "  " + fitted(name, room, unicode: unicode)
    }
    var lines: [String] = []
    let heads = headers(plan, room: width - 1, unicode: unicode)
    lines.append(heads.first { TextLayout.width($0) <= width - 1 } ?? heads[heads.count - 1])
    lines.append("")
    lines.append(row("#", "START", clock.map { _ in "END" }, "DURATION", "KIND", "ROUND", "PHASE"))
    // Past an open phase, nothing has a time of its own.
    var afterOpen = false
    for phase in phases {
      defer { afterOpen = afterOpen || phase.open }
      // Bound to the clock, each phase shows the times of day it starts and ends.
      let start = afterOpen ? "-" : clock.map { $0.at(phase.offset) } ?? TimeText.clock(phase.offset)
      let end = clock.map { afterOpen || phase.open ? "-" : $0.at(phase.offset + phase.duration) }
      lines.append(
        row(
          "\(phase.index + 1)", start, end,
          durationText(phase, in: plan),
          phase.kind.rawValue,
          phase.round.map { plan.roundText($0) } ?? "-", label(phase)))
    }
    lines.append("")
    let exercises = exerciseList(phases)
    if plan.endless {
      let round = firstRound(plan).phases
      let work = round.filter { $0.kind == .work }.reduce(Duration.zero) { $0 + $1.duration }
      lines.append(
        "The round repeats until q or 'pomo stop': work \(TimeText.clock(work)), rest \(TimeText.clock(firstRound(plan).total - work)) a round"
      )
      lines += exercises
      return wrapped(lines, width: width)
    }
    if plan.hasOpenPhase {
      lines.append(openNote(plan))
      lines += exercises
      return wrapped(lines, width: width)
    }
    let span = clock.map { " (\($0.at(.zero)) to \($0.at(plan.total)))" } ?? ""
    lines.append(
      "Total \(TimeText.clock(plan.total))\(span): work \(TimeText.clock(plan.total(of: .work))), rest \(TimeText.clock(plan.total(of: .rest)))"
    )
    lines += exercises
    return wrapped(lines, width: width)
  }

  /// The lines, each wrapped to `width` less the last column where it is longer (the total,
  /// the notes under the table, the exercises), so a narrow terminal never wraps a word.
  static func wrapped(_ lines: [String], width: Int) -> String {
    lines.map { TextLayout.width($0) < width ? $0 : TextLayout.wrap($0, width: width - 1, indent: 0, hanging: 2) }
      .joined(separator: "\n") + "\n"
  }

  /// "open" for an open phase, "earned" for the rest it earns; the time otherwise.
  static func durationText(_ phase: PlannedPhase, in plan: Plan) -> String {
    if phase.open { return "open" }
    if phase.index > 0, plan.earnedRestPhase(after: phase.index - 1) == phase.index { return "earned" }
    return TimeText.clock(phase.duration)
  }

  /// What an open phase and the rest it earns mean, since the table cannot time them.
  static func openNote(_ plan: Plan) -> String {
    let earned =
      switch plan.earnedRest {
      case .ratio(let ratio): "the rest after it is \(Self.percent(ratio)) of the focus"
      case .rules(let rules):
        "the rest after it is "
          + rules.map { rule in
            (rule.under.map { "under \(DurationText.format($0))" } ?? "longer") + ": \(DurationText.format(rule.rest))"
          }.joined(separator: ", ")
      case nil: "the rest after it keeps its time"
      }
    return "Open focus counts up until space, 'pomo next' or 'pomo skip'; \(earned)"
  }

  /// "20%", or "12.5%": a ratio as people say it.
  static func percent(_ ratio: Double) -> String {
    let value = (ratio * 1000).rounded() / 10
    return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
  }

  /// A name cut to `room` columns keeping what it ends with in parentheses (a split's side,
  /// what it counts), so "hamstring stretch (left)" and "(right)" stay apart in a narrow table.
  static func fitted(_ name: String, _ room: Int, unicode: Bool) -> String {
    guard TextLayout.width(name) > room, name.hasSuffix(")"), let open = name.lastIndex(of: "("),
      open > name.startIndex, name[name.index(before: open)] == " "
    else { return TextLayout.truncate(name, room, unicode: unicode) }
    let cut = name.index(before: open)
    let suffix = String(name[cut...])
    let left = room - TextLayout.width(suffix)
    guard left >= 3 else { return TextLayout.truncate(name, room, unicode: unicode) }
    return TextLayout.truncate(String(name[..<cut]), left, unicode: unicode) + TextLayout.inert(suffix)
  }

  /// A phase's name in the table, with its exercise when the name does not say it, and what
  /// it counts: "work: burpees (count rounds)".
  static func label(_ phase: PlannedPhase) -> String {
    var text = phase.name
    if let exercise = phase.exercise, !phase.name.contains(exercise) { text += ": " + exercise }
    switch phase.count {
    case .rounds: text += " (count rounds)"
    case .reps: text += " (ask reps)"
    case nil: break
    }
    return text
  }

  /// "Exercises: burpees, squats, push-ups": each once, in the order they come; no line
  /// when the plan has none.
  static func exerciseList(_ phases: [PlannedPhase]) -> [String] {
    var seen: Set<String> = []
    let names = phases.compactMap(\.exercise).filter { seen.insert($0).inserted }
    guard !names.isEmpty else { return [] }
    return ["Exercises: " + names.map(TextLayout.inert).joined(separator: ", ")]
  }
}
