import Foundation
import PomoTestSupport
import Testing

@testable import PomoControl
@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform

/// The control socket's lines, parsed and checked without a session: every request, and
/// the replies a client takes.
@Suite("Control protocol")
struct ControlProtocolTests {
  static let requests: [(String, ControlProtocol.Request?)] = [
    ("pause", .command(.pause)), ("resume", .command(.resume)), ("toggle", .command(.toggle)),
    ("skip", .command(.skip)), ("stop", .command(.stop)), ("next", .command(.next)),
    ("extend 60000", .command(.extend(.seconds(60)))), ("extend 1", .command(.extend(.milliseconds(1)))),
    ("extend 86400000", .command(.extend(.seconds(86400)))), ("state", .state), ("follow", .follow),
    ("extend 86400001", nil), ("extend 0", nil), ("extend", nil), ("extend +5", nil), ("Pause", nil), ("", nil),
    ("pause\r", nil), ("pause ", nil), ("pause\t", nil),
    ("pause until 123", .timed(.pause, until: 123)),
    ("stop until 9007199254740", .timed(.stop, until: 9_007_199_254_740)),
    ("extend 60000 until 5", .timed(.extend(.seconds(60)), until: 5)), ("state until 5", nil), ("follow until 5", nil),
    ("pause until", nil), ("pause until x", nil), ("pause until -1", nil), ("until 5", nil),
    ("pause until 5 until 6", nil),
    ("pause until 1234567890123456", nil), ("extend until 5", nil),
    // Tags and notes, each byte outside [A-Za-z0-9._-] escaped.
    ("tag thesis", .command(.tag(["thesis"]))), ("tag a b.c", .command(.tag(["a", "b.c"]))),
    ("tag c%20d %C3%A9", .command(.tag(["c d", "é"]))), ("untag a", .command(.untag(["a"]))),
    ("note", .command(.note(nil))), ("note chapter%203%25", .command(.note("chapter 3%"))),
    ("tag", nil), ("untag", nil), ("tag %", nil), ("tag %2", nil), ("tag %ZZ", nil), ("tag %FF", nil),
    ("note a b", nil), ("tag a until 5", .timed(.tag(["a"]), until: 5)),
  ]

  @Test("requests: each known line, and lines that are not", arguments: requests)
  func request(line: String, expected: ControlProtocol.Request?) {
    let parsed = try? ControlProtocol.request(Array(line.utf8)[...]).get()
    #expect(parsed == expected)
    if let expected {
      #expect(ControlProtocol.encode(expected) == Array((line + "\n").utf8))
    }
  }

  @Test("a reply line: state, idle, error, or nothing")
  func replies() {
    #expect(ControlProtocol.reply(Array("idle".utf8)[...]) == .idle)
    #expect(ControlProtocol.reply(Array("error no".utf8)[...]) == .error("no"))
    #expect(ControlProtocol.reply(Array("state {}".utf8)[...]) == nil)
    #expect(ControlProtocol.reply(Array("hello".utf8)[...]) == nil)
    #expect(ControlProtocol.reply(Array("tick 1764583200250".utf8)[...]) == .tick(1_764_583_200.25))
    #expect(ControlProtocol.encode(.tick(1_764_583_200.25), offset: { _ in 0 }) == Array("tick 1764583200250\n".utf8))
    for bad in ["tick", "tick ", "tick -5", "tick 1.5", "tick 99999999999999999999"] {
      #expect(ControlProtocol.reply(Array(bad.utf8)[...]) == nil, "\(bad)")
    }
  }
}
