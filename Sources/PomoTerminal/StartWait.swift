import PomoCore
import PomoPlatform

/// The wait before a session that starts at a time (`pomo start work --at 09:00`): one line
/// that counts down to it, drawn again as the figure changes on a terminal, or said once,
/// whole, when nobody is watching. What is left is worked out from the clock each time, never
/// counted, so a late wake-up shows the right figure.
public struct StartWait {
  public var output: any TextOutput
  /// Whether the line is redrawn in place (a terminal that takes escape codes).
  public var live: Bool
  /// What starts, and when: "work starts at 09:00".
  public var title: String
  /// The wall clock, in seconds since 1970.
  public var wallSeconds: () -> Double

  public init(output: any TextOutput, live: Bool, title: String, wallSeconds: @escaping () -> Double) {
    self.output = output
    self.live = live
    self.title = title
    self.wallSeconds = wallSeconds
  }

  /// "work starts at 09:00 · in 1:02:03", for `left` seconds left.
  public func line(left: Double) -> String {
    title + " · in " + TimeText.countdown(.milliseconds(Int64((max(0, left) * 1000).rounded(.up))))
  }

  /// Returns once the clock reads `target` or later.
  public func run(until target: Double) {
    var shown = ""
    if !live { output.write(line(left: target - wallSeconds()) + "\n") }
    while true {
      let left = target - wallSeconds()
      guard left > 0 else { break }
      if live {
        let text = line(left: left)
        if text != shown { output.write("\r\u{1B}[K" + text) }
        shown = text
      }
      // Until the figure changes (the next whole second left), or the start.
      let fraction = left - left.rounded(.down)
      Platform.sleep(seconds: min(left, fraction > 0.001 ? fraction : 1))
    }
    if live && !shown.isEmpty { output.write("\r\u{1B}[K") }
  }
}
