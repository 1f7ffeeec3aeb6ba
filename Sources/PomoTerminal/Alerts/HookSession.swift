/// What hooks are told of the session beyond its phase: its id in the journal, its tags and
/// its note (`POMO_SESSION_ID`, `POMO_TAGS`, `POMO_NOTE`, and the JSON on their stdin).
public struct HookSession: Equatable, Sendable {
  public var id: String
  public var tags: [String]
  public var note: String?

  public init(id: String, tags: [String], note: String?) {
    self.id = id
    self.tags = tags
    self.note = note
  }
}
