import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Whole seconds of focus round one way everywhere: to the nearest second, as `pomo log`,
/// every report and `pomo status`'s figure toward `daily_goal` say them.
@Suite("Focus rounds the same way everywhere")
struct FocusRoundingTests {
  @Test(
    "status's goal_focus_seconds rounds focus as report and log do",
    arguments: [(5.55, 6), (5.45, 5), (59.5, 60)])
  func goalRoundsAsReports(focus: Double, whole: Int) throws {
    let h = try HistoryHarness(now: MorningSession.now)
    try h.home.write(".config/pomo/config.json", #"{"daily_goal": "4h"}"#)
    try h.write([MorningSession.stopped(lasting: focus, focus: focus)])
    let result = h.run("status", "--json")
    #expect(result.status == 0, "\(result.err)")
    let status = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    #expect(status?["goal_focus_seconds"] as? Int == whole, "\(result.out)")
    #expect(focusTotal(try h.report("--from", "2025-12-01", "--to", "2025-12-01")) == whole)
    let log = h.run("log").out
    let clock = "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
    #expect(log.split(whereSeparator: \.isNewline).last?.hasSuffix(" " + clock) == true, "\(log)")
  }
}
