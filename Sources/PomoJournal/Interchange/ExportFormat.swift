import PomoCore

/// Placeholder until the renderers land: JSON only.
public enum ExportFormat: String, ChoiceValue {
  case csv, json, ics, timewarrior

  public static func render(_ records: [JournalRecord], format: ExportFormat, offset: (Double) -> Int, now: Double)
    -> String
  {
    let lines = records.map { "  " + $0.json(offset: offset).text }
    return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }
}
