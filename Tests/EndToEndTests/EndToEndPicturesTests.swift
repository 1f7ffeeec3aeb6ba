import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

import PomoJournal
import PomoCore

@Suite("End to end: goals, pictures and status", .endToEnd)
struct EndToEndPicturesTests {
  let home: TemporaryFolder
  init() throws { home = try TemporaryFolder() }

  func env() -> [String: String] {
    ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC", "POMO_JOURNAL": home.file("journal.jsonl")]
  }

  @Test("pomo status shows today's progress towards daily_goal, in JSON and a template")
  func status() async throws {
    defer { home.cleanUp() }
    _ = try home.write(".config/pomo/config.json", #"{"daily_goal": "4h"}"#)
    let now = Date().timeIntervalSince1970
    let start = RFC3339.format(now - 3 * 3600, offset: 0)
    let record = phasedSession("t", start, minutes: [(.work, 130)])
    _ = try home.write("journal.jsonl", record.json(offset: { _ in 0 }).text + "\n")
    let json = try await runPomo(["status", "--json"], environment: env())
    #expect(json.status == 0, "\(json.err)")
    // Near midnight UTC part of the session may be yesterday's: then less than 2:10.
    let parsed = try JSONSerialization.jsonObject(with: Data(json.out.utf8))
    let object = try #require(parsed as? [String: Any])
    #expect(object["state"] as? String == "idle")
    #expect(object["goal_seconds"] as? Int == 14_400)
    let focus = try #require(object["goal_focus_seconds"] as? Int)
    #expect(focus <= 7800 && (focus == 7800 || now.truncatingRemainder(dividingBy: 86_400) < 3 * 3600))
    #expect(object["goal"] as? String == TimeText.hoursMinutes(seconds: Int64(focus)) + "/4:00")
    // Without a goal, no goal fields.
    _ = try home.write(".config/pomo/config.json", "{}")
    #expect(try await runPomo(["status", "--json"], environment: env()).out == #"{"state":"idle"}"# + "\n")
  }

  @Test("day_start from the config, in the real Europe/Berlin, the night the clocks go forward", .requires(.zoneinfo))
  func dayStart() async throws {
    defer { home.cleanUp() }
    _ = try home.write(".config/pomo/config.json", #"{"day_start": "04:00", "daily_goal": "1h"}"#)
    let records = [
      phasedSession("a", "2026-03-29T00:30:00Z", minutes: [(.work, 60)]),  // 01:30 CET to 03:30 CEST
      phasedSession("b", "2026-03-29T02:30:00Z", minutes: [(.work, 30)]),  // 04:30 CEST: Sunday
    ]
    _ = try home.write("journal.jsonl", records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined())
    var environment = env()
    environment["TZ"] = "Europe/Berlin"
    let result = try await runPomo(["report", "--week", "2026-W13", "--format", "csv"], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    let rows = result.out.split(separator: "\r\n")
    #expect(rows[6] == "2026-03-28,3600,0,1,1,0,1,0,0,0")
    #expect(rows[7] == "2026-03-29,1800,0,1,1,0,1,0,0,0")
    let json = try await runPomo(["report", "--week", "2026-W13", "--format", "json"], environment: environment)
    #expect(json.out.contains(#""daily_goal_seconds":3600,"goal_days":1,"day_start":"04:00""#))
  }

  @Test("--format html --output writes the page, nothing on stdout; --hours refuses svg")
  func output() async throws {
    defer { home.cleanUp() }
    _ = try home.write("journal.jsonl", "")
    let result = try await runPomo(
      ["report", "--year", "2026", "--format", "html", "--output", home.file("y.html")], environment: env())
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "")
    #expect(home.read("y.html")?.hasPrefix("<!DOCTYPE html>") == true)
    let refused = try await runPomo(["report", "--hours", "--format", "svg"], environment: env())
    #expect(refused.status == 64)
    #expect(refused.err.hasPrefix("Error: '--hours' writes text, json or csv\n"))
  }
}
