import PomoPlatform

/// Writes a preset as a preset file: the canonical JSON of the decoded preset.
///
/// `pomo presets show --json` and `pomo presets new` print this rather than the file's own
/// bytes, so built-ins and files read the same, and what is printed always loads back to the
/// same plan: durations are written exactly (`DurationText.format`), defaults are left out
/// except `rounds`, and keys come in the order docs/presets.md gives.
package enum PresetJSON {
  /// The file text, ending in a newline; `schema` becomes the `$schema` key when given.
  package static func render(_ preset: Preset, schema: String? = nil) -> String {
    var members: [(String, String)] = []
    if let schema { members.append(("$schema", JSONOutput.string(schema).text)) }
    members.append(("name", JSONOutput.string(preset.name).text))
    if !preset.description.isEmpty { members.append(("description", JSONOutput.string(preset.description).text)) }
    if !preset.warmup.isEmpty { members.append(("warmup", phases(preset.warmup))) }
    members.append(("rounds", "\(preset.rounds)"))
    members.append(("round", phases(preset.round)))
    if preset.skipLastRest { members.append(("skip_last_rest", "true")) }
    if let longBreak = preset.longBreak {
      members.append(
        (
          "long_break",
          inline([
            ("every", .int(Int64(longBreak.every))), ("name", .string(longBreak.phase.name)),
            ("duration", .string(DurationText.format(longBreak.phase.duration))),
          ])
        ))
    }
    if !preset.cooldown.isEmpty { members.append(("cooldown", phases(preset.cooldown))) }
    if preset.cue != 0 { members.append(("cue", "\(preset.cue)")) }
    if !preset.advanceBefore.isEmpty {
      let kinds = PhaseKind.allCases.filter { preset.advanceBefore[$0] != nil }
      members.append(("advance", inline(kinds.map { ($0.rawValue, .string(preset.advanceBefore[$0]!.rawValue)) })))
    } else if preset.advance != .auto {
      members.append(("advance", JSONOutput.string(preset.advance.rawValue).text))
    }
    if preset.halfway { members.append(("halfway", "true")) }
    if !preset.announce.isEmpty {
      members.append(("announce", list(preset.announce.map(\.rawValue))))
    }
    switch preset.earnedRest {
    case .ratio(let ratio): members.append(("rest_ratio", "\(ratio)"))
    case .rules(let rules):
      let rows = rules.map { rule in
        "[" + (rule.under.map { JSONOutput.string(DurationText.format($0)).text } ?? "null") + ", "
          + JSONOutput.string(DurationText.format(rule.rest)).text + "]"
      }
      members.append(("rest_rules", "[" + rows.joined(separator: ", ") + "]"))
    case nil: break
    }
    let lines = members.map { "  " + JSONOutput.string($0.0).text + ": " + $0.1 }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }

  /// One phase a line, as people write them.
  private static func phases(_ phases: [PhaseTemplate]) -> String {
    let lines = phases.map { phase in
      let members: [(String, JSONOutput)] = [
        ("name", .string(phase.name)), ("kind", .string(phase.kind.rawValue)),
        ("duration", .string(phase.open ? "open" : DurationText.format(phase.duration))),
      ]
      var text = members.map { JSONOutput.string($0.0).text + ": " + $0.1.text }
      if !phase.exercises.isEmpty { text.append(#""exercises": "# + list(phase.exercises)) }
      if !phase.split.isEmpty { text.append(#""split": "# + list(phase.split)) }
      if let count = phase.count { text.append(#""count": "# + JSONOutput.string(count.rawValue).text) }
      if let warn = phase.warnBefore {
        text.append(#""warn_before": "# + JSONOutput.string(DurationText.format(warn)).text)
      }
      return "    { " + text.joined(separator: ", ") + " }"
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n  ]"
  }

  /// `["left", "right"]`: strings on one line, with spaces.
  private static func list(_ items: [String]) -> String {
    "[" + items.map { JSONOutput.string($0).text }.joined(separator: ", ") + "]"
  }

  /// `{ "every": 4, "name": "long break" }`: an object on one line, with spaces.
  private static func inline(_ members: [(String, JSONOutput)]) -> String {
    "{ " + members.map { JSONOutput.string($0.0).text + ": " + $0.1.text }.joined(separator: ", ") + " }"
  }
}
