import Testing

@testable import PomoCore

/// Open phases (`"duration": "open"`) and the rest they earn (`rest_ratio`, `rest_rules`) in
/// preset files: what loads, and the one line each mistake gets.
@Suite("Preset files: open phases and earned rest")
struct EarnedRestDecoderTests {
  static let open = #"{"round": [{"name": "flow", "kind": "work", "duration": "open"}, {"name": "b", "kind": "rest", "duration": "5m"}]"#

  /// The preset files' own helpers: decode as "my.json", or the one-line error.
  func decode(_ text: String) throws(DataFileError) -> Preset { try PresetDecoderTests().decode(text) }
  func message(_ text: String) -> String? { PresetDecoderTests().message(text) }

  @Test("an open focus with a ratio, and with rules, decodes and writes back the same")
  func decodes() throws {
    let ratio = try decode(Self.open + #", "rest_ratio": 0.2}"#)
    #expect(ratio.round[0].open && ratio.round[0].duration == .zero && !ratio.round[1].open)
    #expect(ratio.earnedRest == .ratio(0.2))
    let rules = try decode(Self.open + #", "rest_rules": [["25m", "5m"], ["50m", "8m"], ["90m", "10m"], [null, "15m"]]}"#)
    #expect(
      rules.earnedRest
        == .rules([
          .init(under: .seconds(1500), rest: .seconds(300)), .init(under: .seconds(3000), rest: .seconds(480)),
          .init(under: .seconds(5400), rest: .seconds(600)), .init(under: nil, rest: .seconds(900)),
        ]))
    for preset in [ratio, rules] {
      let again = try decode(PresetJSON.render(preset))
      #expect(again.round == preset.round && again.earnedRest == preset.earnedRest)
    }
    #expect(PresetJSON.render(rules).contains(#""rest_rules": [["25m", "5m"], ["50m", "8m"], ["1h 30m", "10m"], [null, "15m"]]"#))
  }

  @Test("the built-in flow is an open focus with a fifth of it as rest")
  func builtIn() throws {
    let flow = try #require(BuiltinPresetFiles.all.first { $0.name == "flow" })
    let preset = try decode(flow.text)
    #expect(preset.round.first?.open == true && preset.earnedRest == .ratio(0.2))
  }

  static let errors: [(String, String)] = [
    (
      open + #", "rest_ratio": 0}"#,
      "my.json:1:130: rest_ratio: a rest ratio is more than 0 and less than 1 (0.2 earns 1 min of rest for 5 of focus), got 0"
    ),
    (
      open + #", "rest_ratio": 50}"#,
      "my.json:1:130: rest_ratio: a rest ratio is more than 0 and less than 1 (0.2 earns 1 min of rest for 5 of focus), got 50"
    ),
    (open + #", "rest_ratio": "0.2"}"#, "my.json:1:130: rest_ratio: expected a number like 0.2, got a string"),
    (
      open + #", "rest_rules": [["50m", "8m"], ["25m", "5m"]]}"#,
      "my.json:1:147: rest_rules[1][0]: rules go from the shortest focus to the longest: 25m comes after 50m"
    ),
    (
      open + #", "rest_rules": [[null, "8m"], ["25m", "5m"]]}"#,
      "my.json:1:132: rest_rules[0][0]: null (any longer focus) belongs only in the last rule"
    ),
    (
      open + #", "rest_rules": [["25m"]]}"#,
      #"my.json:1:131: rest_rules[0]: a rule is [focus under, rest] like ["25m", "5m"], got 1 item"#
    ),
    (open + #", "rest_rules": []}"#, "my.json:1:130: rest_rules: the list of rules is empty"),
    (
      open + #", "rest_ratio": 0.2, "rest_rules": [[null, "5m"]]}"#,
      #"my.json:1:130: rest_ratio: give "rest_ratio" or "rest_rules", not both"#
    ),
    (
      #"{"round": [{"name": "b", "kind": "rest", "duration": "open"}]}"#,
      "my.json:1:54: round[0].duration: only a work phase can be open; a rest is earned from the focus before it"
    ),
    (
      open + #", "advance": "confirm"}"#,
      "my.json:1:127: advance: a preset with an open phase (\"duration\": \"open\") cannot wait for confirmation: the open phase already waits for space, 'pomo next' or 'pomo skip'"
    ),
    (
      open + #", "advance": {"rest": "confirm"}}"#,
      "my.json:1:127: advance: a preset with an open phase (\"duration\": \"open\") cannot wait for confirmation: the open phase already waits for space, 'pomo next' or 'pomo skip'"
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "open", "split": ["a", "b"]}]}"#,
      "my.json:1:71: round[0].split: an open phase has no length to split"
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m"}], "long_break": {"every": 2, "duration": "open"}}"#,
      #"my.json:1:101: long_break.duration: expected a duration like "25m", "90s", "1h30m" or "1:30", got "open""#
    ),
  ]

  @Test("each mistake is one line naming the key", arguments: errors)
  func error(text: String, expected: String) {
    #expect(message(text) == expected)
  }
}
