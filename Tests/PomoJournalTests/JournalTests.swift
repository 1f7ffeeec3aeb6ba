import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

@Suite("Journal")
struct JournalTests {
  static let sample = JournalRecord(
    id: "6f1c1d2e-0000-4000-8000-000000000001", preset: "work", status: .completed, start: 1_764_489_600,
    end: 1_764_496_500, tags: ["thesis"], note: "chapter 3", host: "laptop", rounds: 4,
    phases: [
      JournalPhase(
        name: "focus", kind: .work, round: 1, start: 1_764_489_600, end: 1_764_491_100, plannedSeconds: 1500,
        elapsedSeconds: 1500, completed: true),
      JournalPhase(
        name: "break", kind: .rest, round: 1, start: 1_764_491_100, end: 1_764_491_400.5, plannedSeconds: 300,
        elapsedSeconds: 240.25, completed: false, pausedSeconds: 60.25),
    ])

  @Test("a record is one line of JSON with local offsets, whole")
  func encode() {
    let text = Self.sample.json(offset: { _ in 3600 }).text
    #expect(
      text
        == #"{"v":2,"id":"6f1c1d2e-0000-4000-8000-000000000001","preset":"work","status":"completed","start":"2025-11-30T09:00:00+01:00","end":"2025-11-30T10:55:00+01:00","tags":["thesis"],"note":"chapter 3","host":"laptop","rounds":4,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2025-11-30T09:00:00+01:00","end":"2025-11-30T09:25:00+01:00","planned_seconds":1500,"elapsed_seconds":1500,"completed":true},{"name":"break","kind":"rest","round":1,"start":"2025-11-30T09:25:00+01:00","end":"2025-11-30T09:30:00.500+01:00","planned_seconds":300,"elapsed_seconds":240.25,"completed":false,"paused_seconds":60.25}]}"#
    )
  }

  @Test("a record reads back as it was written")
  func roundTrip() throws {
    let text = Self.sample.json(offset: { _ in -18000 }).text
    let back = try JournalRecord(line: Array(text.utf8))
    #expect(back == Self.sample)
    #expect(back.focusSeconds == 1500)
    #expect(back.restSeconds == 240.25)
  }

  @Test("readers accept any offset, Z, fractions, unknown fields and newer versions")
  func tolerant() throws {
    let line =
      #"{"v":7,"id":"x","preset":"p","status":"completed","start":"2026-11-30T08:00:00Z","end":"2026-11-30T08:25:00.5-05:30","colour":"red","phases":[{"name":"f","kind":"work","start":"2026-11-30T08:00:00Z","end":"2026-11-30T08:25:00Z","elapsed_seconds":1500,"completed":true,"mood":"good"}]}"#
    let record = try JournalRecord(line: Array(line.utf8))
    #expect(record.start == RFC3339.parse("2026-11-30T09:00:00+01:00"))
    #expect(record.end == RFC3339.parse("2026-11-30T13:55:00.5Z"))
    #expect(record.focusSeconds == 1500)
  }

  static let timestamps: [(String, Double?)] = [
    ("1970-01-01T00:00:00Z", 0), ("1970-01-01T01:00:00+01:00", 0), ("2000-02-29T12:00:00.25Z", 951_825_600.25),
    ("2026-11-30T09:00:00-05:00", 1_796_047_200), ("2026-13-01T00:00:00Z", nil),
    ("2026-11-30 09:00:00Z", 1_796_029_200),
    ("2026-11-30T09:00:00", nil), ("garbage", nil), ("2026-11-30T09:00:00+0100", nil),
  ]

  @Test("RFC 3339 parsing", arguments: timestamps)
  func parse(text: String, expected: Double?) {
    #expect(RFC3339.parse(text) == expected)
  }

  @Test("RFC 3339 formatting round-trips across offsets and dates", arguments: [-43200, -18000, 0, 3600, 19800, 50400])
  func format(offset: Int) {
    for t in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 77_777_777.125) {
      let text = RFC3339.format(t, offset: offset)
      #expect(RFC3339.parse(text) == (t * 1000).rounded(.down) / 1000)
    }
    #expect(RFC3339.format(0, offset: 0) == "1970-01-01T00:00:00+00:00")
  }

  @Test("damaged, blank and duplicate lines: the rest still count, each bad line named")
  func damaged() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    func line(_ id: String) -> String {
      JournalRecord(id: id, preset: "p", status: .completed, start: 0, end: 1, host: "h", rounds: 1, phases: []).json(
        offset: { _ in 0 }).text
    }
    let text = [
      line("a"), "", "   ", "not json", line("b"), line("a"), #"{"v":1,"preset":"no id"}"#,
      String(line("c").prefix(40)),
    ].joined(separator: "\n")
    let path = try folder.write("j.jsonl", text)
    var ids: [String] = []
    var bad: [Journal.BadLine] = []
    // A last line without its newline may be a write in progress: neither read nor reported...
    try Journal(path: path).forEach(bad: { bad.append($0) }) { record, _ in ids.append(record.id) }
    #expect(ids == ["a", "b"])
    #expect(bad.map(\.number) == [4, 7])
    // ...unless the file is finished (a file to import).
    bad = []
    try Journal(path: path).forEach(finished: true, bad: { bad.append($0) }) { _, _ in }
    #expect(bad.map(\.number) == [4, 7, 8])
    #expect(bad[0].reason == "invalid JSON at column 1: not a JSON object")
    #expect(bad[1].reason == "no \"id\"")
    #expect(bad[2].reason.hasPrefix("the last line is cut short"))
  }

  @Test("an append after a cut-short line starts on a fresh line; files are private")
  func appendAfterDamage() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = folder.file("new/deeper/j.jsonl")
    try Platform.appendLine("{\"cut", to: path)
    // Simulate a crash mid-write: drop the newline.
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 5)
    try handle.close()
    try Journal(path: path).append(Self.sample)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[0] == "{\"cut")
    #expect(try JournalRecord(line: Array(lines[1].utf8)).id == Self.sample.id)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.file("new/deeper"))
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
  }

  @Test("the engine's record: pauses left out, cut-short phases marked, unstarted phases absent, sleep noted")
  func fromEngine() throws {
    let clock = FakeClock()
    var engine = clock.engine(.goRest(rounds: 3, skipLastRest: false))
    _ = engine.start()
    clock.advance(.seconds(4))
    _ = engine.togglePause()
    clock.advance(.seconds(20))
    _ = engine.togglePause()
    clock.advance(.seconds(6))
    _ = engine.tick()
    clock.sleep(.seconds(3))
    _ = engine.tick()
    clock.advance(.seconds(1))
    _ = engine.quit()
    let info = SessionInfo(id: "id", tags: ["t"], host: "h", planCount: 6)
    let record = JournalRecord(engine: engine, info: info)
    #expect(record.status == .interrupted)
    #expect(record.interruption == .quit)
    #expect(record.phases.count == 2)
    #expect(record.phases[0].elapsedSeconds == 10)
    #expect(record.phases[0].pausedSeconds == 20)
    #expect(record.phases[0].completed)
    #expect(record.phases[1].elapsedSeconds == 4)
    #expect(record.phases[1].sleptSeconds == 3)
    #expect(!record.phases[1].completed)
    #expect(record.pausedSeconds == 20)
    #expect(record.sleptSeconds == 3)
    #expect(record.end - record.start == 34)
  }

}
