import PomoPlatform

/// The MPRIS players on the session bus, through pomo's own D-Bus client: `ListNames` finds
/// them, `Properties.Get` reads each one's `PlaybackStatus`, `Pause` and `Play` drive them, and
/// their `PropertiesChanged` says when someone else changes one pomo watches.
///
/// Each request goes to every player at once and waits for all of them within `timeout`, so
/// a player that hangs costs the session that long once, never more. A bus that goes away
/// ends it (`failure`): every request after that answers nothing.
package final class MPRISPlayers: MusicPlayers {
  private var connection: DBusConnection?
  private let timeout: Duration
  /// The well-known name each player (by unique name) was found under.
  private var names: [String: String] = [:]
  package private(set) var failure: String?

  /// How long a request waits for the players, all together.
  package static let defaultTimeout = Duration.seconds(1)

  /// Opens the session bus of `environment` and asks it for the players' `PropertiesChanged`;
  /// each step within `timeout`.
  package static func open(environment: [String: String], timeout: Duration = defaultTimeout) -> Result<
    MPRISPlayers, DBusError
  > {
    Result { () throws(DBusError) in
      let connection = try DBusConnection.sessionBus(environment: environment, timeout: timeout)
      // Replies only until pomo watches a player: no other player's chatter is decoded.
      connection.filter = DBusMessageFilter()
      do throws(DBusError) {
        try connection.addMatch(MPRIS.propertiesChangedRule, timeout: timeout)
      } catch {
        connection.close()
        throw error
      }
      return MPRISPlayers(connection: connection, timeout: timeout)
    }
  }

  package init(connection: DBusConnection, timeout: Duration = defaultTimeout) {
    self.connection = connection
    self.timeout = timeout
  }

  deinit { connection?.close() }

  package var descriptors: [Int32] { connection.map { [$0.fileDescriptor] } ?? [] }

  package func survey(_ ids: [String]?) -> MusicAnswers {
    guard let connection else { return MusicAnswers() }
    let targets: [String]
    if let ids {
      targets = ids
    } else {
      do {
        targets = try connection.listNames(timeout: timeout).filter(MPRIS.isPlayer).sorted()
      } catch {
        fail(error)
        return MusicAnswers()
      }
    }
    guard let results = batch(targets.map(MPRIS.getPlaybackStatus)) else { return MusicAnswers() }
    var answers = MusicAnswers()
    var seen = Set<String>()
    for (target, result) in zip(targets, results) {
      switch result {
      case nil:
        answers.late.append(name(of: target))
      case .failure?:
        continue  // gone meanwhile, or no player after all
      case .success(let reply)?:
        // Found by its well-known name, a player is held by its unique one: the bus wrote it.
        guard let status = MPRIS.playbackStatus(reply: reply), let id = ids == nil ? reply.sender : target else {
          continue
        }
        if ids == nil { names[id] = target }
        // One player under two names is one player.
        guard seen.insert(id).inserted else { continue }
        answers.players.append(MusicPlayer(id: id, name: name(of: id), status: status))
      }
    }
    return answers
  }

  package func pause(_ ids: [String]) -> MusicAnswers { command(ids, MPRIS.pause, becomes: .paused) }

  package func play(_ ids: [String]) -> MusicAnswers { command(ids, MPRIS.play, becomes: .playing) }

  package func watch(_ ids: Set<String>) {
    connection?.filter = DBusMessageFilter(signals: Set(ids.map { MPRIS.filterSignal(sender: $0) }))
  }

  package func changes() -> [MusicPlayer] {
    guard let connection else { return [] }
    var heard: [MusicPlayer] = []
    connection.drain { message in
      if let change = MPRIS.playbackChange(message) {
        heard.append(MusicPlayer(id: change.sender, name: name(of: change.sender), status: change.status))
      }
      return true
    }
    if let failure = connection.failure { fail(failure) }
    return heard
  }

  package func close() {
    connection?.close()
    connection = nil
  }

  private func command(_ ids: [String], _ make: (String) -> DBusMessage, becomes status: PlaybackStatus)
    -> MusicAnswers
  {
    guard !ids.isEmpty, let results = batch(ids.map(make)) else { return MusicAnswers() }
    var answers = MusicAnswers()
    for (id, result) in zip(ids, results) {
      switch result {
      case nil: answers.late.append(name(of: id))
      case .failure?: continue  // it quit, or refused (a player that cannot pause)
      case .success?: answers.players.append(MusicPlayer(id: id, name: name(of: id), status: status))
      }
    }
    return answers
  }

  private func batch(_ calls: [DBusMessage]) -> [Result<DBusMessage, DBusError>?]? {
    guard let connection else { return nil }
    do {
      return try connection.callAll(calls, timeout: timeout)
    } catch {
      fail(error)
      return nil
    }
  }

  private func name(of id: String) -> String { names[id] ?? id }

  private func fail(_ error: DBusError) {
    // A bus that is there but answers nothing in time (stopped, or swamped by a player's flood
    // of signals) has not gone away; the warning says which.
    if failure == nil {
      if case .timedOut = error {
        failure = "does not answer in time (\(error))"
      } else {
        failure = "went away (\(error))"
      }
    }
    close()
  }
}
