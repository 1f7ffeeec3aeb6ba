/// The Media Player Remote Interfacing Specification, as pomo uses it: every player on the
/// session bus owns a name under `org.mpris.MediaPlayer2.` and serves `/org/mpris/MediaPlayer2`.
/// pomo reads `PlaybackStatus` and calls `Pause` and `Play`, nothing else.
package enum MPRIS {
  /// What every player's well-known name begins with.
  package static let namePrefix = "org.mpris.MediaPlayer2."
  package static let path = "/org/mpris/MediaPlayer2"
  package static let playerInterface = "org.mpris.MediaPlayer2.Player"

  /// Whether `name` (from `ListNames`) is a player's.
  package static func isPlayer(_ name: String) -> Bool {
    name.hasPrefix(namePrefix) && name.count > namePrefix.count
  }

  /// `Properties.Get(Player, PlaybackStatus)` of `destination` (a well-known or unique name).
  /// Never starts a player: a name with no owner is an error, not a reason to launch one.
  package static func getPlaybackStatus(_ destination: String) -> DBusMessage {
    var call = DBusMessage.methodCall(
      destination: destination, path: path, interface: DBusNames.properties, member: "Get",
      body: [.string(playerInterface), .string("PlaybackStatus")])
    call.flags.insert(.noAutoStart)
    return call
  }

  /// `Player.Pause` of `destination`: pauses it if it plays, and does nothing otherwise.
  package static func pause(_ destination: String) -> DBusMessage { playerCall(destination, "Pause") }

  /// `Player.Play` of `destination`: resumes it.
  package static func play(_ destination: String) -> DBusMessage { playerCall(destination, "Play") }

  private static func playerCall(_ destination: String, _ member: String) -> DBusMessage {
    var call = DBusMessage.methodCall(destination: destination, path: path, interface: playerInterface, member: member)
    call.flags.insert(.noAutoStart)
    return call
  }

  /// The status in the reply to `getPlaybackStatus`, or nil when it holds none.
  package static func playbackStatus(reply: DBusMessage) -> PlaybackStatus? {
    guard reply.kind == .methodReturn, reply.signature == "v", let text = reply.body[0].string else { return nil }
    return PlaybackStatus(rawValue: text)
  }

  /// The rule that brings every player's `PropertiesChanged`; the connection's filter then
  /// reads only those of the players pomo watches.
  package static let propertiesChangedRule = DBusMatchRule.signal(
    interface: DBusNames.properties, member: "PropertiesChanged", path: path)

  /// The filter's entry for `sender`'s `PropertiesChanged`.
  package static func filterSignal(sender: String) -> DBusMessageFilter.Signal {
    DBusMessageFilter.Signal(sender: sender, interface: DBusNames.properties, member: "PropertiesChanged")
  }

  /// The new `PlaybackStatus` a player's `PropertiesChanged` announces, and who sent it; nil
  /// when the signal is not one or says nothing of the status.
  package static func playbackChange(_ message: DBusMessage) -> (sender: String, status: PlaybackStatus)? {
    guard message.kind == .signal, message.interface == DBusNames.properties, message.member == "PropertiesChanged",
      message.path == path, message.signature == "sa{sv}as", message.body[0].string == playerInterface,
      let sender = message.sender, case .array(_, let entries) = message.body[1]
    else { return nil }
    for entry in entries {
      guard case .dictEntry(let key, let value) = entry, key.string == "PlaybackStatus" else { continue }
      return value.string.flatMap(PlaybackStatus.init(rawValue:)).map { (sender, $0) }
    }
    return nil
  }
}
