import PomoCore

/// A line of the phase log (`10:42:00  done    focus (25:00)`, see `EventText`) fitted to a
/// width: as the terminal narrows, the clock time goes first, then the verb, and what is left
/// is cut from its end, so the phase's name, which starts the text, stays longest.
package enum PhaseLogLine {
  /// `line` in at most `room` columns.
  package static func fit(_ line: String, room: Int, unicode: Bool) -> String {
    guard room > 0 else { return "" }
    if TextLayout.width(line) <= room { return line }
    // EventText's lines are the time, two spaces, the verb, spaces, then the text.
    let characters = Array(line)
    let gap = characters.indices.dropLast().first { characters[$0] == " " && characters[$0 + 1] == " " }
    let afterTime = gap.map { String(characters[($0 + 2)...]) } ?? line
    let verb = String(afterTime.prefix { $0 != " " })
    let text = String(afterTime.dropFirst(verb.count).drop { $0 == " " })
    for candidate in [verb + " " + text, text] where !text.isEmpty {
      if TextLayout.width(candidate) <= room { return candidate }
    }
    return TextLayout.truncate(text.isEmpty ? line : text, room, unicode: unicode)
  }
}
