import PomoCore
import PomoPlatform

/// What the reports say of void sessions and interruption marks: only when the range has any,
/// so a report without them reads as before.
enum InterruptionText {
  /// "(3 completed, 1 interrupted)", with ", 1 void" when a session was voided.
  static func sessionCounts(_ totals: Report.Day) -> String {
    "(\(totals.completed) completed, \(totals.interrupted) interrupted" + (totals.void > 0 ? ", \(totals.void) void)" : ")")
  }

  /// The lines under the totals: the void Pomodoros' time, apart from focus, and the marks,
  /// internal against external.
  static func lines(_ totals: Report.Day) -> [String] {
    var lines: [String] = []
    if totals.voidPomodoros > 0 {
      lines.append(
        "Void: \(TextLayout.count(totals.voidPomodoros, "Pomodoro")), \(TimeText.hoursMinutes(seconds: Int64(totals.voidFocus.rounded()))), "
          + "not counted as focus")
    }
    if totals.internalMarks + totals.externalMarks > 0 {
      lines.append("Interruptions: \(totals.internalMarks) internal ('), \(totals.externalMarks) external (-)")
    }
    return lines
  }
}
