import Testing

@testable import PomoCore

/// `"remind"` and `"work_days"`: read as the other keys are, refused naming the key.
@Suite("Config: remind and work_days")
struct NudgeConfigTests {
  @Test("remind is off by default and takes any duration, seconds too; work_days is Monday to Friday by default")
  func defaults() throws {
    let none = try Config.parse(Array("{}".utf8), file: "c.json")
    #expect(none.remind == nil)
    #expect(none.workDays == .standard)
    #expect(none.workDays.text == "mon–fri")
    let config = try Config.parse(
      Array(#"{"remind": "30s", "work_days": ["sun", "Mon", "sat"]}"#.utf8), file: "c.json")
    #expect(config.remind == .seconds(30))
    #expect(config.workDays == WorkDays([7, 1, 6]))
    #expect(config.workDays.text == "mon, sat, sun")
    #expect(try Config.parse(Array(#"{"remind": 300}"#.utf8), file: "c.json").remind == .seconds(300))
    #expect(try Config.parse(Array(#"{"work_days": []}"#.utf8), file: "c.json").workDays.text == "none")
  }

  @Test(
    "a bad remind or work_days is one line naming the key",
    arguments: [
      (#"{"remind": "soon"}"#, "remind: "),
      (#"{"remind": 0}"#, "remind: "),
      (#"{"remind": "0.5s"}"#, #"remind: expected at least 1s, got "0.5s""#),
      (#"{"work_days": "mon-fri"}"#, #"work_days: expected an array of days like ["mon", "tue"], got a string"#),
      (
        #"{"work_days": ["monday"]}"#,
        #"work_days[0]: expected one of "mon", "tue", "wed", "thu", "fri", "sat", "sun", got "monday""#
      ),
      (#"{"work_days": ["mon", "mon"]}"#, #"work_days[1]: "mon" is named twice"#),
      (#"{"work_days": [1]}"#, "work_days[0]: "),
    ])
  func refused(_ text: String, _ message: String) {
    let error = Config.refusal(text)?.description
    #expect(error?.contains(message) == true, "\(error ?? "\(text) was taken")")
    #expect(error?.contains("\n") == false)
  }
}
