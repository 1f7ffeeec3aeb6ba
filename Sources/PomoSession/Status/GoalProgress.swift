import PomoCore
import PomoPlatform

/// Today's focus against the config's `daily_goal`, as `pomo status` shows it: `3:10/4:00`.
public struct GoalProgress: Equatable, Sendable {
  public var focusSeconds: Int64
  public var goalSeconds: Int64

  public init(focusSeconds: Int64, goalSeconds: Int64) {
    self.focusSeconds = focusSeconds
    self.goalSeconds = goalSeconds
  }

  /// "3:10/4:00".
  public var text: String {
    "\(TimeText.hoursMinutes(seconds: focusSeconds))/\(TimeText.hoursMinutes(seconds: goalSeconds))"
  }

  public var json: [(String, JSONOutput)] {
    [("goal", .string(text)), ("goal_focus_seconds", .int(focusSeconds)), ("goal_seconds", .int(goalSeconds))]
  }
}
