import PomoCore

/// How the preset tables group their rows: every quick timer (`25m`, `40s/20s`, typed on the
/// command line) in one row, so the table does not grow a row per duration typed; `--timers`
/// shows each apart.
package enum ReportGroups {
  /// The name of the row of quick timers.
  package static let quickTimers = "quick timers"

  /// Whether a preset name is a quick timer's (a preset's name never reads as a timer).
  package static func isQuickTimer(_ name: String) -> Bool {
    guard QuickTimer.looksLikeTimer(name), case .success = QuickTimer.parse(name) else { return false }
    return true
  }
}
