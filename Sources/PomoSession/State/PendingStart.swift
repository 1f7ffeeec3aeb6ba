import PomoCore
import PomoPlatform

/// A session that waits for its time (`pomo start work --at 09:00`), as `waiting.json` in the
/// state folder says while its pomo holds the session lock: the one session there is, not yet
/// begun. `pomo status` shows it, `pomo stop` cancels it, and a second `pomo start` is refused.
package struct PendingStart: Equatable, Sendable {
  /// The pomo that waits.
  package var pid: Int32
  /// The preset (or quick timer) that starts.
  package var preset: String
  /// When it starts, in wall seconds since 1970.
  package var startsAt: Double

  package init(pid: Int32, preset: String, startsAt: Double) {
    self.pid = pid
    self.preset = preset
    self.startsAt = startsAt
  }

  /// `{"pid":123,"preset":"work","starts_at":1796126400}`.
  package var text: String {
    JSONOutput.object([
      ("pid", .int(Int64(pid))), ("preset", .string(preset)), ("starts_at", .seconds(startsAt)),
    ]).text + "\n"
  }

  /// The file's contents; nil when they are not a pending start (a torn or foreign file).
  package init?(bytes: [UInt8]) {
    guard let value = try? JSONParser.parse(bytes), let pid = value["pid"]?.doubleValue,
      let preset = value["preset"]?.stringValue, let startsAt = value["starts_at"]?.doubleValue,
      pid > 0, pid < Double(Int32.max), startsAt.isFinite
    else { return nil }
    self.init(pid: Int32(pid), preset: preset, startsAt: startsAt)
  }

  /// "work starts at 09:00 · in 1:02:03": the status line while it waits.
  package func line(now: Double, clockTime: (Double) -> String) -> String {
    let left = Duration.milliseconds(Int64((max(0, startsAt - now) * 1000).rounded(.up)))
    return "WAIT \(TextLayout.inert(preset)) starts at \(clockTime(startsAt)) · in \(TimeText.countdown(left))"
  }
}
