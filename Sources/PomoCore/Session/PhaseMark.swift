/// An interruption marked in a focus phase, as the Pomodoro Technique writes them: `'` for an
/// internal one (a thought, an urge to check mail), `-` for an external one (a call, a knock).
/// `pomo mark internal|external [NOTE]` and the keys `i` and `e` make them.
package struct PhaseMark: Equatable, Sendable {
  package enum Kind: String, Equatable, Sendable, CaseIterable {
    case `internal`
    case external

    /// The technique's sign for it.
    package var sign: Character { self == .internal ? "'" : "-" }
  }

  package var kind: Kind
  /// When it was marked: wall-clock seconds since 1970, on the session's own clock.
  package var at: Double
  package var note: String?

  package init(kind: Kind, at: Double, note: String? = nil) {
    self.kind = kind
    self.at = at
    self.note = note
  }

  /// The marks as the technique writes them: each internal one `'`, then each external one
  /// `-`, the two groups apart (`'' -`); empty when there are none. Past `spelledOut` of a
  /// kind, a count and the sign (`12'`), so a phase marked often still fits a line.
  package static func signs(internal inner: Int, external outer: Int) -> String {
    func group(_ count: Int, _ sign: String) -> String {
      count > spelledOut ? "\(count)\(sign)" : String(repeating: sign, count: max(0, count))
    }
    let i = group(inner, "'")
    let e = group(outer, "-")
    return i.isEmpty || e.isEmpty ? i + e : i + " " + e
  }

  /// The signs of `marks`.
  package static func signs(_ marks: [PhaseMark]) -> String {
    signs(
      internal: marks.count { $0.kind == .internal }, external: marks.count { $0.kind == .external })
  }

  /// The most marks of a kind written out one by one.
  package static let spelledOut = 8

  /// The most marks one session keeps, and the longest note a mark keeps (in characters): a
  /// key held down or a script cannot grow a record past what its readers take
  /// (`RecordSize`): at most about 640 KB of marks, within the room a record keeps for its
  /// tags and notes.
  package static let limit = 500
  package static let noteLimit = 200
}
