/// Hours of the day on the wall clock (`--between 09:00-17:00`): from its start, up to but
/// not including its end. A window whose end comes before its start runs past midnight
/// (`22:00-02:00`); one whose end is its start is the whole day (`00:00-00:00`).
package struct DayWindow: Equatable, Sendable {
  /// Seconds after local midnight.
  package var from: Int
  package var to: Int

  package init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// Nine to five, the default of `pomo nudge`.
  package static let office = DayWindow(from: 9 * 3600, to: 17 * 3600)

  /// Reads "09:00-17:00": two times of day as `HH:MM`, joined by a hyphen; nil when it is not one.
  package init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let from = Config.clockTime(String(parts[0])), let to = Config.clockTime(String(parts[1]))
    else { return nil }
    self.init(from: from, to: to)
  }

  /// Whether `seconds` after local midnight falls in the window.
  package func contains(_ seconds: Int) -> Bool {
    if from == to { return true }
    return from < to ? (seconds >= from && seconds < to) : (seconds >= from || seconds < to)
  }

  /// "09:00-17:00", as it is written.
  package var text: String {
    func hhmm(_ s: Int) -> String {
      let h = s / 3600
      let m = s % 3600 / 60
      return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
    return hhmm(from) + "-" + hhmm(to)
  }
}
