import PomoCore

/// Why an id names no session (`History.find`).
package enum SessionLookupError: Error, Equatable, CustomStringConvertible {
  case empty
  case unknown(String)
  case deleted(String)
  case ambiguous(String, [JournalRecord], more: Bool)
  /// A prefix shorter than `SessionID.shortestPrefix` that is not a whole id.
  case tooShort(String)

  /// An id as a message shows it: at most 40 characters.
  static func shortened(_ id: String) -> String { id.count > 40 ? String(id.prefix(40)) + "..." : id }

  package var description: String {
    switch self {
    case .empty: "no sessions recorded yet"
    case .unknown(let id):
      "no session has an id starting with '\(TextLayout.inert(Self.shortened(id)))' (see 'pomo log')"
    case .deleted(let id):
      "the session \(TextLayout.inert(id)) was deleted ('pomo undo' brings back the latest deletion)"
    case .ambiguous(let id, let candidates, let more):
      "'\(TextLayout.inert(Self.shortened(id)))' matches \(more ? "more than " : "")\(TextLayout.count(candidates.count, "session")): "
        + candidates.map { "\(String($0.id.prefix(8))) (\(TextLayout.inert($0.preset)))" }.joined(separator: ", ")
        + "; give more of the id"
    case .tooShort(let id):
      "'\(TextLayout.inert(Self.shortened(id)))' is too short to name a session: give at least \(SessionID.shortestPrefix) characters of its id (see 'pomo log'), or last"
    }
  }
}
