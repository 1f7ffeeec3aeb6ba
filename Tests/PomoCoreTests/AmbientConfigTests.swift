import PomoTestSupport
import Testing

@testable import PomoCore

/// `"sounds": {"ambient": …}`: a noise pomo makes or a file, off unless set, and a bad value
/// refused with a line that names the key.
@Suite("The ambient sound's setting")
struct AmbientConfigTests {
  @Test("brown, pink and white are pomo's noises, anything else a file, and none is set by default", arguments: [
    (#"{"sounds": {"ambient": "brown"}}"#, AmbientSource.noise(.brown)),
    (#"{"sounds": {"ambient": "pink"}}"#, AmbientSource.noise(.pink)),
    (#"{"sounds": {"ambient": "white"}}"#, AmbientSource.noise(.white)),
    (#"{"sounds": {"ambient": "~/rain.wav"}}"#, AmbientSource.file("~/rain.wav")),
    (#"{"sounds": {"ambient": null}}"#, nil),
    (#"{"sounds": {"work_end": "chime"}}"#, nil),
    ("{}", nil),
  ] as [(String, AmbientSource?)])
  func parsed(_ text: String, _ expected: AmbientSource?) throws {
    let config = try Config.parse(Array(text.utf8), file: "c.json")
    #expect(config.sounds.ambient == expected)
  }

  @Test("a value that is not a name or a file is refused in one line naming sounds.ambient", arguments: [
    (#"{"sounds": {"ambient": true}}"#, #"sounds.ambient: expected "brown", "pink", "white" or a WAV file, got true"#),
    (#"{"sounds": {"ambient": ""}}"#, "sounds.ambient: expected \"brown\", \"pink\", \"white\" or a WAV file, got an empty string"),
    (#"{"sounds": {"ambient": ["brown"]}}"#, #"sounds.ambient: expected "brown", "pink", "white" or a WAV file, got [...]"#),
    (#"{"sounds": {"ambiant": "brown"}}"#, #"sounds.ambiant: unknown key; did you mean "ambient"?"#),
  ])
  func refused(_ text: String, _ message: String) {
    let error = Config.refusal(text)?.description
    #expect(error?.contains(message) == true, "\(error ?? "\(text) was taken")")
    #expect(error?.contains("\n") == false)
  }
}
