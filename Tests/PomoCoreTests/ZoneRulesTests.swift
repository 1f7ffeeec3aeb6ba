import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

/// The cached zone once grew its spans in steps of up to 16 days, assuming no zone changes
/// offset twice within them: America/Boa_Vista, Recife and Noronha did in October 2000,
/// America/Argentina/Tucuman in June 2004, so the day a session counted on depended on what
/// the report asked before. Spans now come from the zone's own rules (`ZoneRules`).
@Suite("Zone rules")
struct ZoneRulesTests {
  /// A zone known only by its offsets: -4 hours, -3 for one week of October 2000.
  struct OneWeek: TimeZoneRules {
    var identifier: String { "Test/OneWeek" }
    func offset(at t: Double) -> Int { t >= 970_977_600 && t < 971_578_800 ? -10_800 : -14_400 }
  }

  /// Instants around two changes a week apart, and the order a long report asks: from far away.
  static let probes: [Double] = [
    946_684_800, 970_977_599, 970_977_600, 971_000_000, 971_578_799, 971_578_800, 980_000_000,
  ]

  @Test("the offset of an instant does not depend on what the cached zone was asked before")
  func orderDoesNotMatter() {
    let base = OneWeek()
    for warmUp in [[], [946_684_800.0], [900_000_000.0, 1_000_000_000.0], [971_578_800.0 + 86_400 * 10]] {
      let zone = CachedZone(base)
      for t in warmUp { _ = zone.offset(at: t) }
      for t in Self.probes { #expect(zone.offset(at: t) == base.offset(at: t), "\(t) after \(warmUp)") }
    }
  }

  @Test(
    "real zones that change twice within 16 days: every change seen, whatever was asked first",
    .requires(.zoneinfo),
    arguments: [
      ("America/Boa_Vista", [(970_977_600.0, -14_400, -10_800), (971_578_800.0, -10_800, -14_400)]),
      ("America/Recife", [(970_974_000.0, -10_800, -7_200), (971_575_200.0, -7_200, -10_800)]),
      ("America/Noronha", [(970_970_400.0, -7_200, -3_600), (971_571_600.0, -3_600, -7_200)]),
      ("America/Argentina/Tucuman", [(1_086_058_800.0, -10_800, -14_400), (1_087_099_200.0, -14_400, -10_800)]),
    ])
  func realZones(name: String, changes: [(Double, Int, Int)]) throws {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
    let rules = try #require(ZoneRules(tzif: bytes))
    for warmUp in [946_684_800.0, 1_100_000_000.0, changes[0].0 - 20 * 86_400] {
      let zone = CachedZone(ZoneFromRules(rules: rules, identifier: name))
      _ = zone.offset(at: warmUp)
      for (at, before, after) in changes {
        #expect(zone.offset(at: at - 1) == before, "\(name) before \(at), after asking \(warmUp)")
        #expect(zone.offset(at: at) == after, "\(name) at \(at), after asking \(warmUp)")
      }
    }
  }

  @Test("a zone file's fingerprint is its bytes: a DST date moved between the old samples is another calendar")
  func fingerprint() throws {
    let types: [(offset: Int32, dst: Bool, name: String)] = [(0, false, "STD"), (3600, true, "DST")]
    let before = TZifFile(changes: [(1_710_028_800, 1), (1_729_987_200, 0)], types: types)
    let after = TZifFile(changes: [(1_710_633_600, 1), (1_729_987_200, 0)], types: types)
    let old = try #require(ZoneRules(tzif: before.bytes))
    let new = try #require(ZoneRules(tzif: after.bytes))
    #expect(old.fingerprint != new.fingerprint)
    #expect(old.offset(at: 1_710_300_000) == 3600 && new.offset(at: 1_710_300_000) == 0)
    let calendar = { (rules: ZoneRules) in
      LocalCalendar(zone: ZoneFromRules(rules: rules, identifier: "Test/Shift"), dayStart: 0).fingerprint
    }
    #expect(calendar(old) != calendar(new))
  }

  @Test(
    "POSIX rules as the C library reads them",
    arguments: [
      ("CET-1CEST,M3.5.0,M10.5.0/3", 1_711_846_800.0, 3600, 7200),  // 2024-03-31 01:00 UTC
      ("EST5EDT,M3.2.0,M11.1.0", 1_710_054_000.0, -18_000, -14_400),  // 2024-03-10 07:00 UTC
      ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", 1_711_846_800.0, -10_800, -7200),  // America/Nuuk, 2024-03-31 01:00 UTC
      ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", 1_728_142_200.0, 37_800, 39_600),  // Lord Howe, 2024-10-06 02:00 local
    ])
  func posix(rule: String, change: Double, before: Int, after: Int) throws {
    let rules = try #require(ZoneRules(posix: rule))
    #expect(rules.offset(at: change - 1) == before)
    #expect(rules.offset(at: change) == after)
    let span = rules.span(around: change)
    #expect(span.from == change)
    #expect(rules.span(around: change - 1).to == change)
  }
}

/// Every zone of the system, its rules against Python's zoneinfo (which reads the same files)
/// at each change pomo finds from 1900 to 2100, the second before it, and the middle of each
/// span: pomo's spans hold one offset, and end where the offset changes.
@Suite("Zone rules of every zone")
struct EveryZoneTests {
  static let first = -2_208_988_800.0  // 1900
  static let last = 4_102_444_800.0  // 2100

  static func zoneNames() -> [String] {
    let root = "/usr/share/zoneinfo"
    let skipped = ["posix", "right", "Etc", "SystemV"]
    var names: [String] = []
    let walker = FileManager.default.enumerator(atPath: root)
    while let name = walker?.nextObject() as? String {
      guard !skipped.contains(where: { name.hasPrefix($0 + "/") || name == $0 }), !name.contains("."),
        let data = FileManager.default.contents(atPath: root + "/" + name), data.starts(with: Array("TZif".utf8))
      else { continue }
      names.append(name)
    }
    return names.sorted()
  }

  @Test("pomo's spans of every zone agree with Python's zoneinfo", .requires(.zoneinfo, .python))
  func againstPython() async throws {
    var probes: [String: [Double]] = [:]
    var kept: [String: ZoneRules] = [:]
    for name in Self.zoneNames() {
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
      guard let rules = ZoneRules(tzif: bytes) else {
        Issue.record("\(name): not read")
        continue
      }
      kept[name] = rules
      var t = Self.first
      var list: [Double] = []
      while t < Self.last {
        let span = rules.span(around: t)
        #expect(span.from <= t && span.to > t, "\(name) at \(t): \(span)")
        let end = min(span.to, Self.last)
        list += [t, (t + end) / 2, end - 1]
        if span.to >= Self.last { break }
        t = span.to
      }
      probes[name] = list
    }
    #expect(probes.count > 300, "the zones were found")
    let input = try JSONSerialization.data(withJSONObject: probes)
    let script = """
      import json, sys, datetime, zoneinfo
      probes = json.load(sys.stdin)
      out = {}
      for name, times in probes.items():
          z = zoneinfo.ZoneInfo(name)
          out[name] = [int(datetime.datetime.fromtimestamp(t, z).utcoffset().total_seconds()) for t in times]
      json.dump(out, sys.stdout)
      """
    let python = try #require(RequiredTool.path(of: "python3"))
    let result = try await runProgram(
      [python, "-c", script], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
      stdin: String(decoding: input, as: UTF8.self), timeout: 300)
    #expect(result.status == 0, "\(result.err)")
    let answers = try #require(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [Int]])
    var wrong = 0
    for (name, times) in probes.sorted(by: { $0.key < $1.key }) {
      guard let offsets = answers[name], offsets.count == times.count, let rules = kept[name] else {
        Issue.record("\(name): no answer")
        continue
      }
      for k in stride(from: 0, to: times.count, by: 3) {
        // One offset over a span, and it is Python's.
        let mine = rules.offset(at: times[k])
        let same = offsets[k] == mine && offsets[k + 1] == mine && offsets[k + 2] == mine
        if !same && wrong < 20 {
          wrong += 1
          Issue.record("\(name) from \(times[k]) to \(times[k + 2]): pomo \(mine), Python \(offsets[k...(k + 2)])")
        }
      }
    }
  }
}
