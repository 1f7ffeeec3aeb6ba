import PomoPlatform

extension MusicFollower {
  /// What `"music"` would find now, in lines a person reads (for `pomo doctor`): each player
  /// that answers and what it is doing, those that do not answer in time, or why there is
  /// none to follow.
  package static func doctor(environment: [String: String]) -> [String] {
    #if canImport(Darwin)
      let players = AppleScriptPlayers(environment: environment)
      let found = players.survey(nil)
      var lines = found.players.map { "music: \($0.name) is \($0.status.word)" }
      lines += found.late.map { "music: \($0) does not answer in time (osascript)" }
      let answered = Set(found.players.map(\.id) + found.late)
      lines += AppleScriptPlayers.applications.filter { !answered.contains($0) }.map { "music: \($0) is not running" }
      return lines + ["music: macOS's Music and Spotify are driven through osascript, untested"]
    #else
      let players: MPRISPlayers
      switch MPRISPlayers.open(environment: environment) {
      case .success(let opened): players = opened
      case .failure(.noAddress):
        return ["music: no session bus (DBUS_SESSION_BUS_ADDRESS is not set): no MPRIS player can be reached"]
      case .failure(let error): return ["music: the session bus cannot be reached: \(error)"]
      }
      defer { players.close() }
      let found = players.survey(nil)
      if let failure = players.failure { return ["music: the session bus \(failure)"] }
      var lines = found.players.map { "music: \($0.name) (\($0.id)) answers: \($0.status.word)" }
      lines += found.late.map { "music: \($0) does not answer in time (it has a second)" }
      if lines.isEmpty {
        lines.append(
          "music: no MPRIS player on the session bus (a player shows there with its MPRIS support on; mpv needs mpv-mpris)"
        )
      }
      return lines
    #endif
  }
}
