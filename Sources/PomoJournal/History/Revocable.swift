/// What `pomo undo` would take back: the latest correction, session added by `pomo add`, or
/// task that no undo has revoked yet (`History.latestRevocable`).
package struct Revocable: Equatable, Sendable {
  package enum Kind: Sendable {
    case amend, delete, added, task
  }

  /// Its own id (what the undo names).
  package var id: String
  /// The session (or task) it concerns.
  package var session: String
  package var kind: Kind
  /// When it was made.
  package var at: Double

  package init(id: String, session: String, kind: Kind, at: Double) {
    self.id = id
    self.session = session
    self.kind = kind
    self.at = at
  }
}
