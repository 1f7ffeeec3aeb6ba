import PomoCore
import PomoTestSupport
import Testing

/// `"inhibit"`, `"break_lock"` and `"break_lock_command"` in the config file.
@Suite("Config: inhibit and break lock")
struct InhibitConfigTests {
  func parse(_ text: String) throws -> Config { try Config.parse(Array(text.utf8), file: "c.json") }

  @Test("both are off by default; true is the proposal: sleep through work, the screen through workouts")
  func defaults() throws {
    let plain = try parse("{}")
    #expect(!plain.inhibit.isOn)
    #expect(!plain.breakLock.isOn)
    #expect(try parse(#"{"inhibit": true}"#).inhibit == InhibitSettings(sleep: .work, screen: .workout))
    #expect(try parse(#"{"inhibit": false}"#).inhibit == InhibitSettings())
  }

  @Test("each key takes a choice, true for its proposal, or false; a key left out is off")
  func keys() throws {
    #expect(
      try parse(#"{"inhibit": {"sleep": "session", "screen": "work"}}"#).inhibit
        == InhibitSettings(sleep: .session, screen: .work))
    #expect(try parse(#"{"inhibit": {"screen": true}}"#).inhibit == InhibitSettings(sleep: .off, screen: .workout))
    #expect(try parse(#"{"inhibit": {"sleep": true, "screen": false}}"#).inhibit == InhibitSettings(sleep: .work))
    #expect(try parse(#"{"inhibit": {"sleep": "off"}}"#).inhibit == InhibitSettings())
  }

  @Test("break_lock: true locks every break, \"long\" only long ones; the command as an array or a shell string")
  func breakLock() throws {
    #expect(try parse(#"{"break_lock": true}"#).breakLock == BreakLockSettings(breaks: .every))
    #expect(try parse(#"{"break_lock": "long"}"#).breakLock == BreakLockSettings(breaks: .long))
    #expect(try parse(#"{"break_lock": false}"#).breakLock == BreakLockSettings())
    #expect(
      try parse(#"{"break_lock": true, "break_lock_command": ["xdg-screensaver", "lock"]}"#).breakLock.command
        == ["xdg-screensaver", "lock"])
    #expect(
      try parse(#"{"break_lock_command": "swaylock -f && true"}"#).breakLock.command
        == ["/bin/sh", "-c", "swaylock -f && true"])
  }

  @Test(
    "bad settings are one error naming the field",
    arguments: [
      (
        #"{"inhibit": "yes"}"#,
        #"inhibit: expected true, false or an object like {"sleep": "work", "screen": "workout"}, got a string"#
      ),
      (
        #"{"inhibit": {"sleep": "always"}}"#,
        #"inhibit.sleep: expected one of "off", "work", "workout", "session", true or false, got "always""#
      ),
      (#"{"inhibit": {"screen": 1}}"#, "inhibit.screen: expected one of"),
      (#"{"inhibit": {"lid": true}}"#, "lid"),
      (#"{"break_lock": "short"}"#, #"break_lock: expected true, false or "long", got "short""#),
      (#"{"break_lock_command": []}"#, "break_lock_command: expected a command"),
      (#"{"break_lock_command": " "}"#, "break_lock_command: the command is empty"),
      (#"{"break_lock_command": ["", "x"]}"#, "break_lock_command[0]: the command name is empty"),
    ])
  func refused(_ text: String, _ says: String) {
    guard let error = Config.refusal(text)?.description else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(error.contains(says), "\(error)")
    #expect(error.hasPrefix("c.json:1:"), "\(error)")
    #expect(!error.contains("\n"))
  }
}
