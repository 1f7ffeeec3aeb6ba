/// When a session keeps the machine from sleeping and the screen on (`"inhibit"`). Off by
/// default; `"inhibit": true` is `{"sleep": "work", "screen": "workout"}`: no sleep in the
/// middle of focus, and a screen that stays on while you follow a workout from the mat.
package struct InhibitSettings: Equatable, Sendable {
  /// Which running phases hold something back. A paused or waiting session holds nothing.
  package enum When: String, ChoiceValue {
    /// Never.
    case off
    /// Every work phase: focus, and a workout's work.
    case work
    /// Every phase of a workout (a workout preset or quick timer, or the big display, which
    /// is read from across the room).
    case workout
    /// Every phase of every session.
    case session
  }

  /// When logind holds idleness and sleep back ("idle:sleep"; `caffeinate` on macOS).
  package var sleep = When.off
  /// When the screen saver is held back (`org.freedesktop.ScreenSaver`).
  package var screen = When.off

  package init(sleep: When = .off, screen: When = .off) {
    self.sleep = sleep
    self.screen = screen
  }

  /// What `"inhibit": true` means, and `true` for one of the keys.
  package static let proposed = InhibitSettings(sleep: .work, screen: .workout)

  package var isOn: Bool { sleep != .off || screen != .off }
}

extension InhibitSettings.When {
  /// Whether a running phase of `kind` wants this held, in a session that is a `workout`.
  package func holds(kind: PhaseKind, workout: Bool) -> Bool {
    switch self {
    case .off: false
    case .work: kind == .work
    case .workout: workout
    case .session: true
    }
  }
}

extension InhibitSettings {
  /// Reads `"inhibit"`: true, false, or `{"sleep": WHEN, "screen": WHEN}` where WHEN is
  /// "work", "workout", "session", "off", or true (the proposal's) or false.
  static func parse(_ value: JSONValue, _ reader: JSONReader) throws(DataFileError) -> InhibitSettings {
    if case .bool(let on) = value.kind { return on ? proposed : InhibitSettings() }
    guard case .object = value.kind else {
      throw reader.error(
        value, "inhibit",
        "expected true, false or an object like {\"sleep\": \"work\", \"screen\": \"workout\"}, got \(value.typeName)")
    }
    let keys = try reader.fields(value, path: "inhibit", allowed: ["sleep", "screen"], required: [])
    func when(_ key: String, proposal: When) throws(DataFileError) -> When {
      guard let v = keys[key] else { return .off }
      if case .bool(let on) = v.kind { return on ? proposal : .off }
      guard case .string(let text) = v.kind, let choice = When(rawValue: text) else {
        let choices = When.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw reader.error(v, "inhibit.\(key)", "expected one of \(choices), true or false, got \(v.snippet)")
      }
      return choice
    }
    return InhibitSettings(
      sleep: try when("sleep", proposal: proposed.sleep), screen: try when("screen", proposal: proposed.screen))
  }
}
