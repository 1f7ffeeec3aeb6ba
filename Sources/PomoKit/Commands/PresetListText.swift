import PomoCore

/// The table `pomo presets` prints: every field whole where the width has no limit; where it
/// has one, long names and paths are cut (a path keeps its file name) and the description
/// takes the rest of the line, or a line of its own under the preset.
enum PresetListText {
  static let table = TextTable(
    [
      .init("NAME", cut: .end(soft: 24, floor: 10)), .init("ROUNDS", alignLeft: false), .init("TOTAL"),
      .init("SOURCE", cut: .start(soft: 30, floor: 12)),
    ], free: "DESCRIPTION", freeFloor: 20)

  static func render(_ presets: [Preset], width: Int, home: String, unicode: Bool) -> String {
    let rows = presets.map { preset -> [String] in
      let plan = Plan(preset: preset)
      let source = TextLayout.abbreviateHome(preset.source.label, home: home)
      return [preset.name, "\(preset.rounds)", plan.hasOpenPhase ? "open" : TimeText.short(plan.total), source, preset.description]
    }
    return table.render(rows, width: width, unicode: unicode)
  }
}
