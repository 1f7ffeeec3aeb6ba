/// What `pomo undo` would take back: the latest correction, session added by `pomo add`, or
/// task that no undo has revoked yet (`History.latestRevocable`).
public struct Revocable: Equatable, Sendable {
  public enum Kind: Sendable {
    case amend, delete, added, task
  }

  /// Its own id (what the undo names).
  public var id: String
  /// The session (or task) it concerns.
  public var session: String
  public var kind: Kind
  /// When it was made.
  public var at: Double

  public init(id: String, session: String, kind: Kind, at: Double) {
    self.id = id
    self.session = session
    self.kind = kind
    self.at = at
  }
}
