/// What `pomo nudge` does now, and why: a pure function of the journal's last session end,
/// whether a session runs, the clock and the rules, so every boundary is tested on a fake clock.
package enum NudgeDecision: Equatable, Sendable {
  /// Nudge: nothing ran for a while. `since` is when the last session ended, when that was
  /// today (local time); nil when none ended today.
  case nudge(since: Double?)
  /// Stay silent, for this reason.
  case quiet(Reason)

  package enum Reason: Equatable, Sendable {
    /// A session runs (or waits for its `--at` time).
    case running
    /// Today is not in `"work_days"`.
    case notWorkDay
    /// Now is outside `--between`.
    case outsideHours
    /// A session ended less than `--after` ago, at this time.
    case recent(Double)
  }

  /// The decision at `now` (Unix seconds), in `zone`'s local time. `lastEnd` is when the
  /// journal's last session ended, nil when it has none. A session ended exactly `after` ago
  /// no longer keeps it quiet; one that ends "later" than now (a clock set back) does.
  package static func decide(
    lastEnd: Double?, running: Bool, now: Double, rules: NudgeRules, zone: any TimeZoneRules
  ) -> NudgeDecision {
    if running { return .quiet(.running) }
    let (day, seconds) = local(now, zone)
    guard rules.workDays.contains(LocalCalendar.weekday(day)) else { return .quiet(.notWorkDay) }
    guard rules.between.contains(seconds) else { return .quiet(.outsideHours) }
    if let lastEnd, now - lastEnd < TimeText.seconds(rules.after) { return .quiet(.recent(lastEnd)) }
    guard let lastEnd, local(lastEnd, zone).day == day else { return .nudge(since: nil) }
    return .nudge(since: lastEnd)
  }

  /// The local day (days since 1970-01-01) and seconds after its midnight of instant `t`.
  static func local(_ t: Double, _ zone: any TimeZoneRules) -> (day: Int64, seconds: Int) {
    let local = Int64((t + Double(zone.offset(at: t))).rounded(.down))
    let day = RFC3339.floorDiv(local, 86_400)
    return (day, Int(local - day * 86_400))
  }

  /// The notification's text: "No Pomodoro since 10:42 — start one?", or, with none today,
  /// "No Pomodoro yet today — start one?". Nil when it stays quiet.
  package func message(zone: any TimeZoneRules) -> String? {
    guard case .nudge(let since) = self else { return nil }
    return since.map { "No Pomodoro since \(Self.hhmm($0, zone)) — start one?" } ?? "No Pomodoro yet today — start one?"
  }

  /// "10:42": the local time of day to the minute.
  static func hhmm(_ t: Double, _ zone: any TimeZoneRules) -> String { String(zone.clockTime(t).prefix(5)) }

  /// One line for `--dry-run`: what it would do and why.
  package func explanation(rules: NudgeRules, zone: any TimeZoneRules) -> String {
    switch self {
    case .nudge: return "nudge: \(message(zone: zone) ?? "") (button: start \(rules.preset))"
    case .quiet(.running): return "quiet: a session is running"
    case .quiet(.notWorkDay): return "quiet: today is not a work day (\(rules.workDays.text))"
    case .quiet(.outsideHours): return "quiet: outside \(rules.between.text)"
    case .quiet(.recent(let end)):
      return "quiet: a session ended at \(Self.hhmm(end, zone)), less than \(TimeText.short(rules.after)) ago"
    }
  }
}
