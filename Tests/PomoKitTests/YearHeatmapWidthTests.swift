import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoKit
@testable import PomoPlatform

/// `pomo report --year` fits a 40-column terminal whatever the day: a month that begins in the
/// last weeks shown gets its label only where the label fits the line.
@Suite("The year's heatmap in a narrow terminal")
struct YearHeatmapWidthTests {
  @Test("report --year at 40 columns: no line, the month labels' either, is 40 columns or more")
  func monthLabelsFitTheWidth() throws {
    try TemporaryFolder.with { home in
      let first = 1_767_225_600.0  // 2026-01-01T12:00:00Z
      var sawDecember = false
      for day in stride(from: 0, to: 365, by: 2) {
        let now = first + Double(day) * 86_400
        let out = TextBuffer()
        let err = TextBuffer()
        let context = Context(
          environment: ["HOME": home.path, "COLUMNS": "40", "LANG": "C.UTF-8"], output: out, errors: err,
          clock: SessionClock(now: { .zero }, awake: { .zero }, wallSeconds: { now }), hostName: "laptop",
          zone: FixedZone())
        #expect(Pomo.main(["pomo", "report", "--year"], context: context) == 0, "\(err.text)")
        for line in out.text.split(separator: "\n") {
          #expect(TextLayout.width(String(line)) < 40, "day \(day): \(line)")
        }
        if out.text.contains(" Dec") { sawDecember = true }
      }
      #expect(sawDecember)
    }
  }
}
