import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo presets`: every preset, built-in and the user's.
  public enum Presets: Command {
    public static let spec = CommandSpec(
      name: "presets",
      abstract: "List the presets: built-in ones and your own.",
      discussion: """
        Your presets are the *.json files in $XDG_CONFIG_HOME/pomo/presets (by default
        ~/.config/pomo/presets). One with the same name as a built-in preset replaces it.
        'pomo presets new NAME' starts one from a copy of another.
        """)

    public static var subcommands: [CommandNode] { [Show.node, New.node, Schema.node] }

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let catalog = try PresetLookup.catalog(context)
      let text = PresetListText.render(
        catalog.presets, width: context.width, home: context.paths.home, unicode: context.unicode)
      context.output.write(text)
      return ExitCode.success
    }
  }
}

/// The table `pomo presets` prints.
enum PresetListText {
  static func render(_ presets: [Preset], width: Int, home: String, unicode: Bool) -> String {
    let rows = presets.map { preset -> [String] in
      let plan = Plan(preset: preset)
      let source = TextLayout.abbreviateHome(preset.source.label, home: home)
      return [preset.name, "\(preset.rounds)", TimeText.short(plan.total), source, preset.description].map(
        TextLayout.inert)
    }
    let headers = ["NAME", "ROUNDS", "TOTAL", "SOURCE", "DESCRIPTION"]
    var widths = (0..<4).map { column in
      max(headers[column].count, rows.map { TextLayout.width($0[column]) }.max() ?? 0)
    }
    widths[0] = min(widths[0], 24)
    widths[3] = min(widths[3], 30)
    func line(_ cells: [String]) -> String {
      let head = [
        TextLayout.padRight(TextLayout.truncate(cells[0], widths[0], unicode: unicode), widths[0]),
        TextLayout.padLeft(cells[1], widths[1]),
        TextLayout.padRight(cells[2], widths[2]),
        TextLayout.padRight(TextLayout.truncate(cells[3], widths[3], unicode: unicode), widths[3]),
      ].joined(separator: "  ")
      let room = width - TextLayout.width(head) - 2
      if room >= 20 { return head + "  " + TextLayout.truncate(cells[4], room, unicode: unicode) }
      // Too narrow for a description column: put it under the row.
      let below =
        cells[4].isEmpty || cells[4] == "DESCRIPTION"
        ? "" : "\n    " + TextLayout.truncate(cells[4], max(10, width - 4), unicode: unicode)
      return head.trimmedSpaces() + below
    }
    return ([line(headers)] + rows.map(line)).joined(separator: "\n") + "\n"
  }
}
