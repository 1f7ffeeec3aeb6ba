/// Whether the music on the desktop follows the phases (`"music"`): which kind of phase pauses
/// the players that play, and which resumes those pomo paused. Off unless the config says so.
///
/// `"music": {"work": "play", "rest": "pause"}` (music while you work, quiet in the break), the
/// other way round, or `"music": "off"`. One kind may be given alone: the other does the
/// opposite.
package struct MusicSettings: Equatable, Sendable {
  /// What a kind of phase does to the music.
  package enum Action: String, ChoiceValue {
    /// Resume the players pomo paused (never one it did not pause).
    case play
    /// Pause every player that plays.
    case pause
  }

  /// The kind of phase that pauses the music; nil: the music is left alone.
  package var pausedKind: PhaseKind?

  package init(pausedKind: PhaseKind? = nil) {
    self.pausedKind = pausedKind
  }

  package var isOn: Bool { pausedKind != nil }

  /// What `kind`'s phases do to the music, when it follows the phases.
  package func action(for kind: PhaseKind) -> Action? {
    guard let pausedKind else { return nil }
    return kind == pausedKind ? .pause : .play
  }
}

extension MusicSettings {
  /// Reads `"music"` from the config's fields.
  static func parse(_ fields: [String: JSONValue], _ reader: JSONReader) throws(DataFileError) -> MusicSettings {
    guard let v = fields["music"] else { return MusicSettings() }
    let example = #"{"work": "play", "rest": "pause"}"#
    // `false` is off, as for "dnd", "inhibit" and "break_lock".
    if case .bool(false) = v.kind { return MusicSettings() }
    if case .string(let text) = v.kind {
      guard text == "off" else {
        throw reader.error(v, "music", "expected \"off\", false or an object like \(example), got \(v.snippet)")
      }
      return MusicSettings()
    }
    guard case .object = v.kind else {
      throw reader.error(v, "music", "expected \"off\", false or an object like \(example), got \(v.typeName)")
    }
    let kinds = try reader.fields(v, path: "music", allowed: PhaseKind.allCases.map(\.rawValue), required: [])
    var actions: [PhaseKind: Action] = [:]
    for kind in PhaseKind.allCases {
      guard let value = kinds[kind.rawValue] else { continue }
      actions[kind] = try reader.choice(value, path: "music.\(kind.rawValue)", Action.self)
    }
    guard !actions.isEmpty else {
      throw reader.error(v, "music", "expected \"work\" or \"rest\" (or both), like \(example)")
    }
    if let work = actions[.work], let rest = actions[.rest], work == rest {
      throw reader.error(
        kinds["rest"]!, "music.rest",
        "\"work\" and \"rest\" are both \"\(work.rawValue)\": one kind of phase plays the music and the other pauses it")
    }
    if let work = actions[.work] { return MusicSettings(pausedKind: work == .pause ? .work : .rest) }
    return MusicSettings(pausedKind: actions[.rest] == .pause ? .rest : .work)
  }
}
