import PomoCore

/// A task's Pomodoros against its estimate, as `pomo task list` and `pomo report --tasks`
/// show them: `●●○  2/3`, an overrun marked (`●●●●  4/3 +1`), `●●  2` with no estimate.
package enum TaskDots {
  /// More dots than this would not read at a glance (nor fit 40 columns): numbers alone then.
  package static let mostDots = 16

  package static func render(estimate: Int?, pomodoros: Int, unicode: Bool) -> String {
    let (full, empty) = unicode ? ("●", "○") : ("*", ".")
    let count = estimate.map { "\(pomodoros)/\($0)" } ?? "\(pomodoros)"
    let over = estimate.map { pomodoros > $0 ? " +\(pomodoros - $0)" : "" } ?? ""
    let dots =
      max(pomodoros, estimate ?? 0) > mostDots
      ? "" : String(repeating: full, count: pomodoros) + String(repeating: empty, count: max(0, (estimate ?? 0) - pomodoros))
    return (dots.isEmpty ? "" : dots + "  ") + count + over
  }
}
