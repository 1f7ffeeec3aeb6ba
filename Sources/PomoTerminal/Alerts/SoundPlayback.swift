import PomoPlatform

/// A sound being played, which the session can end: the tick's player.
package protocol SoundPlayback: AnyObject {
  /// Asks it to end; whether it has. Asked again, a player that would not end is killed.
  @discardableResult func end() -> Bool
  /// Ends it at once, for good: the session is over.
  func endNow()
}

extension ChildProcess: SoundPlayback {
  package func endNow() { endNow(graceMilliseconds: 200) }
}
