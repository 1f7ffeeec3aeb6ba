import PomoCore

/// Where `pomo import --from` reads sessions: another pomo journal (the default), or another
/// tool's data.
package enum ImportSource: String, CaseIterable, Sendable {
  case pomo, timewarrior, watson, openpomodoro

  /// Other words `--from` takes: `timew` is what Timewarrior's command is called.
  package static let aliases: [String: ImportSource] = ["timew": .timewarrior]

  /// The source a word names, its own name or an alias.
  package init?(word: String) {
    guard let source = ImportSource(rawValue: word) ?? Self.aliases[word] else { return nil }
    self = source
  }

  /// What a person calls the data, for messages.
  package var title: String {
    switch self {
    case .pomo: "a pomo journal"
    case .timewarrior: "the JSON of 'timew export'"
    case .watson: "a Watson frames file"
    case .openpomodoro: "an Open Pomodoro history"
    }
  }

  /// The source whose data `head` (the first bytes of a file) looks like, from its first
  /// characters: a pomo journal is JSON Lines of objects, or an array of pomo's records (its
  /// `export --format json`, see `JournalArray`), `timew export` an array of other objects,
  /// Watson's frames an array of arrays, an Open Pomodoro history a timestamp a line. Blank
  /// data is a pomo journal (with nothing in it); nil when it is none of these.
  package static func recognize(_ head: ArraySlice<UInt8>) -> ImportSource? {
    let bytes = Interchange.withoutBOM(head).drop(while: Interchange.isSpace)
    guard let first = bytes.first else { return .pomo }
    switch first {
    case UInt8(ascii: "{"): return .pomo
    case UInt8(ascii: "["):
      if JournalArray.startsArray(bytes) { return .pomo }
      switch bytes.dropFirst().first(where: { !Interchange.isSpace($0) }) {
      case UInt8(ascii: "{")?, UInt8(ascii: "]")?: return .timewarrior
      case UInt8(ascii: "[")?: return .watson
      default: return nil
      }
    default:
      // "2026-11-30T09:00:00-05:00 duration=25": a date first.
      let date = zip(bytes.prefix(10), "0000-00-00".utf8)
      let digit = UInt8(ascii: "0")
      return bytes.count >= 10 && date.allSatisfy { $1 == digit ? (48...57).contains($0) : $0 == $1 }
        ? .openpomodoro : nil
    }
  }
}
