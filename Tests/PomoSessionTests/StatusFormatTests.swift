import Foundation
@testable import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo status --format`: every format as a pure render of a saved state, and the option's
/// parsing and errors.
@Suite("Status formats")
struct StatusFormatTests {
  /// 09:10:31 UTC on 2026-12-01: 869 s (14:29) left of a 25-minute focus that ends at 09:25.
  static let now = RFC3339.parse("2026-12-01T09:10:31Z")!

  /// The README's example session: work, phase 3 of 7, round 2 of 4, tagged thesis.
  static func state(
    phase: String = "focus", kind: PhaseKind = .work, round: Int? = 2, paused: Bool = false,
    tags: [String] = ["thesis"], rounds: Int = 4, endless: Bool = false, open: Bool = false
  ) throws -> SessionState {
    func quoted(_ s: String) -> String { JSONOutput.string(s).text }
    let session = JSONOutput.object([
      ("v", .int(1)), ("id", .string("x")), ("preset", .string("work")), ("status", .string("interrupted")),
      ("start", .string("2026-12-01T08:30:00Z")), ("end", .string("2026-12-01T09:00:00Z")),
      ("tags", .array(tags.map(JSONOutput.string))), ("host", .string("h")), ("rounds", .int(Int64(rounds))),
      ("paused_seconds", .int(0)), ("phases", .array([])),
    ] + (endless ? [("endless", .bool(true))] : [])).text
    let text = """
      {"v":1,"pid":4242,"updated":"2026-12-01T09:00:00Z","phase_index":2,"phase_count":7,\
      "phase":{"name":\(quoted(phase)),"kind":"\(kind.rawValue)","round":\(round.map(String.init) ?? "null"),\
      "planned_seconds":1500,"length_seconds":1500,"offset_seconds":1800,"start":"2026-12-01T09:00:00Z",\
      "deadline":"2026-12-01T09:\(open ? "00" : "25"):00Z",\(open ? #""open":true,"# : "")"paused_at":\(paused ? "\"2026-12-01T09:10:31Z\"" : "null"),\
      "paused_seconds":0},"total_seconds":6900,"plan":[],"session":\(session)}
      """
    return try SessionState(bytes: Array(text.utf8))
  }

  /// In Berlin's winter time, UTC+1.
  static func render(
    _ state: SessionState?, _ format: StatusFormat, at time: Double = now, goal: GoalProgress? = nil
  ) -> String {
    StatusText.render(state, now: time, format: format, offset: { _ in 3600 }, goal: goal)
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  // MARK: - Each format

  @Test("an endless quick timer shows its round alone")
  func endless() throws {
    let s = try Self.state(rounds: 10000, endless: true)
    #expect(Self.render(s, .text) == "WORK focus 14:29 (42%, round 2)")
    #expect(try Self.object(Self.render(s, .json))["rounds"] is NSNull)
    #expect(Self.render(s, try StatusFormat(parsing: "{round}/{rounds}")) == "2/")
  }

  @Test("10,000 rounds asked for are shown as such, not as endless ones")
  func manyRounds() throws {
    let s = try Self.state(rounds: 10000)
    #expect(Self.render(s, .text) == "WORK focus 14:29 (42%, round 2/10000)")
    #expect(Self.render(s, try StatusFormat(parsing: "{round}/{rounds}")) == "2/10000")
  }

  @Test("text and json are as before --format existed")
  func textAndJSON() throws {
    let s = try Self.state()
    #expect(Self.render(s, .text) == "WORK focus 14:29 (42%, round 2/4)")
    #expect(Self.render(s, .text) == StatusText.line(s, now: Self.now))
    #expect(
      Self.render(s, .json)
        == #"{"state":"running","preset":"work","phase":"focus","kind":"work","remaining_seconds":869,"remaining":"14:29","phase_progress":0.421,"session_progress":0.352,"phase_index":3,"phase_count":7,"round":2,"rounds":4,"deadline":"2026-12-01T10:25:00+01:00","started":"2026-12-01T09:30:00+01:00","tags":["thesis"],"pid":4242}"#
    )
    #expect(
      Self.render(try Self.state(paused: true), .text, at: Self.now + 600) == "PAUSED focus 14:29 (42%, round 2/4)")
    #expect(Self.render(nil, .text) == "idle")
    #expect(Self.render(nil, .json) == #"{"state":"idle"}"#)
  }

  @Test("an open phase (Flowtime) says so: its time so far, no share of the phase, no deadline")
  func openPhase() throws {
    let s = try Self.state(phase: "flow", open: true)
    #expect(Self.render(s, .text) == "WORK flow +10:31 (open, round 2/4)")
    let json = try Self.object(Self.render(s, .json))
    #expect(json["open"] as? Bool == true)
    #expect(json["elapsed_seconds"] as? Int == 631)
    #expect(json["remaining_seconds"] as? Int == 0)
    #expect(json["deadline"] is NSNull)
    let tooltip = try Self.object(Self.render(s, .waybar))["tooltip"] as? String
    #expect(tooltip == "work: flow (work), round 2/4\n+10:31 so far, an open phase, 47% of the session\ntags: thesis")
    // A phase with an end has neither key.
    let planned = try Self.object(Self.render(try Self.state(), .json))
    #expect(planned["open"] == nil && planned["elapsed_seconds"] == nil)
  }

  @Test("waybar: the five keys, running, paused, a rest phase, and idle")
  func waybar() throws {
    #expect(
      Self.render(try Self.state(), .waybar)
        == #"{"text":"WORK focus 14:29","alt":"running","tooltip":"work: focus (work), round 2/4\n14:29 left, 42% of the phase, 35% of the session\ntags: thesis","class":"work","percentage":42}"#
    )
    let paused = try Self.object(Self.render(try Self.state(paused: true), .waybar, at: Self.now + 600))
    #expect(paused["text"] as? String == "PAUSED focus 14:29")
    #expect(paused["alt"] as? String == "paused")
    #expect(paused["class"] as? String == "paused")
    #expect(paused["percentage"] as? Int == 42)
    #expect((paused["tooltip"] as? String)?.contains("\npaused") == true)
    let rest = try Self.object(Self.render(try Self.state(phase: "break", kind: .rest, round: nil, tags: []), .waybar))
    #expect(rest["class"] as? String == "rest")
    #expect(rest["tooltip"] as? String == "work: break (rest)\n14:29 left, 42% of the phase, 35% of the session")
    #expect(
      Self.render(nil, .waybar) == #"{"text":"","alt":"idle","tooltip":"","class":"idle","percentage":0}"#)
  }

  @Test("waybar: percentage is a whole number from 0 to 100")
  func waybarPercentage() throws {
    let s = try Self.state()
    let start = RFC3339.parse("2026-12-01T09:00:00Z")!
    for (time, expected) in [
      (start - 5, 0), (start, 0), (start + 749, 49), (start + 750, 50), (start + 1500, 100), (start + 9999, 100),
    ] {
      let object = try Self.object(Self.render(s, .waybar, at: time))
      #expect(object["percentage"] as? Int == expected, "at \(time - start) s")
    }
  }

  @Test("waybar: names are Pango-escaped, so 'Q&A <prep>' shows as written")
  func pango() throws {
    let s = try Self.state(phase: #"Q&A <prep> "it's""#, tags: ["R&D"])
    let object = try Self.object(Self.render(s, .waybar))
    #expect(object["text"] as? String == "WORK Q&amp;A &lt;prep&gt; &quot;it&#39;s&quot; 14:29")
    let tooltip = try #require(object["tooltip"] as? String)
    #expect(tooltip.hasPrefix("work: Q&amp;A &lt;prep&gt; &quot;it&#39;s&quot; (work)"))
    #expect(tooltip.hasSuffix("tags: R&amp;D"))
    #expect(StatusText.pango("plain") == "plain")
    #expect(StatusText.pango(#"&<>'""#) == "&amp;&lt;&gt;&#39;&quot;")
    // i3blocks is plain text: no entities.
    let i3 = try Self.object(Self.render(s, .i3blocks))
    #expect(i3["full_text"] as? String == #"WORK Q&A <prep> "it's" 14:29 (42%, round 2/4)"#)
  }

  @Test("i3blocks: full_text, short_text and a colour per kind, paused and idle")
  func i3blocks() throws {
    #expect(
      Self.render(try Self.state(), .i3blocks)
        == ##"{"full_text":"WORK focus 14:29 (42%, round 2/4)","short_text":"WORK 14:29","color":"#E06C75"}"##)
    let rest = try Self.object(Self.render(try Self.state(phase: "break", kind: .rest, round: nil), .i3blocks))
    #expect(rest["full_text"] as? String == "REST break 14:29 (42%)")
    #expect(rest["color"] as? String == "#98C379")
    let paused = try Self.object(Self.render(try Self.state(paused: true), .i3blocks))
    #expect(paused["short_text"] as? String == "PAUSED 14:29")
    #expect(paused["color"] as? String == "#E5C07B")
    #expect(Self.render(nil, .i3blocks) == ##"{"full_text":"","short_text":"","color":"#888888"}"##)
  }

  static let fieldCases: [(String, String)] = [
    ("{phase}", "focus"), ("{remaining}", "14:29"), ("{kind}", "work"), ("{badge}", "WORK"), ("{state}", "running"),
    ("{preset}", "work"), ("{remaining_seconds}", "869"), ("{percent}", "42"), ("{session_percent}", "35"),
    ("{round}", "2"), ("{rounds}", "4"), ("{phase_index}", "3"), ("{phase_count}", "7"),
    ("{deadline}", "2026-12-01T10:25:00+01:00"), ("{started}", "2026-12-01T09:30:00+01:00"), ("{tags}", "thesis"),
    ("{pid}", "4242"), ("{goal}", "3:10/4:00"),
    ("{kind} {phase} {remaining} {round}/{rounds}", "work focus 14:29 2/4"),
    ("{{{badge}}} {{x}} }}{{", "{WORK} {x} }{"), ("no fields, only {{braces}}", "no fields, only {braces}"),
  ]

  @Test("template fields", arguments: fieldCases)
  func templateField(_ template: String, _ expected: String) throws {
    let goal = GoalProgress(focusSeconds: 3 * 3600 + 600 + 59, goalSeconds: 4 * 3600)
    #expect(Self.render(try Self.state(), .template(template), goal: goal) == expected)
  }

  @Test("every documented field has a case, and the README's table lists each")
  func fieldsDocumented() throws {
    let tested = Set(
      Self.fieldCases.flatMap { (try? Template(parsing: $0.0, fields: StatusFormat.fields).parts) ?? [] }
        .compactMap { part -> String? in if case .field(let name) = part { name } else { nil } })
    #expect(tested == Set(StatusFormat.fields))
    let readme = try documentationText()
    for field in StatusFormat.fields { #expect(readme.contains("`{\(field)}`"), "\(field)") }
  }

  @Test("templates: idle is an empty line; paused, warm-up and names from files")
  func templateStates() throws {
    #expect(Self.render(nil, .template("{badge} {remaining}")) == "")
    #expect(Self.render(nil, .template("pomo: {phase}")) == "")
    let paused = Self.render(try Self.state(paused: true), .template("{state} {badge} {remaining}"), at: Self.now + 60)
    #expect(paused == "paused PAUSED 14:29")
    #expect(Self.render(try Self.state(round: nil), .template("[{round}]")) == "[]")
    #expect(Self.render(try Self.state(tags: ["a", "b"]), .template("{tags}")) == "a, b")
    let hostile = try Self.state(phase: "x\u{1B}[2Jy", tags: ["t\u{9B}1m"])
    // A tag with a control character is quoted, so it never reads as one holding "^[" (TagList).
    #expect(Self.render(hostile, .template("{phase} {tags}")) == "x^[[2Jy \"t^[[1m\"")
    #expect(Self.render(hostile, .text) == "WORK x^[[2Jy 14:29 (42%, round 2/4)")
    for format in [StatusFormat.waybar, .i3blocks, .json] {
      let text = Self.render(hostile, format)
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      _ = try Self.object(text)
    }
    #expect(try Self.object(Self.render(hostile, .waybar))["text"] as? String == "WORK x^[[2Jy 14:29")
  }

  // MARK: - Parsing

  @Test("the option's words and templates")
  func parsing() throws {
    #expect(try StatusFormat(parsing: "text") == .text)
    #expect(try StatusFormat(parsing: "json") == .json)
    #expect(try StatusFormat(parsing: "waybar") == .waybar)
    #expect(try StatusFormat(parsing: "i3blocks") == .i3blocks)
    #expect(try StatusFormat(parsing: "{phase}") == .template("{phase}"))
    #expect(try StatusFormat(parsing: "{{") == .template("{{"))
    #expect(throws: StatusFormat.Problem.unknownName("wayber", suggestion: "waybar")) {
      try StatusFormat(parsing: "wayber")
    }
    #expect(throws: StatusFormat.Problem.template(.unclosed)) { try StatusFormat(parsing: "{phase") }
    #expect(throws: StatusFormat.Problem.template(.strayClose)) { try StatusFormat(parsing: "{phase}}") }
    #expect(
      throws: StatusFormat.Problem.template(
        .unknownField("remainig", fields: StatusFormat.fields, suggestion: "remaining"))
    ) { try StatusFormat(parsing: "{kind} {remainig}") }
    #expect(StatusFormat.json.isJSON && StatusFormat.waybar.isJSON && StatusFormat.i3blocks.isJSON)
    #expect(!StatusFormat.text.isJSON && !StatusFormat.template("{x}").isJSON)
  }

  @Test("the README's examples are what pomo prints for the example session")
  func readmeExamples() throws {
    let readme = try documentationText()
    let s = try Self.state()
    for format in [StatusFormat.waybar, .i3blocks, .template("{badge} {phase} {remaining} {round}/{rounds}")] {
      #expect(readme.contains("\n" + Self.render(s, format) + "\n"), "\(format)")
    }
  }
}
