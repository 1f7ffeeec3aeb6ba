import PomoCore
import PomoPlatform

/// Today's focus against the config's `daily_goal`, as `pomo status` shows it: `3:10/4:00`.
package struct GoalProgress: Equatable, Sendable {
  package var focusSeconds: Int64
  package var goalSeconds: Int64

  package init(focusSeconds: Int64, goalSeconds: Int64) {
    self.focusSeconds = focusSeconds
    self.goalSeconds = goalSeconds
  }

  /// "3:10/4:00".
  package var text: String {
    "\(TimeText.hoursMinutes(seconds: focusSeconds))/\(TimeText.hoursMinutes(seconds: goalSeconds))"
  }

  package var json: [(String, JSONOutput)] {
    [("goal", .string(text)), ("goal_focus_seconds", .int(focusSeconds)), ("goal_seconds", .int(goalSeconds))]
  }
}
