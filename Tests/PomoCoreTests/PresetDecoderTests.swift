import Testing

@testable import PomoCore

@Suite("Preset files")
struct PresetDecoderTests {
  func decode(_ text: String) throws(DataFileError) -> Preset {
    try PresetDecoder(file: "my.json").decode(text, defaultName: "my", source: .file("my.json"))
  }

  func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("a full preset decodes")
  func full() throws {
    let preset = try decode(
      """
      {"name": "mine", "description": "d", "rounds": 3, "skip_last_rest": true, "cue": 3,
       "warmup": [{"name": "w", "kind": "rest", "duration": 60}],
       "round": [{"name": "f", "kind": "work", "duration": "25m"}, {"name": "b", "kind": "rest", "duration": "5:00"}],
       "long_break": {"every": 2, "duration": "15m"},
       "cooldown": [{"name": "c", "kind": "rest", "duration": "1m"}]}
      """)
    #expect(preset.name == "mine")
    #expect(preset.rounds == 3)
    #expect(preset.round[1].duration == .seconds(300))
    #expect(
      preset.longBreak
        == .init(every: 2, phase: PhaseTemplate(name: "long break", kind: .rest, duration: .seconds(900))))
    #expect(preset.cue == 3)
  }

  static let round = #""round": [{"name": "f", "kind": "work", "duration": "1m"}]"#

  static let errors: [(String, String)] = [
    (
      "{\n  \"round\": [\n    {\"name\": \"f\", \"kind\": \"work\", \"duration\": \"1m\"},\n  ]\n}",
      "my.json:4:3: invalid JSON: trailing comma before ']'"
    ),
    ("{\(round), \"roundz\": 3}", #"my.json:1:62: roundz: unknown key; did you mean "round"?"#),
    (#"{"rounds": 2}"#, "my.json:1:1: round: missing required key"),
    (#"{"round": [{"name": "f", "kind": "work"}]}"#, "my.json:1:12: round[0].duration: missing required key"),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m"}, {"name": "g", "kind": "work", "duration": "-5"}]}"#,
      #"my.json:1:103: round[1].duration: a duration must be more than zero, got "-5""#
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "soon"}]}"#,
      #"my.json:1:54: round[0].duration: expected a duration like "25m", "90s", "1h30m" or "1:30", got "soon""#
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "25h"}]}"#,
      #"my.json:1:54: round[0].duration: a duration must be at most 24h, got "25h""#
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": 0}]}"#,
      "my.json:1:54: round[0].duration: a duration must be more than zero, got 0"
    ),
    (
      #"{"round": [{"name": "f", "kind": "play", "duration": "1m"}]}"#,
      #"my.json:1:34: round[0].kind: expected "work" or "rest", got "play""#
    ),
    (#"{"round": []}"#, "my.json:1:11: round: a round needs at least one phase"),
    ("{\(round), \"rounds\": 0}", "my.json:1:72: rounds: expected a whole number from 1 to 10000, got 0"),
    ("{\(round), \"rounds\": 10001}", "my.json:1:72: rounds: expected a whole number from 1 to 10000, got 10001"),
    ("{\(round), \"rounds\": 1e400}", "my.json:1:72: rounds: expected a whole number from 1 to 10000, got 1e400"),
    ("{\(round), \"rounds\": \"4\"}", "my.json:1:72: rounds: expected a whole number from 1 to 10000, got a string"),
    ("{\(round), \"skip_last_rest\": 1}", "my.json:1:80: skip_last_rest: expected true or false, got a number"),
    ("[1]", "my.json:1:1: expected an object, got an array"),
    (#"{"round": {"name": "f"}}"#, "my.json:1:11: round: expected an array of phases, got an object"),
    ("{\(round), \"long_break\": {\"every\": 4}}", "my.json:1:76: long_break.duration: missing required key"),
    (
      "{\(round), \"name\": \"my preset\"}",
      "my.json:1:70: name: a name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit, got \"my preset\""
    ),
  ]

  @Test("every error names the file, position and key path", arguments: errors)
  func error(text: String, expected: String) {
    #expect(message(text) == expected)
  }
}
