import PomoTestSupport
import Testing

import PomoCore

@Suite("An unusable TZ is reported once", .endToEnd)
struct TimeZoneVariableTests {
  static let zones: Set<String> = ["Europe/Berlin", "UTC", "America/New_York", "/usr/share/zoneinfo/Asia/Tokyo"]

  @Test(
    "zone names, zone files and POSIX rules are names; anything else is nil",
    arguments: [
      ("Europe/Berlin", "Europe/Berlin"), (":Europe/Berlin", "Europe/Berlin"),
      ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"), ("UTC", "UTC"), ("GMT", "GMT"), ("EST5EDT", "EST5EDT"),
      ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3"), ("<+0330>-3:30", "<+0330>-3:30"),
      ("JST-9", "JST-9"), ("EST+5EDT,J60/2,J300/2", "EST+5EDT,J60/2,J300/2"), (":UTC0", "UTC0"),
      ("garbage", nil), ("Europe/Nowhere", nil), ("EST", nil), ("ES5", nil), ("EST25", nil),
      ("EST5EDT,M13.1.0,M1.1.0", nil),
      ("EST5EDT,", nil), ("EST5 ", nil), ("../../etc/passwd", nil), ("\u{1B}[2J", nil),
    ] as [(String, String?)])
  func names(value: String, expected: String?) {
    #expect(TZVariable.name(value, zoneFileExists: { Self.zones.contains($0) }) == expected)
  }

  @Test("TZ=garbage: one warning line on stderr, and the report says UTC", .requires(.zoneinfo))
  func garbage() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "garbage", "POMO_JOURNAL": home.file("j.jsonl")]
    let report = try await runPomo(["report", "--today"], environment: env)
    #expect(report.status == 0)
    #expect(
      report.err
        == "pomo: warning: TZ 'garbage' is neither a time zone in /usr/share/zoneinfo nor a POSIX TZ rule; times are in UTC\n"
    )
    #expect(report.out.split(separator: "\n").first?.hasSuffix(" (UTC)") == true)
    #expect(!report.out.contains("garbage"))
    let json = try await runPomo(["report", "--today", "--format", "json"], environment: env)
    #expect(json.out.contains(#""time_zone":"UTC""#))
    #expect(json.err.split(separator: "\n").count == 1)
    let log = try await runPomo(["log"], environment: env)
    #expect(log.err.split(separator: "\n").count == 1)
    var good = env
    good["TZ"] = "Europe/Berlin"
    let fine = try await runPomo(["report", "--today"], environment: good)
    #expect(fine.err == "")
    #expect(fine.out.split(separator: "\n").first?.hasSuffix(" (Europe/Berlin)") == true)
  }
}
