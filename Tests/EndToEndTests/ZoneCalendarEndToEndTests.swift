import Foundation
import PomoCore
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// The calendar cached totals were made for is the zone file's bytes and the day start: a
/// tzdata update that moved a DST date between the four days a year the old fingerprint
/// sampled kept stale totals, and long and short reports put a session near midnight on
/// different days. And the day a session counts on never depends on the report's range, in
/// zones that change offset twice within a few days.
@Suite("Zone calendars", .endToEnd)
struct ZoneCalendarEndToEndTests {
  /// Sessions every four days from `from` for a year (none within four days of `at`), and
  /// one of 20 minutes at `at`.
  static func journal(_ home: PomoHome, at: Double, from: Double) throws {
    let padding = (0..<90).map { focusSession("p\($0)", start: from + Double($0) * 4 * 86_400 + 43_200) }.filter {
      abs($0.start - at) > 4 * 86_400
    }
    let records = padding + [focusSession("edge", start: at, minutes: 20)]
    try home.folder.write(
      journalFile(home.path, host: "laptop"), records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined())
  }

  /// The date and focus of each day with focus in a JSON report.
  static func days(_ finished: Finished) throws -> [String: Int] {
    #expect(finished.status == 0, "\(finished.err)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(finished.out.utf8)) as? [String: Any])
    var result: [String: Int] = [:]
    for day in json["days"] as? [[String: Any]] ?? [] {
      if let focus = day["focus_seconds"] as? Int, focus > 0, let date = day["date"] as? String { result[date] = focus }
    }
    return result
  }

  @Test("a zone's rules changed under TZDIR (a DST date moved a week) build the totals again")
  func tzdataUpdate() async throws {
    let tzdir = try TemporaryFolder()
    defer { tzdir.cleanUp() }
    let types: [(offset: Int32, dst: Bool, name: String)] = [(0, false, "STD"), (3600, true, "DST")]
    // DST from 2024-03-10 (then, after the update, from 2024-03-17) to 2024-10-27, 00:00 UTC.
    try TZifFile(changes: [(1_710_028_800, 1), (1_729_987_200, 0)], types: types).write("Test/Shift", in: tzdir.path)
    let home = try PomoHome(environment: ["TZ": "Test/Shift", "TZDIR": tzdir.path])
    defer { home.cleanUp() }
    // 2024-03-12 23:30 UTC: 00:30 on the 13th in DST, 23:30 on the 12th without.
    try Self.journal(home, at: 1_710_286_200, from: 1_704_067_200)
    let words = ["report", "--from", "2024-01-01", "--to", "2024-12-31", "--format", "json"]
    let before = try Self.days(await home.run(words))
    #expect(before["2024-03-13"] == 1200 && before["2024-03-12"] == nil, "\(before)")

    try TZifFile(changes: [(1_710_633_600, 1), (1_729_987_200, 0)], types: types).write("Test/Shift", in: tzdir.path)
    let after = try Self.days(await home.run(words))
    var fresh = home
    fresh.environment["XDG_CACHE_HOME"] = home.path + "/fresh"
    #expect(after == (try Self.days(await fresh.run(words))), "the totals are those of a recount")
    #expect(after["2024-03-12"] == 1200 && after["2024-03-13"] == nil, "\(after)")
    let week = try Self.days(await home.run("report", "--from", "2024-03-11", "--to", "2024-03-17", "--format", "json"))
    #expect(week["2024-03-12"] == 1200, "a short report, from the records, agrees")
  }

  @Test(
    "in zones that change twice within 16 days, a session counts on the same day in every range",
    .requires(.zoneinfo),
    arguments: [
      // 04:30 UTC on 2000-10-08 is 01:30 in the week of DST (-03), 00:30 outside it.
      ("America/Boa_Vista", 970_979_400.0, "01:00", "2000-10-08", 946_684_800.0),
      ("America/Recife", 970_977_000.0, "01:00", "2000-10-08", 946_684_800.0),
      ("America/Noronha", 970_973_400.0, "01:00", "2000-10-08", 946_684_800.0),
      // 03:20 UTC on 2004-06-01 is 23:20 on May 31 in Tucuman's twelve days at -04.
      ("America/Argentina/Tucuman", 1_086_060_000.0, "00:00", "2004-05-31", 1_072_915_200.0),
    ])
  func twoChangesInAWeek(zone: String, at: Double, dayStart: String, date: String, from: Double) async throws {
    let home = try PomoHome(environment: ["TZ": zone])
    defer { home.cleanUp() }
    try home.folder.write(".config/pomo/config.json", #"{"day_start": "\#(dayStart)"}"#)
    try Self.journal(home, at: at, from: from)
    let first = LocalCalendar.isoDate(Int64((from / 86_400).rounded(.down)))
    let last = LocalCalendar.isoDate(Int64((from / 86_400).rounded(.down)) + 365)
    let short = LocalCalendar.isoDate(Int64((at / 86_400).rounded(.down)) - 3)
    let end = LocalCalendar.isoDate(Int64((at / 86_400).rounded(.down)) + 3)
    for words in [
      ["report", "--from", first, "--to", last, "--format", "json"],
      ["report", "--from", short, "--to", end, "--format", "json"],
      ["report", "--from", date, "--to", date, "--format", "json"],
      ["report", "--from", first, "--to", last, "--format", "json"],
    ] {
      let days = try Self.days(await home.run(words))
      #expect(days[date] == 1200, "\(zone) \(words): \(days)")
    }
  }
}
