import PomoPlatform

/// A sound being played, which the session can end: the tick's player.
package protocol SoundPlayback: AnyObject {
  /// Asks it to end; whether it has. Asked again, a player that would not end is killed.
  @discardableResult func end() -> Bool
  /// Ends it at once, for good: the session is over.
  func endNow()
  /// Whether it has ended by itself (its process taken back, so none is left a zombie).
  var hasEnded: Bool { get }
}

extension SoundPlayback {
  /// A player that cannot tell (a test's count of players) plays until it is ended.
  package var hasEnded: Bool { false }
}

extension ChildProcess: SoundPlayback {
  package func endNow() { endNow(graceMilliseconds: 200) }
}
