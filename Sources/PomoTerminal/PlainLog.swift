import PomoCore
import PomoPlatform

/// Output for when nobody is watching (stdout is a pipe, a file, cron) or the terminal cannot
/// take escape codes (`TERM=dumb`): no animation and no escape codes, a line per phase start
/// and end, then the summary.
package final class PlainLog: SessionListener {
  package let output: any TextOutput
  package let width: Int
  package let unicode: Bool
  package let clockTime: (Double) -> String

  package init(output: any TextOutput, width: Int, unicode: Bool, clockTime: @escaping (Double) -> String) {
    self.output = output
    self.width = width
    self.unicode = unicode
    self.clockTime = clockTime
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for event in events {
      if case .sessionStarted = event {
        output.write(PlanText.header(engine.plan) + "\n")
      }
      if let line = EventText.line(event, engine, clockTime: clockTime) {
        output.write(line + "\n")
      }
      if case .sessionEnded = event {
        output.write(SessionSummary.render(engine, width: width, unicode: unicode))
      }
    }
  }
}
