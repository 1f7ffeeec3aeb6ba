import PomoCore
import PomoJournal
import PomoPlatform

/// What `pomo status` prints, as pure functions of the saved state and the time.
///
/// Phase and preset names and tags come from files anyone can write, so every one of them is
/// made inert (`TextLayout.inert`) before it is printed, and escaped again for whoever reads
/// the line: JSON strings by `JSONOutput`, waybar's Pango markup by `pango`.
package enum StatusText {
  /// The status in `format`, on one line without its line end.
  /// `goal` is today's progress towards the daily goal, when there is one: a field in JSON and
  /// in templates. `bank` is today's break bank, when the config keeps one: in text and JSON.
  package static func render(
    _ state: SessionState?, now: Double, format: StatusFormat, offset: (Double) -> Int, goal: GoalProgress? = nil,
    bank: BreakBank? = nil
  ) -> String {
    switch format {
    case .text: line(state, now: now, bank: bank)
    case .json: json(state, now: now, offset: offset, goal: goal, bank: bank).text
    case .waybar: waybar(state, now: now).text
    case .i3blocks: i3blocks(state, now: now).text
    case .template(let text): template(text, state, now: now, offset: offset, goal: goal)
    }
  }

  package static func line(_ state: SessionState?, now: Double, bank: BreakBank? = nil) -> String {
    let banked = bank.map { "bank \(TimeText.clock($0.duration))" }
    guard let s = state else { return banked.map { "idle (\($0))" } ?? "idle" }
    // An open phase (Flowtime) has no end to be a share of: its time counts up.
    var detail = s.open ? "open" : "\(percent(s.phaseProgress(at: now)))%"
    if let round = s.phaseRound { detail += ", round \(roundText(round, s))" }
    if let n = s.countedRounds { detail += ", \(TextLayout.count(n, "round"))" }
    if let question = s.question { detail += ", reps for \(TextLayout.inert(question))?" }
    if !s.phaseMarks.isEmpty { detail += ", marks " + PhaseMark.signs(s.phaseMarks) }
    if let cause = s.awayCause { detail += ", away: \(TextLayout.inert(cause))" }
    if s.awayAsking { detail += ", time away: 'pomo keep' or 'pomo drop'?" }
    if let task = taskText(s) { detail += ", " + task }
    if let banked { detail += ", " + banked }
    return "\(badge(s)) \(TextLayout.inert(s.phaseName)) \(remaining(s, now)) (\(detail))"
  }

  package static func json(
    _ state: SessionState?, now: Double, offset: (Double) -> Int, goal: GoalProgress? = nil, bank: BreakBank? = nil
  ) -> JSONOutput {
    let banked: [(String, JSONOutput)] = bank.map { [("break_bank_seconds", .int(Int64($0.seconds.rounded(.down))))] } ?? []
    guard let s = state else { return .object([("state", .string("idle"))] + (goal?.json ?? []) + banked) }
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    func fraction(_ x: Double) -> JSONOutput { .seconds((x * 1000).rounded() / 1000) }
    let remaining = remainingSeconds(s, now)
    return .object(
      [
        ("state", .string(stateName(s))),
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
        ("rounds", endless(s) ? .null : .int(Int64(s.record.rounds))),
        ("deadline", s.open ? .null : time(s.deadline)),
        ("started", time(s.record.start)),
        ("tags", .array(s.record.tags.map(JSONOutput.string))),
        ("pid", .int(Int64(s.pid))),
      ] + counts(s, now: now, time) + (goal?.json ?? []) + banked)
  }

  /// An open phase's time so far, an AMRAP's rounds, the open question for reps and the
  /// phase's marks, only when there are any.
  private static func counts(_ s: SessionState, now: Double, _ time: (Double) -> JSONOutput) -> [(String, JSONOutput)] {
    var fields: [(String, JSONOutput)] = []
    if s.open, let elapsed = s.overtime(at: now) {
      fields.append(("open", .bool(true)))
      fields.append(("elapsed_seconds", .int(Int64(elapsed.rounded(.down)))))
    }
    if let n = s.countedRounds { fields.append(("counted_rounds", .int(Int64(n)))) }
    if s.record.workout { fields.append(("workout", .bool(true))) }
    if let task = s.record.task {
      fields.append(("task", .object([("id", .string(task)), ("title", s.taskTitle.map(JSONOutput.string) ?? .null)])))
    }
    if let cause = s.awayCause { fields.append(("away", .string(cause))) }
    if s.awayAsking { fields.append(("away_asking", .bool(true))) }
    if let question = s.question { fields.append(("reps_question", .string(question))) }
    if !s.phaseMarks.isEmpty {
      // The phase's marks, each as the journal will record it, and their count by kind.
      let marks = s.phaseMarks.map { mark -> JSONOutput in
        .object([
          ("at", time(mark.at)), ("kind", .string(mark.kind.rawValue)),
          ("note", mark.note.map(JSONOutput.string) ?? .null),
        ])
      }
      fields.append(("marks", .array(marks)))
      fields.append(("marks_internal", .int(Int64(s.phaseMarks.count { $0.kind == .internal }))))
      fields.append(("marks_external", .int(Int64(s.phaseMarks.count { $0.kind == .external }))))
    }
    return fields
  }

  /// waybar's custom module (`"return-type": "json"`): `text` and `tooltip` are Pango markup,
  /// so they are escaped; `class` is the kind, or `paused`, for CSS; `alt` is the state, for
  /// `format-icons`; `percentage` is the phase's progress, 0 to 100. Idle: empty text (waybar
  /// hides the module) and class `idle`.
  package static func waybar(_ state: SessionState?, now: Double) -> JSONOutput {
    guard let s = state else {
      return .object([
        ("text", .string("")), ("alt", .string("idle")), ("tooltip", .string("")), ("class", .string("idle")),
        ("percentage", .int(0)),
      ])
    }
    let phase = TextLayout.inert(s.phaseName)
    var tooltip = "\(TextLayout.inert(s.record.preset)): \(phase) (\(s.phaseKind.rawValue))"
    if let round = s.phaseRound { tooltip += ", round \(roundText(round, s))" }
    tooltip +=
      s.open
      ? "\n\(remaining(s, now)) so far, an open phase"
      : "\n\(remaining(s, now)) left, \(percent(s.phaseProgress(at: now)))% of the phase"
    tooltip += ", \(percent(s.sessionProgress(at: now)))% of the session"
    if s.pausedAt != nil { tooltip += "\npaused" }
    if !s.record.tags.isEmpty { tooltip += "\ntags: " + tags(s) }
    return .object([
      ("text", .string(pango("\(badge(s)) \(phase) \(remaining(s, now))"))),
      ("alt", .string(stateName(s))),
      ("tooltip", .string(pango(tooltip))),
      ("class", .string(s.pausedAt != nil ? "paused" : s.phaseKind.rawValue)),
      ("percentage", .int(Int64(percent(s.phaseProgress(at: now))))),
    ])
  }

  /// The colours i3blocks shows: work red, rest green, paused yellow, idle grey.
  package static let i3blocksColors = (work: "#E06C75", rest: "#98C379", paused: "#E5C07B", idle: "#888888")

  /// i3blocks' JSON (`format=json`): `full_text` is the text line, `short_text` the badge and
  /// time, for a crowded bar. Idle: empty texts, so the block hides. Plain text, not markup.
  package static func i3blocks(_ state: SessionState?, now: Double) -> JSONOutput {
    let colors = i3blocksColors
    guard let s = state else {
      return .object([("full_text", .string("")), ("short_text", .string("")), ("color", .string(colors.idle))])
    }
    let color = s.pausedAt != nil ? colors.paused : s.phaseKind == .work ? colors.work : colors.rest
    return .object([
      ("full_text", .string(line(s, now: now))),
      ("short_text", .string("\(badge(s)) \(remaining(s, now))")),
      ("color", .string(color)),
    ])
  }

  /// `template` with its fields filled in (see `StatusFormat.fields`); an empty line when idle,
  /// so a bar hides the module. A template that does not parse renders as an empty line too
  /// (`StatusFormat(parsing:)` refuses it before it gets here).
  package static func template(
    _ text: String, _ state: SessionState?, now: Double, offset: (Double) -> Int, goal: GoalProgress? = nil
  ) -> String {
    guard let s = state, let template = try? Template(parsing: text, fields: StatusFormat.fields) else { return "" }
    return template.render { $0 == "goal" ? goal?.text ?? "" : field(s, $0, now: now, offset: offset) }
  }

  /// One template field's value; fields from files are made inert.
  static func field(_ s: SessionState, _ name: String, now: Double, offset: (Double) -> Int) -> String {
    switch name {
    case "state": stateName(s)
    case "badge": badge(s)
    case "preset": TextLayout.inert(s.record.preset)
    case "phase": TextLayout.inert(s.phaseName)
    case "kind": s.phaseKind.rawValue
    case "remaining": remaining(s, now)
    case "remaining_seconds": String(remainingSeconds(s, now))
    case "percent": String(percent(s.phaseProgress(at: now)))
    case "session_percent": String(percent(s.sessionProgress(at: now)))
    case "round": s.phaseRound.map(String.init) ?? ""
    case "rounds": endless(s) ? "" : String(s.record.rounds)
    case "phase_index": String(s.phaseIndex + 1)
    case "phase_count": String(s.phaseCount)
    case "deadline": RFC3339.format(s.deadline, offset: offset(s.deadline))
    case "started": RFC3339.format(s.record.start, offset: offset(s.record.start))
    case "tags": tags(s)
    case "pid": String(s.pid)
    default: ""
    }
  }

  /// Text for Pango markup (waybar): `&`, `<`, `>`, `'` and `"` as entities.
  package static func pango(_ text: String) -> String { MarkupText.escaped(text) }

  // MARK: - Parts

  static func stateName(_ s: SessionState) -> String { s.pausedAt != nil ? "paused" : "running" }

  static func badge(_ s: SessionState) -> String { s.pausedAt != nil ? "PAUSED" : s.phaseKind.rawValue.uppercased() }

  /// Whether the session repeats until stopped (a quick timer with no --rounds), as its record
  /// says: `-r 10000` has as many rounds, and a total.
  static func endless(_ s: SessionState) -> Bool { s.record.endless }

  /// "3/8", or "3" when the rounds are endless.
  static func roundText(_ round: Int, _ s: SessionState) -> String {
    endless(s) ? "\(round)" : "\(round)/\(s.record.rounds)"
  }

  /// Whole seconds left, rounded up, so the display shows 0:00 only at the end.
  static func remainingSeconds(_ s: SessionState, _ now: Double) -> Int64 { Int64(s.remaining(at: now).rounded(.up)) }

  /// "14:29", or "+0:42" for a phase that waits for confirmation past its time.
  static func remaining(_ s: SessionState, _ now: Double) -> String {
    if let overtime = s.overtime(at: now) { return TimeText.overtime(.milliseconds(Int64(overtime * 1000))) }
    return TimeText.clock(seconds: remainingSeconds(s, now))
  }

  /// A progress fraction as a whole percentage, rounded down: 100 only when done.
  static func percent(_ fraction: Double) -> Int { Int((min(1, max(0, fraction)) * 100).rounded(.down)) }

  /// The most of a task's title the line shows, in columns: the line is for a bar or a prompt.
  static let taskTitleWidth = 24

  /// `task 3f2a1b4c "Write chapter 3"`, the title cut to `taskTitleWidth`; nil without a task.
  static func taskText(_ s: SessionState) -> String? {
    guard let task = s.record.task else { return nil }
    let id = TextLayout.inert(String(task.prefix(8)))
    guard let title = s.taskTitle else { return "task \(id)" }
    return "task \(id) \"\(TextLayout.truncate(title, taskTitleWidth, unicode: true))\""
  }

  static func tags(_ s: SessionState) -> String { TextLayout.inert(TagList.text(s.record.tags, separator: ", ")) }
}
