import PomoJournal
import PomoCore
import PomoPlatform

/// The one rule for filters that name a tag or a preset (`--tag`, `--preset` of `report` and
/// `export`): a name no recorded session has is a usage error that says so and suggests the
/// nearest name in use (`Thesis` for `thesis`), so a slip never reads as an empty week.
/// A name that sessions have, only not in the range, is no error.
enum FilterCheck {
  /// Checks the filter's names against every session, when `matched` is false (nothing in
  /// the range passed the filter: a wrong name cannot have matched anything, so a report
  /// that found sessions costs nothing more).
  static func check(
    tags: [String], preset: String?, matched: Bool, _ history: any History, _ journal: Journal, path: [String]
  ) throws(CLIError) {
    guard !matched, !tags.isEmpty || preset != nil else { return }
    var knownTags = Set<String>()
    var knownPresets = Set<String>()
    do {
      try history.all { record in
        knownTags.formUnion(record.tags)
        knownPresets.insert(record.preset)
      }
    } catch {
      throw .failure("cannot read the journal \(journal.name): \(error)")
    }
    for tag in tags where !knownTags.contains(tag) {
      throw .usage("no session has the tag '\(TextLayout.inert(tag))'" + hint(tag, knownTags), command: path)
    }
    if let preset, !knownPresets.contains(preset) {
      throw .usage(
        "no session is of the preset '\(TextLayout.inert(preset))'" + hint(preset, knownPresets), command: path)
    }
  }

  /// "; did you mean 'thesis'?" for the name in use nearest to `word`: the same but for
  /// case first, else the nearest by edit distance.
  static func hint(_ word: String, _ known: Set<String>) -> String {
    let sorted = known.sorted()
    guard
      let near = sorted.first(where: { $0.lowercased() == word.lowercased() })
        ?? Suggestion.closest(to: word, in: sorted)
    else { return "" }
    return "; did you mean '\(TextLayout.inert(near))'?"
  }
}
