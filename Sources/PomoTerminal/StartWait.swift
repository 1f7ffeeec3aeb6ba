import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The wait before a session that starts at a time (`pomo start work --at 09:00`): one line
/// that counts down to it, drawn again as the figure changes on a terminal, or said once,
/// whole, when nobody is watching. What is left is worked out from the clock each time, never
/// counted, so a late wake-up shows the right figure.
package struct StartWait {
  package var output: any TextOutput
  /// Whether the line is redrawn in place (a terminal that takes escape codes).
  package var live: Bool
  /// What starts, and when: "work starts at 09:00".
  package var title: String
  /// The wall clock, in seconds since 1970.
  package var wallSeconds: () -> Double

  package init(output: any TextOutput, live: Bool, title: String, wallSeconds: @escaping () -> Double) {
    self.output = output
    self.live = live
    self.title = title
    self.wallSeconds = wallSeconds
  }

  /// "work starts at 09:00 · in 1:02:03", for `left` seconds left.
  package func line(left: Double) -> String {
    title + " · in " + TimeText.countdown(.milliseconds(Int64((max(0, left) * 1000).rounded(.up))))
  }

  /// How a wait ended.
  package enum Outcome: Equatable, Sendable {
    /// The clock reads the start time.
    case due
    /// Ctrl-C, SIGTERM (`pomo stop`) or SIGHUP (the terminal closed) cancelled it: the signal.
    case cancelled(Int32)
  }

  /// Waits until the clock reads `target` or a signal cancels the wait. It sleeps in `poll` on
  /// the signal pipe, so Ctrl-C, `pomo stop` and a closed terminal end it at once; Ctrl-Z stops
  /// it as it would any program (the line is cleared first, and drawn again after `fg`).
  /// `now` is the boot clock the waiter's timer runs on.
  package func run(until target: Double, signals: SignalPipe, now: () -> Duration) -> Outcome {
    var shown = ""
    if !live { output.write(line(left: target - wallSeconds()) + "\n") }
    let waiter = EventWaiter()
    var outcome = Outcome.due
    waiting: while true {
      let left = target - wallSeconds()
      guard left > 0 else { break }
      if live {
        let text = line(left: left)
        if text != shown { output.write("\r\u{1B}[K" + text) }
        shown = text
      }
      // Until the figure changes (the next whole second left), or the start.
      let fraction = left - left.rounded(.down)
      let step = Duration.milliseconds(Int64((min(left, fraction > 0.001 ? fraction : 1) * 1000).rounded(.up)))
      let ready = waiter.wait(for: [signals.readFD], until: now() + step, now: now())
      guard ready.readable.contains(signals.readFD) else { continue }
      for signal in signals.drain() {
        switch signal {
        case SIGINT, SIGTERM, SIGHUP:
          outcome = .cancelled(signal)
          break waiting
        case SIGTSTP:
          if live && !shown.isEmpty { output.write("\r\u{1B}[K") }
          shown = ""
          SignalPipe.stopSelf()
        default:
          shown = ""
        }
      }
    }
    if live && !shown.isEmpty { output.write("\r\u{1B}[K") }
    return outcome
  }
}
