import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform

/// The one scanner of journal lines (`RecordScanner`): its word-at-a-time paths (plain
/// strings, keys, a phase as pomo writes it, times read once per line) and its general path
/// read every line alike, and what the index keeps of a line (made straight from the scan,
/// no string built) is what the whole record says.
@Suite("The one scanner of journal lines")
struct RecordScannerTests {
  /// The summary as text (NaN-safe), to compare two of them whole.
  static func describe(_ summary: JournalIndex.LineSummary) -> String {
    switch summary {
    case .blank: "blank"
    case .record(let from, let to, let completed, let id, let prefix, let added, let exercises):
      "record \(from) \(to) \(completed) \(id) \(prefix) \(added.map { "\($0)" } ?? "-") \(exercises)"
    case .correction(let c):
      "correction \(c.session) \(c.sessionPrefix) \(c.id) \(c.kind) \(c.at) \(c.from) \(c.to) \(c.changesStatus)"
    case .bad(let reason): "bad \(reason)"
    }
  }

  /// What the index keeps of a line, made from the whole record.
  static func full(_ line: [UInt8]) -> JournalIndex.LineSummary {
    if JournalIndex.isBlank(line[...]) { return .blank }
    do {
      return JournalIndex.summary(try JournalEntry(line: line[...], detail: false))
    } catch {
      return .bad(error.message)
    }
  }

  static func summary(_ line: [UInt8]) -> JournalIndex.LineSummary {
    var scanned = ScannedLine()
    return line.withUnsafeBufferPointer { JournalIndex.summary(line: $0, scanned: &scanned) }
  }

  /// Checks one line: what the index keeps of it is what its whole record says. Returns
  /// whether it is a session.
  @discardableResult
  static func check(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let expected = describe(full(line))
    #expect(
      describe(summary(line)) == expected, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
    return expected.hasPrefix("record")
  }

  static func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    check(Array(line.utf8), sourceLocation: sourceLocation)
  }

  static let intact = MutatedRecords.intact

  /// A record as a bench journal holds it: seven phases, every time written out.
  static let long =
    #"{"v":1,"id":"c2ce6f44-7ed4-457b-9e2f-eb89414c343c","preset":"work","status":"completed","start":"1855-10-19T14:03:50+00:00","end":"1855-10-19T15:58:50+00:00","tags":[],"note":null,"host":"bench","rounds":1,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"1855-10-19T14:03:50+00:00","end":"1855-10-19T14:28:50+00:00","planned_seconds":1500,"elapsed_seconds":1500,"completed":true},{"name":"break","kind":"rest","round":1,"start":"1855-10-19T14:28:50+00:00","end":"1855-10-19T14:33:50+00:00","planned_seconds":300,"elapsed_seconds":300,"completed":true},{"name":"focus","kind":"work","round":2,"start":"1855-10-19T14:33:50+00:00","end":"1855-10-19T14:58:50+00:00","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#

  /// Sessions, written as pomo writes them and in every other way JSON allows.
  static let plain: [String] = [
    intact,
    long,
    "\u{FEFF}" + intact,
    " \t\r" + intact + " \t\r",
    // Fields in another order, the phases first and the id last.
    #"{"phases":[{"end":"2026-12-01T08:25:00Z","elapsed_seconds":1500,"kind":"work","start":"2026-12-01T08:00:00Z"}],"start":"2026-12-01T08:00:00Z","status":"completed","id":"last"}"#,
    // Nested unknown values, at the top and in a phase.
    #"{"id":"n","x":{"a":[1,{"b":null,"c":[true,false,"s"]}],"d":{}},"start":"2026-12-01T08:00:00Z","phases":[{"kind":"rest","start":"2026-12-01T08:00:00Z","end":"2026-12-01T09:00:00Z","elapsed_seconds":0,"y":[[],[[]]]}]}"#,
    // Spaces between every token.
    "{ \"id\" :\t\"s\" ,\r\"start\" : \"2026-12-01T08:00:00Z\" , \"status\" : \"completed\" , \"tags\" : [ \"a\" , \"b\" ] , \"phases\" : [ ] }",
    // Keys given twice: the last wins, and phases add up, as in the full decoder.
    #"{"id":"twice","start":"2026-12-01T08:00:00Z","start":"2026-12-01T07:00:00Z","status":"completed","status":"interrupted","phases":[{"kind":"work","start":"2026-12-01T07:00:00Z","end":"2026-12-01T09:00:00Z","elapsed_seconds":1}],"phases":[{"kind":"work","start":"2026-12-01T07:00:00Z","end":"2026-12-01T08:00:00Z","elapsed_seconds":1}]}"#,
    // No end: the last phase's; no phases either: the start.
    #"{"id":"noend","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T10:00:00Z","elapsed_seconds":1},{"kind":"rest","start":"2026-12-01T10:00:00Z","end":"2026-12-01T09:00:00Z","elapsed_seconds":1}]}"#,
    #"{"id":"bare","start":"2026-12-01T08:00:00.250+05:30"}"#,
    #"{"id":"added","kind":"session","start":"2026-12-01T08:00:00z","added":"2026-12-02t08:00:00-01:00","status":"completed"}"#,
    // A phase kind neither work nor rest and then a known one: the last counts.
    #"{"id":"k","start":"2026-12-01T08:00:00Z","phases":[{"kind":"nap","kind":"rest","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z","elapsed_seconds":60.5,"round":null,"completed":false}]}"#,
    // Numbers at the limits, fractions, a negative zero, leading zeros, an unknown big one.
    #"{"id":"num","v":-0,"w":12.50,"u":12345678901234567,"start":"2026-12-01T08:00:00Z","rounds":10000,"plan_offset":1000000000,"paused_seconds":1000000000,"slept_seconds":0.000000001}"#,
    #"{"id":"p3","plan_offset":-0.0,"start":"2026-12-01T08:00:00Z"}"#,
    // Phases as pomo writes them (read word by word), one with a key more (read key by key).
    #"{"id":"usual","start":"2026-12-01T08:00:00Z","phases":[{"name":"focus","kind":"work","round":null,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500.5,"elapsed_seconds":0,"completed":false},{"name":"","kind":"rest","round":10000,"start":"2026-12-01T08:25:00Z","end":"2026-12-01T08:30:00.5Z","planned_seconds":300,"elapsed_seconds":300,"completed":true,"paused_seconds":1}]}"#,
    // Times of every length a time can have, each read twice (the second from the cache),
    // near the end of the line and far from it.
    #"{"id":"times","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:00:00Z","added":"2026-12-01T08:00:00.123456789-01:00","at":"2026-12-01T08:00:00.123456789-01:00","phases":[{"kind":"work","start":"2026-12-01t08:00:00+01:00","end":"2026-12-01T08:00:00.1234567890123Z","elapsed_seconds":1},{"kind":"work","start":"2026-12-01T08:00:00.1234567890123Z","end":"2026-12-01t08:00:00+01:00","elapsed_seconds":1}]}"#,
    #"{"id":"times2","start":"2026-12-01T08:00:00.250+05:30","end":"2026-12-01T08:00:00.250+05:30"}"#,
    // Times of one day and zone, which differ only in their clock time (read from the first).
    #"{"id":"clock","start":"2026-12-01T08:00:00+05:30","end":"2026-12-01T23:59:60+05:30","added":"2026-12-01T00:00:00+05:30","at":"2026-12-01T19:09:09+05:30","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"clock2","start":"2026-12-01T08:00:00Z","end":"2026-12-01T09:30:00.5Z","added":"2026-12-01T09:30:01.5Z","at":"2026-12-01T09:30:02Z","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    // Control characters are text to both readers.
    "{\"id\":\"ctl\u{01}\",\"note\":\"a\tb\",\"start\":\"2026-12-01T08:00:00Z\"}",
    // Strings of every length around the 8-byte steps.
    #"{"id":"1234567","preset":"12345678","host":"123456789","tags":["","1","1234567890123456","12345678901234567"],"start":"2026-12-01T08:00:00Z"}"#,
    // Keys that look like known ones.
    #"{"id":"look","ids":"x","Start":"bad","starts":"bad","statuses":3,"phase":{},"planned_secondz":"x","name":5,"completed":"no","start":"2026-12-01T08:00:00Z"}"#,
  ]

  /// Lines with escapes, text beyond ASCII, corrections, and damage of every kind.
  static let unusual: [String] = [
    // Escapes anywhere: quotes in ids, tags and notes, unicode escapes.
    #"{"id":"a\"b","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"tag","tags":["caf\u00e9","x\\y"],"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"note","note":"say \"hi\"","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"\u0041","start":"2026-12-01T08:00:00Z"}"#,
    #"{"\u0069d":"escaped-key","id":"k","start":"2026-12-01T08:00:00Z"}"#,
    #"{"\u0069d":"only-escaped-key","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"st","status":"complete\u0064","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"bad-escape","note":"\x","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"lone","note":"\ud800","start":"2026-12-01T08:00:00Z"}"#,
    // Beyond ASCII: valid and not.
    #"{"id":"é","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"u","note":"café ☕","start":"2026-12-01T08:00:00Z"}"#,
    // Corrections and kinds.
    #"{"kind":"amend","id":"c1","target":"t","at":"2026-12-02T08:00:00Z","set":{"start":"2026-12-01T09:00:00Z","status":"completed"}}"#,
    #"{"kind":"delete","id":"c2","target":"t","at":"2026-12-02T08:00:00Z"}"#,
    #"{"kind":"undo","id":"c3","target":"t","session":"s","at":"2026-12-02T08:00:00Z"}"#,
    #"{"kind":"undo","id":"c4","target":"t","at":"2026-12-02T08:00:00Z"}"#,
    #"{"kind":"amend","kind":"session","id":"c5","start":"2026-12-01T08:00:00Z"}"#,
    #"{"kind":"session","kind":"amend","id":"c6","target":"t","at":"2026-12-02T08:00:00Z"}"#,
    #"{"kind":"bogus","id":"c7","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"set","set":{},"start":"2026-12-01T08:00:00Z"}"#,
    // Out-of-range and odd numbers.
    #"{"id":"r0","rounds":0,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"r1","rounds":10001,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"r2","rounds":2.5,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"r3","rounds":1e3,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"p1","paused_seconds":-1,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"p2","paused_seconds":1000000000.5,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"big","v":123456789012345678901234567890,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"exp","v":1E400,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"dot","v":1.,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"minus","v":-,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"plus","v":+1,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"phase","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z","elapsed_seconds":1,"round":0}]}"#,
    #"{"id":"phase2","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z","elapsed_seconds":1e999}]}"#,
    // Incomplete phases, odd literals.
    #"{"id":"inc","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z"}]}"#,
    #"{"id":"inc2","start":"2026-12-01T08:00:00Z","phases":[{"kind":"play","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z","elapsed_seconds":1}]}"#,
    #"{"id":"inc3","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","end":"2026-12-01T08:01:00Z","elapsed_seconds":1}]}"#,
    #"{"id":"inc4","start":"2026-12-01T08:00:00Z","phases":[3]}"#,
    #"{"id":"nap","start":"2026-12-01T08:00:00Z","phases":[{"name":"focus","kind":"nap","round":1,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#,
    #"{"id":"round","start":"2026-12-01T08:00:00Z","phases":[{"name":"focus","kind":"work","round":0,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#,
    #"{"id":"neg","start":"2026-12-01T08:00:00Z","phases":[{"name":"focus","kind":"work","round":1,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":-1,"completed":true}]}"#,
    #"{"id":"lit","x":tru,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"lit2","x":nulll,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"lit3","note":nul,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"lit4","note":3,"start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"done","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:01:00Z","elapsed_seconds":1,"completed":yes}]}"#,
    // Times.
    #"{"id":"t1","start":"2026-02-30T08:00:00Z"}"#,
    #"{"id":"t2","start":"2026-12-01T08:00:00"}"#,
    #"{"id":"t3","start":"2026-12-01T08:00:00Z","end":"soon"}"#,
    #"{"id":"t4","start":"2026-12-01T08:00:00Z","at":"never"}"#,
    #"{"id":"t5","start":"2026-12-01T08:00:00Z","added":5}"#,
    // Clock times out of range after a good time of the same day.
    #"{"id":"c1","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T24:00:00+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c2","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T23:60:00+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c3","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T23:59:61+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c4","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T2a:59:00+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c5","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T23-59:00+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c6","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T23:59/00+00:00","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"c7","start":"2026-12-01T08:00:00Z","end":"2026-12-01T09:00:0 Z","xxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    // A time of NUL bytes is no time, though its words are zero like an empty cache slot's.
    "{\"id\":\"t6\",\"start\":\"" + String(repeating: "\u{0}", count: 20) + "\",\"xxxxxxxxxxxxxxxxxxxxxxxxxx\":1}",
    "{\"id\":\"t7\",\"start\":\"" + String(repeating: "\u{0}", count: 16) + "\",\"xxxxxxxxxxxxxxxxxxxxxxxxxx\":1}",
    // A time read from the cache, then the same but one byte longer or shorter.
    #"{"id":"t8","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:00:00Z1","xxxxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    #"{"id":"t9","start":"2026-12-01T08:00:00.5Z","end":"2026-12-01T08:00:00.5","xxxxxxxxxxxxxxxxxxxxxxxxxxxxx":1}"#,
    // Missing or empty fields, text around the record, a deep unknown value.
    #"{"id":"","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"nostart"}"#,
    #"{"start":"2026-12-01T08:00:00Z"}"#,
    #"{}"#,
    #"[]"#,
    "x",
    "\u{FEFF}",
    "\u{FEFF}\u{FEFF}" + intact,
    intact + "x",
    intact + "}",
    intact + "," + intact,
    #"{"id":"deep","x":"# + String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
      + #","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"deeper","x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
      + #","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"unterminated"#,
    #"{"id":"colon" "start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"comma","start":"2026-12-01T08:00:00Z",}"#,
    #"{"id":"tags","tags":"a","start":"2026-12-01T08:00:00Z"}"#,
    #"{"id":"tags2","tags":[1],"start":"2026-12-01T08:00:00Z"}"#,
    #"{id:"bare-key","start":"2026-12-01T08:00:00Z"}"#,
  ]

  @Test("sessions written in any way JSON allows are read, to what their record says")
  func plainLines() {
    for line in Self.plain {
      #expect(Self.check(line), "not read as a session: \(line)")
    }
  }

  @Test("escapes, corrections, odd numbers and damaged lines: the index keeps what the record says")
  func unusualLines() {
    for line in Self.unusual { _ = Self.check(line) }
    // Escapes read to their text, beyond ASCII too.
    let escaped = try! JournalRecord(
      line: Array(#"{"id":"a\"b","tags":["caf\u00e9","x\\y","é"],"start":"2026-12-01T08:00:00Z"}"#.utf8))
    #expect(escaped.id == "a\"b")
    #expect(escaped.tags == ["café", "x\\y", "é"])
  }

  @Test("every time is read as RFC3339.parse reads it, from the cache of a line's times too")
  func times() {
    var rng = SplitMix64(state: 12)
    let zones = ["Z", "z", "+00:00", "+05:30", "-01:00", "+14:00"]
    for _ in 0..<400 {
      // A day's times that differ in their clock, fraction or zone, some repeated.
      let day = String(
        format: "2026-%02d-%02dT", Int.random(in: 1...12, using: &rng), Int.random(in: 1...28, using: &rng))
      let texts = (0..<8).map { _ -> String in
        let clock = String(
          format: "%02d:%02d:%02d", Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng),
          Int.random(in: 0...60, using: &rng))
        let fraction = Bool.random(using: &rng) ? "" : "." + String(Int.random(in: 0...999_999, using: &rng))
        return day + clock + fraction + zones.randomElement(using: &rng)!
      }
      let picks = (0..<6).map { _ in texts.randomElement(using: &rng)! }
      let phases = stride(from: 0, to: picks.count - 1, by: 1).map {
        #"{"name":"focus","kind":"work","round":1,"start":"\#(picks[$0])","end":"\#(picks[$0 + 1])","planned_seconds":1,"elapsed_seconds":1,"completed":true}"#
      }
      let line = #"{"id":"t","start":"\#(picks[0])","end":"\#(picks[5])","phases":[\#(phases.joined(separator: ","))]}"#
      let record = try! JournalRecord(line: Array(line.utf8))
      #expect(record.start.bitPattern == RFC3339.parse(picks[0])!.bitPattern, "\(line)")
      #expect(record.end.bitPattern == RFC3339.parse(picks[5])!.bitPattern, "\(line)")
      for (k, phase) in record.phases.enumerated() {
        #expect(phase.start.bitPattern == RFC3339.parse(picks[k])!.bitPattern, "\(line)")
        #expect(phase.end.bitPattern == RFC3339.parse(picks[k + 1])!.bitPattern, "\(line)")
      }
    }
  }

  @Test("damaged lines keep the full decoder's message")
  func damagedMessages() {
    let line = Array(#"{"id":"r0","rounds":0,"start":"2026-12-01T08:00:00Z"}"#.utf8)
    #expect(Self.describe(Self.summary(line)) == #"bad "rounds" must be a whole number from 1 to 10000, got 0"#)
    let cut = Array(Self.intact.utf8.prefix(40))
    #expect(
      Self.describe(Self.summary(cut))
        == #"bad invalid JSON: the line ends early (unterminated string)"#)
  }

  @Test("a number with a leading zero damages the line, in any field; 0, -0 and 0.5 do not")
  func leadingZeros() {
    let damaged = [
      #"{"id":"z","rounds":01,"start":"2026-12-01T08:00:00Z"}"#,
      #"{"id":"z","x":-007,"start":"2026-12-01T08:00:00Z"}"#,
      #"{"id":"z","x":[1,00.5],"start":"2026-12-01T08:00:00Z"}"#,
      #"{"id":"z","x":000000000000000000001,"start":"2026-12-01T08:00:00Z"}"#,
      #"{"id":"z","start":"2026-12-01T08:00:00Z","phases":[{"kind":"work","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","elapsed_seconds":01500}]}"#,
    ]
    for line in damaged {
      #expect(Self.describe(Self.summary(Array(line.utf8))).hasSuffix(": numbers cannot have leading zeros"), "\(line)")
      #expect(!Self.check(line))
    }
    #expect(
      Self.describe(Self.summary(Array(damaged[0].utf8)))
        == "bad invalid JSON at column 21: numbers cannot have leading zeros")
    for number in ["0", "-0", "0.5", "-0.25", "10", "0e1", "100"] {
      #expect(Self.check(#"{"id":"z","x":\#(number),"start":"2026-12-01T08:00:00Z"}"#), "\(number)")
    }
  }

  @Test("raw bytes that are not UTF-8 damage a line in any string it keeps")
  func invalidUTF8() {
    for bytes: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82]] {
      for key in ["id", "note", "host", "preset", "status", "x"] {
        let line = Array(#"{"start":"2026-12-01T08:00:00Z","id":"i","\#(key)":"a"#.utf8) + bytes + Array(#""}"#.utf8)
        // An unknown key's value is stepped over, never kept, so only its JSON is checked.
        #expect(Self.check(line) == (key == "x"), "\(key)")
      }
    }
  }

  @Test("every key is named from its words, and near misses are not")
  func keys() {
    let known: [(String, String)] = [
      ("id", "id"), ("preset", "preset"), ("status", "status"), ("interruption", "interruption"), ("start", "start"),
      ("end", "end"), ("tags", "tags"), ("note", "note"), ("host", "host"), ("source", "source"), ("rounds", "rounds"),
      ("plan_offset", "planOffset"), ("resumed_from", "resumedFrom"), ("paused_seconds", "pausedSeconds"),
      ("slept_seconds", "sleptSeconds"), ("phases", "phases"), ("name", "name"), ("kind", "kind"), ("round", "round"),
      ("planned_seconds", "plannedSeconds"), ("elapsed_seconds", "elapsedSeconds"), ("completed", "completed"),
      ("extended_seconds", "extendedSeconds"), ("overtime_seconds", "overtimeSeconds"), ("target", "target"),
      ("session", "session"), ("at", "at"), ("added", "added"), ("set", "set"), ("warmup_seconds", "warmupSeconds"),
      ("cooldown_seconds", "cooldownSeconds"), ("endless", "endless"), ("clock_step_seconds", "clockStepSeconds"),
      ("exercise", "exercise"), ("reps", "reps"), ("counted_rounds", "countedRounds"), ("marks", "marks"),
      ("void_reason", "voidReason"), ("task", "task"), ("title", "title"), ("estimate", "estimate"), ("done", "done"),
      ("away", "away"), ("cause", "cause"), ("kept", "kept"), ("paused", "paused"),
    ]
    for (key, name) in known {
      #expect(RecordScanner.keyName(key) == name)
      // One byte changed anywhere, or one more or fewer: another key.
      for k in key.utf8.indices {
        var bytes = Array(key.utf8)
        bytes[key.utf8.distance(from: key.utf8.startIndex, to: k)] ^= 0x20
        #expect(RecordScanner.keyName(String(decoding: bytes, as: UTF8.self)) == "other")
      }
      #expect(RecordScanner.keyName(key + "s") == (key == "round" ? "rounds" : "other"))
      #expect(RecordScanner.keyName(String(key.dropLast())) == (key == "rounds" ? "round" : "other"))
    }
  }

  @Test("every cut, deletion and replacement of a record's bytes: the index keeps what the record says")
  func everyByte() {
    for base in [Self.intact, Self.long, Self.plain[5], Self.plain[7], Self.plain.first { $0.contains("usual") }!] {
      let bytes = Array(base.utf8)
      for cut in 0...bytes.count { Self.check(Array(bytes.prefix(cut))) }
      for k in bytes.indices {
        var shorter = bytes
        shorter.remove(at: k)
        Self.check(shorter)
        for replacement in Array(#""\{}[],: 0e-.xnt"#.utf8) + [0x09, 0x80, 0xC3, 0x00] where replacement != bytes[k] {
          var changed = bytes
          changed[k] = replacement
          Self.check(changed)
        }
      }
    }
  }

  @Test("the fuzz test's mutated records: the index keeps what the record says")
  func mutations() {
    for line in MutatedRecords.mutations(count: 3000, seed: 21) { _ = Self.check(line) }
  }

  // MARK: - The whole index

  /// The index of `bytes` built the plain way: line by line, each read whole, a `Set` of
  /// ids, the standard sorts.
  struct Reference {
    var chunks: [JournalIndex.Chunk] = []
    var bad: [String] = []
    var duplicates: [Int64] = []
    var ids: [UInt64] = []
    var quarters: [UInt64] = []
    var prefixes: [JournalIndex.PrefixEntry] = []
    var corrections: [String] = []
    var indexedLength: Int64 = 0
    var indexedLines: Int64 = 0

    init(_ bytes: [UInt8]) {
      var seen = Set<UInt64>()
      var chunk = JournalIndex.Chunk(offset: 0, length: 0, firstLine: 1, minTime: .infinity, maxTime: -.infinity)
      var inChunk = 0
      var line: Int64 = 0
      func close(_ next: Int64) {
        if inChunk > 0 { chunks.append(chunk) }
        chunk = JournalIndex.Chunk(
          offset: next, length: 0, firstLine: line + 1, minTime: .infinity, maxTime: -.infinity)
        inChunk = 0
      }
      var start = 0
      while let newline = bytes[start...].firstIndex(of: 0x0A) {
        let text = Array(bytes[start..<newline])
        defer { start = newline + 1 }
        line += 1
        if text.count > LineReader.maxLine {
          bad.append("\(line): \(Journal.tooLongReason)")
          close(Int64(newline + 1))
          continue
        }
        inChunk += 1
        chunk.length += Int64(text.count + 1)
        switch RecordScannerTests.full(text) {
        case .blank: break
        case .record(let from, let to, let completed, let id, let prefix, let added, let exercises):
          if !seen.insert(id).inserted {
            duplicates.append(line)
          } else {
            chunk.minTime = min(chunk.minTime, from)
            chunk.maxTime = max(chunk.maxTime, to)
            if exercises { chunk.flags |= 1 }
            if completed { quarters.append(JournalIndex.quarterKey(JournalIndex.quarter(from), id)) }
            prefixes.append(.init(prefix: prefix, line: line))
            if let added { corrections.append("added \(id) \(prefix) \(added) \(start) \(text.count)") }
          }
        case .correction(let c):
          if !seen.insert(c.id).inserted {
            duplicates.append(line)
          } else {
            corrections.append("\(RecordScannerTests.describe(.correction(c))) \(start) \(text.count)")
          }
        case .bad(let reason): bad.append("\(line): \(reason)")
        }
        if inChunk == JournalIndex.linesPerChunk { close(chunk.offset + chunk.length) }
      }
      if inChunk > 0 { chunks.append(chunk) }
      ids = seen.sorted()
      quarters.sort()
      prefixes.sort()
      indexedLength = Int64(start)
      indexedLines = line
    }
  }

  static func corrections(_ refs: [JournalIndex.CorrectionRef]) -> [String] {
    refs.map { c in
      c.kind == .added
        ? "added \(c.id) \(c.sessionPrefix) \(c.at) \(c.offset) \(c.length)"
        : "\(describe(.correction(c))) \(c.offset) \(c.length)"
    }
  }

  /// A journal of every sort of line: sessions of every shape, repeats, corrections, damaged
  /// lines, blank ones, long lines (longer than a whole read, one the longest a line may be,
  /// one longer), and a cut last line.
  static func journal() -> [UInt8] {
    var rng = SplitMix64(state: 77)
    let shapes = plain + unusual
    var lines: [String] = []
    let base = RFC3339.parse("2026-01-01T00:00:00Z")!
    for k in 0..<30_000 {
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<70:
        let start = base + Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        let status: JournalRecord.Status = Bool.random(using: &rng) ? .completed : .interrupted
        var record = try! JournalRecord(line: Array(recordLine("id\(k % 25_000)", start, status: status).utf8))
        if k % 97 == 0 { record.added = start + 60 }
        lines.append(record.json(offset: { _ in 0 }).text)
      case 70..<80: lines.append(Self.long.replacingOccurrences(of: "c2ce6f44", with: "r\(k % 5000)"))
      case 80..<90: lines.append(shapes.randomElement(using: &rng)!)
      case 90..<93: lines.append(["", " ", "\t\r"].randomElement(using: &rng)!)
      case 93..<96:
        lines.append(
          #"{"kind":"amend","id":"fix\#(k % 700)","target":"id\#(k)","at":"2026-12-02T08:00:00Z","set":{"end":"2026-12-01T09:00:00Z"}}"#
        )
      default: lines.append(String(Self.intact.prefix(Int.random(in: 0..<200, using: &rng))))
      }
      if k == 9_000 { lines.append(recordLine("big", base, note: String(repeating: "x", count: 3 << 20))) }
      if k == 20_000 { lines.append(recordLine("huge", base, note: String(repeating: "y", count: 6 << 20))) }
      if k == 22_000 {
        lines.append(recordLine("over", base, note: String(repeating: "w", count: LineReader.maxLine + 100)))
      }
      if k == 25_000 {
        lines.append(recordLine("edge", base, note: String(repeating: "z", count: LineReader.maxLine - 400)))
      }
    }
    return Array((lines.joined(separator: "\n") + "\n" + intact.prefix(100)).utf8)
  }

  static func expectMatches(
    _ index: JournalIndex, _ reference: Reference, ids: [UInt64]? = nil,
    corrections refs: [JournalIndex.CorrectionRef]? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(index.chunks == reference.chunks, sourceLocation: sourceLocation)
    #expect(index.badLines.map { "\($0.number): \($0.reason)" } == reference.bad, sourceLocation: sourceLocation)
    #expect(index.duplicates == reference.duplicates, sourceLocation: sourceLocation)
    #expect(index.idCount == Int64(reference.ids.count), sourceLocation: sourceLocation)
    #expect((ids ?? index.added.ids) == reference.ids, sourceLocation: sourceLocation)
    #expect(corrections(refs ?? index.added.corrections) == reference.corrections, sourceLocation: sourceLocation)
    #expect(index.indexedLength == reference.indexedLength, sourceLocation: sourceLocation)
    #expect(index.indexedLines == reference.indexedLines, sourceLocation: sourceLocation)
  }

  @Test("an index built in blocks on all cores is the one built line by line from whole records")
  func wholeIndex() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let bytes = Self.journal()
    let reference = Reference(bytes)
    #expect(reference.bad.count > 1000)
    #expect(reference.duplicates.count > 1000)
    let path = folder.file("j.jsonl")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    var index = JournalIndex()
    #expect(try index.update(RandomAccessFile(path: path), isKnown: { _ in false }))
    Self.expectMatches(index, reference)
    #expect(index.added.quarters == reference.quarters)
    #expect(index.added.prefixes == reference.prefixes)

    // The same journal indexed in three goes, as it grew: the same index.
    let cuts = [bytes.count / 3, 2 * bytes.count / 3, bytes.count]
    let grown = folder.file("grown.jsonl")
    #expect(FileManager.default.createFile(atPath: grown, contents: Data(bytes.prefix(cuts[0]))))
    var stepwise = JournalIndex()
    var quarters: [UInt64] = []
    var prefixes: [JournalIndex.PrefixEntry] = []
    var ids: [UInt64] = []
    var refs: [JournalIndex.CorrectionRef] = []
    for k in cuts.indices {
      if k > 0 {
        let handle = try #require(FileHandle(forWritingAtPath: grown))
        handle.seekToEndOfFile()
        handle.write(Data(bytes[cuts[k - 1]..<cuts[k]]))
        handle.closeFile()
      }
      let known = ids
      _ = try stepwise.update(RandomAccessFile(path: grown), isKnown: { SessionID.contains(known, $0) })
      ids = JournalIndex.merge(ids, stepwise.added.ids)
      refs += stepwise.added.corrections
      quarters = Self.distinct(JournalIndex.merge(quarters, stepwise.added.quarters))
      prefixes = Self.distinct(JournalIndex.merge(prefixes, stepwise.added.prefixes))
    }
    Self.expectMatches(stepwise, reference, ids: ids, corrections: refs)
    #expect(quarters == Self.distinct(reference.quarters))
    #expect(prefixes == reference.prefixes)
  }

  /// A sorted list with one of each run of equal entries.
  static func distinct<T: Equatable>(_ sorted: [T]) -> [T] {
    var result: [T] = []
    for entry in sorted where result.last != entry { result.append(entry) }
    return result
  }

  @Test("the radix sort sorts, stably")
  func radixSort() {
    var rng = SplitMix64(state: 5)
    for count in [0, 1, 2, 255, 256, 10_000] {
      var values = (0..<count).map { _ in
        UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...63, using: &rng)
      }
      let sorted = values.sorted()
      RadixSort.sort(&values) { $0 }
      #expect(values == sorted)
      var entries = (0..<count).map {
        JournalIndex.PrefixEntry(prefix: UInt64.random(in: 0...20, using: &rng) << 40, line: Int64($0))
      }
      let expected = entries.sorted()
      RadixSort.sort(&entries) { $0.prefix }
      #expect(entries == expected)
    }
  }

  @Test("the id set keeps each id once, zero too")
  func idSet() {
    var set = IDSet()
    var reference = Set<UInt64>()
    var rng = SplitMix64(state: 9)
    for _ in 0..<50_000 {
      let value = UInt64.random(in: 0...30_000, using: &rng) &* 0x9E37_79B9
      #expect(set.insert(value) == reference.insert(value).inserted)
    }
    #expect(set.count == reference.count)
    #expect(set.elements.sorted() == reference.sorted())
  }
}
