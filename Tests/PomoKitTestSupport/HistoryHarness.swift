import Foundation
import PomoCore
import PomoJournal
import PomoJournalTestSupport
import PomoKit
import PomoPlatform
import PomoTestSupport
import Testing

/// Runs commands in-process at a fixed instant, in UTC, on host "laptop".
package struct HistoryHarness {
  package let home: TemporaryFolder
  package var now: Double

  /// Tuesday 2026-12-01 12:00 UTC: the instant most history suites run at.
  package static let tuesdayNoon = 1_796_126_400.0

  package init(now: Double) throws {
    home = try TemporaryFolder()
    self.now = now
  }

  /// Runs `body` on a harness in a new home and removes the home after, however `body` ends;
  /// `body` may move the harness's clock on.
  package static func with<T>(now: Double = tuesdayNoon, _ body: (inout HistoryHarness) throws -> T) throws -> T {
    var harness = try HistoryHarness(now: now)
    defer { harness.home.cleanUp() }
    return try body(&harness)
  }

  package var journalPath: String { home.path + "/" + journalFile(home.path, host: "laptop") }

  @discardableResult
  package func run(_ words: String...) -> (status: Int32, out: String, err: String) { run(words) }

  package func write(_ records: [JournalRecord]) throws {
    let text = records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined()
    try home.write(journalFile(home.path, host: "laptop"), text)
  }

  /// Runs `pomo add` with `words`, which must succeed; the short id it printed
  /// ("Added 1a2b3c4d (…"), naming the session it recorded.
  @discardableResult
  package func add(_ words: String...) -> String {
    let result = run(["add"] + words)
    #expect(result.status == 0, "\(result.err)")
    return String(result.out.dropFirst("Added ".count).prefix(8))
  }

  package func report(_ words: String...) throws -> [String: Any] {
    let result = run(["report", "--format", "json"] + words)
    #expect(result.status == 0, "\(result.err)")
    return try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [String: Any]
  }

  package func run(_ words: [String]) -> (status: Int32, out: String, err: String) {
    runAt(now, home: home.path, host: "laptop", words)
  }
}

/// Runs pomo in-process in `home` at the instant `now`, in UTC, on host `host`.
package func runAt(_ now: Double, home: String, host: String, _ words: [String]) -> (status: Int32, out: String, err: String) {
  let out = TextBuffer()
  let err = TextBuffer()
  let clock = SessionClock(now: { .zero }, awake: { .zero }, wallSeconds: { now })
  let context = Context(
    environment: ["HOME": home, "COLUMNS": "80", "LANG": "C.UTF-8"], output: out, errors: err, clock: clock,
    hostName: host, zone: FixedZone())
  return (Pomo.main(["pomo"] + words, context: context), out.text, err.text)
}

package func focusTotal(_ report: [String: Any]) -> Int {
  ((report["totals"] as? [String: Any])?["focus_seconds"] as? Int) ?? -1
}
