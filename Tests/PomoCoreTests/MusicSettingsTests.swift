import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Music in the config")
struct MusicSettingsTests {
  @Test(
    "off by default; each way of saying which kind pauses the music",
    arguments: [
      ("{}", nil),
      (#"{"music": "off"}"#, nil),
      (#"{"music": false}"#, nil),
      (#"{"music": {"work": "play", "rest": "pause"}}"#, PhaseKind.rest),
      (#"{"music": {"work": "pause", "rest": "play"}}"#, PhaseKind.work),
      (#"{"music": {"rest": "pause"}}"#, PhaseKind.rest),
      (#"{"music": {"work": "pause"}}"#, PhaseKind.work),
      (#"{"music": {"work": "play"}}"#, PhaseKind.rest),
    ] as [(String, PhaseKind?)])
  func taken(_ text: String, _ pausedKind: PhaseKind?) throws {
    let config = try Config.parse(Array(text.utf8), file: "c.json")
    #expect(config.music.pausedKind == pausedKind)
    #expect(config.music.isOn == (pausedKind != nil))
  }

  @Test(
    "a bad \"music\" is one line naming the field",
    arguments: [
      (#"{"music": true}"#, #"c.json:1:11: music: expected "off", false or an object like {"work": "play", "rest": "pause"}, got a boolean"#),
      (#"{"music": "on"}"#, #"c.json:1:11: music: expected "off", false or an object like {"work": "play", "rest": "pause"}, got "on""#),
      (#"{"music": {"work": "loud"}}"#, #"c.json:1:20: music.work: expected one of "play", "pause", got "loud""#),
      (#"{"music": {"lunch": "play"}}"#, "music.lunch"),
      (#"{"music": {}}"#, #"c.json:1:11: music: expected "work" or "rest" (or both), like {"work": "play", "rest": "pause"}"#),
      (
        #"{"music": {"work": "pause", "rest": "pause"}}"#,
        #"c.json:1:37: music.rest: "work" and "rest" are both "pause": one kind of phase plays the music and the other pauses it"#
      ),
    ])
  func refused(_ text: String, _ message: String) throws {
    let error = try #require(Config.refusal(text))
    #expect(error.description.contains(message), "\(error.description)")
    #expect(!error.description.contains("\n"))
  }
}
