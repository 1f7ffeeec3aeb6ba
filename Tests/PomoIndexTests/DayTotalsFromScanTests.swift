import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal

/// The day totals credit a session straight from what the scanner read of its line (no
/// string built), and what that adds is what its whole record adds, to the microsecond.
@Suite("Day totals made from the scan are those of the records")
struct DayTotalsFromScanTests {
  /// Lines whose credits are tricky: phases across midnight and DST changes, zero-length and
  /// zero-elapsed phases, names repeated or missing, names whose bytes run together.
  static let credited: [String] = [
    RecordScannerTests.long,
    // Across midnight (UTC and Berlin), and across the spring and autumn DST changes in Berlin.
    #"{"id":"m1","preset":"work","tags":["a","b"],"status":"completed","start":"2026-12-01T23:40:00Z","phases":[{"kind":"work","start":"2026-12-01T23:40:00Z","end":"2026-12-02T00:20:00Z","elapsed_seconds":2400},{"kind":"rest","start":"2026-12-02T00:20:00Z","end":"2026-12-02T00:25:00.5Z","elapsed_seconds":300.5}]}"#,
    #"{"id":"m2","preset":"work","tags":["b","a","b"],"start":"2026-12-01T22:50:00Z","phases":[{"kind":"work","start":"2026-12-01T22:50:00Z","end":"2026-12-01T23:15:00Z","elapsed_seconds":1499.999}]}"#,
    #"{"id":"d1","preset":"52-17","tags":["x"],"status":"completed","start":"2026-03-29T00:40:00Z","phases":[{"kind":"work","start":"2026-03-29T00:40:00Z","end":"2026-03-29T01:32:00Z","elapsed_seconds":3120},{"kind":"rest","start":"2026-03-29T01:32:00Z","end":"2026-03-29T01:49:00Z","elapsed_seconds":1020}]}"#,
    #"{"id":"d2","preset":"52-17","tags":["x"],"status":"completed","start":"2026-10-25T00:30:00Z","phases":[{"kind":"work","start":"2026-10-25T00:30:00Z","end":"2026-10-25T01:30:00Z","elapsed_seconds":3000},{"kind":"work","start":"2026-10-25T01:30:00+00:00","end":"2026-10-25T02:10:00+01:00","elapsed_seconds":600}]}"#,
    // Zero-length, zero-elapsed, paused (elapsed below the span), and ending before it starts.
    #"{"id":"z1","preset":"quick","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:00:00Z","elapsed_seconds":0},{"kind":"work","start":"2026-12-01T09:00:00Z","end":"2026-12-01T09:00:00Z","elapsed_seconds":90}]}"#,
    #"{"id":"z2","preset":"quick","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T10:00:00Z","elapsed_seconds":600.25},{"kind":"work","start":"2026-12-01T11:00:00Z","end":"2026-12-01T10:00:00Z","elapsed_seconds":60}]}"#,
    // Almost two days, across three days; and longer than two: left out of the table.
    #"{"id":"l1","preset":"long","start":"2026-12-01T20:00:00Z","phases":[{"kind":"work","start":"2026-12-01T20:00:00Z","end":"2026-12-03T19:59:59Z","elapsed_seconds":100000}]}"#,
    #"{"id":"l2","preset":"long","start":"2026-12-01T20:00:00Z","phases":[{"kind":"work","start":"2026-12-01T20:00:00Z","end":"2026-12-03T20:00:01Z","elapsed_seconds":100000}]}"#,
    // No preset (the full decoder's "?"), and a preset named "?"; names that run together.
    #"{"id":"n1","start":"2026-12-05T08:00:00Z","phases":[{"kind":"work","start":"2026-12-05T08:00:00Z","end":"2026-12-05T08:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n2","preset":"?","start":"2026-12-05T09:00:00Z","phases":[{"kind":"work","start":"2026-12-05T09:00:00Z","end":"2026-12-05T09:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n3","preset":"a","tags":["b"],"start":"2026-12-05T10:00:00Z","phases":[{"kind":"work","start":"2026-12-05T10:00:00Z","end":"2026-12-05T10:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n4","preset":"b","tags":["a"],"start":"2026-12-05T11:00:00Z","phases":[{"kind":"work","start":"2026-12-05T11:00:00Z","end":"2026-12-05T11:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n5","preset":"a","tags":["","b"],"start":"2026-12-05T12:00:00Z","phases":[{"kind":"work","start":"2026-12-05T12:00:00Z","end":"2026-12-05T12:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n6","preset":"ab","tags":[],"tags":["a","b"],"start":"2026-12-05T13:00:00Z","phases":[{"kind":"work","start":"2026-12-05T13:00:00Z","end":"2026-12-05T13:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n7","preset":"a","preset":"b","tags":["ab"],"tags":[],"start":"2026-12-05T14:00:00Z","phases":[{"kind":"work","start":"2026-12-05T14:00:00Z","end":"2026-12-05T14:25:00Z","elapsed_seconds":1500}]}"#,
    // The same names as a line read by the full decoder (an escape in its note).
    #"{"id":"n8","preset":"a","tags":["b"],"note":"\"","start":"2026-12-05T15:00:00Z","phases":[{"kind":"work","start":"2026-12-05T15:00:00Z","end":"2026-12-05T15:25:00Z","elapsed_seconds":1500}]}"#,
    #"{"id":"n9","preset":"caf\u00e9","tags":["é","e\u0301"],"start":"2026-12-05T16:00:00Z","phases":[{"kind":"work","start":"2026-12-05T16:00:00Z","end":"2026-12-05T16:25:00Z","elapsed_seconds":1500}]}"#,
    // Interruption marks (one past midnight) and void sessions: the void Pomodoro (the last
    // focus phase, here across midnight) credited apart from focus.
    #"{"id":"v1","preset":"work","status":"void","void_reason":"call","start":"2026-12-01T23:00:00Z","phases":[{"kind":"work","start":"2026-12-01T23:00:00Z","end":"2026-12-01T23:25:00Z","elapsed_seconds":1500,"completed":true,"marks":[{"at":"2026-12-01T23:10:00Z","kind":"internal","note":null}]},{"kind":"rest","start":"2026-12-01T23:25:00Z","end":"2026-12-01T23:30:00Z","elapsed_seconds":300},{"kind":"work","start":"2026-12-01T23:30:00Z","end":"2026-12-02T00:10:00Z","elapsed_seconds":2400,"completed":false,"marks":[{"at":"2026-12-01T23:50:00Z","kind":"external","note":"door"},{"at":"2026-12-02T00:05:00Z","kind":"internal","note":"mail"}]}]}"#,
    #"{"id":"v2","preset":"work","tags":["a"],"status":"void","start":"2026-12-05T17:00:00Z","phases":[{"kind":"work","start":"2026-12-05T17:00:00Z","end":"2026-12-05T17:05:00Z","elapsed_seconds":300,"completed":false}]}"#,
    #"{"id":"k1","preset":"work","status":"completed","start":"2026-12-05T18:00:00Z","phases":[{"kind":"work","start":"2026-12-05T18:00:00Z","end":"2026-12-05T18:25:00Z","elapsed_seconds":1500,"completed":true,"marks":[{"kind":"external","at":"2026-12-05T18:01:00Z"},{"at":"2026-12-05T18:02:00Z","kind":"external","note":"\u00e9"}]}]}"#,
  ]

  static var calendars: [LocalCalendar] {
    [
      LocalCalendar(zone: FixedZone()), LocalCalendar(zone: RuleZone.berlin),
      LocalCalendar(zone: RuleZone.newYork, weekStart: 7, dayStart: 4 * 3600),
    ]
  }

  /// The totals of `lines` as `DayTotals.update` adds them (from the scan), or as the records
  /// made of them add them; and how many lines were sessions.
  static func changes(_ lines: [[UInt8]], calendar: LocalCalendar, scan: Bool) -> (DayTable.Changes, Int) {
    var changes = DayTable.Changes()
    var scanned = ScannedLine()
    var read = 0
    for line in lines {
      if scan {
        line.withUnsafeBufferPointer { buffer in
          guard (try? RecordScanner.scan(buffer, into: &scanned)) != nil, scanned.correction == nil else { return }
          read += 1
          _ = withUnsafePointer(to: scanned) { changes.add(buffer, scanned: $0, calendar: calendar) }
        }
      } else if let record = try? JournalRecord(line: line[...], detail: false), !DayCredit.isLong(record) {
        changes.add(record, calendar: calendar)
      }
    }
    return (changes, read)
  }

  /// Changes as text, whole, to compare.
  static func describe(_ changes: DayTable.Changes) -> String {
    var table = DayTable()
    table.apply([changes])
    return "\(table.names)\n\(table.rows)\n\(table.shares)\n\(table.hours)"
  }

  static func expectSameTotals(_ lines: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    var read = 0
    for calendar in calendars {
      let (quick, count) = changes(lines, calendar: calendar, scan: true)
      let (full, _) = changes(lines, calendar: calendar, scan: false)
      #expect(describe(quick) == describe(full), "\(calendar.identifier)", sourceLocation: sourceLocation)
      read = count
    }
    return read
  }

  @Test("tricky sessions: the same totals from the scan as from their records")
  func trickyLines() {
    let lines = Self.credited.map { Array($0.utf8) }
    #expect(Self.expectSameTotals(lines) == lines.count)
    // In another order, every line twice (the names numbered in another order).
    #expect(Self.expectSameTotals(lines.reversed() + lines) == 2 * lines.count)
  }

  @Test("the scanner's lines, plain and unusual, and mutated records: the same totals")
  func scannerLines() {
    let mutated = MutatedRecords.mutations(count: 2000, seed: 33).map { Array($0.utf8) }
    _ = Self.expectSameTotals(
      (RecordScannerTests.plain + RecordScannerTests.unusual).map { Array($0.utf8) } + mutated)
  }

  @Test("every cut, deletion and replacement of a session's bytes: the same totals")
  func everyByte() {
    for base in [Self.credited[1], Self.credited[4], Self.credited[14]] {
      let bytes = Array(base.utf8)
      var lines: [[UInt8]] = []
      for cut in 0...bytes.count { lines.append(Array(bytes.prefix(cut))) }
      for k in bytes.indices {
        var shorter = bytes
        shorter.remove(at: k)
        lines.append(shorter)
        for replacement in Array(#""\{}[],: 0e-.xnt"#.utf8) + [0x09, 0x80, 0x00] where replacement != bytes[k] {
          var changed = bytes
          changed[k] = replacement
          lines.append(changed)
        }
      }
      _ = Self.expectSameTotals(lines)
    }
  }
}
