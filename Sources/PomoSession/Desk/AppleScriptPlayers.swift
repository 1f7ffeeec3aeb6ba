#if canImport(Darwin)
  import PomoPlatform

  /// macOS's Music and Spotify, driven through `osascript`, as `MusicFollower` drives MPRIS
  /// players elsewhere. Untested: no Mac runs pomo's tests; docs/configuration.md says so.
  ///
  /// An application that is not running is never started (`is running` is asked first), and
  /// each `osascript` must end within `timeout`. Nothing tells pomo when someone else pauses or
  /// plays meanwhile, so the status read just before resuming is all it goes by.
  package final class AppleScriptPlayers: MusicPlayers {
    /// The applications asked, by their AppleScript names (each is its own id).
    package static let applications = ["Music", "Spotify"]
    private let environment: [String: String]
    private let timeout: Duration

    package init(environment: [String: String], timeout: Duration = .seconds(2)) {
      self.environment = environment
      self.timeout = timeout
    }

    package var descriptors: [Int32] { [] }
    package var failure: String? { nil }

    package func survey(_ ids: [String]?) -> MusicAnswers {
      var answers = MusicAnswers()
      for app in ids ?? Self.applications {
        let script =
          "if application \"\(app)\" is running then tell application \"\(app)\" to return (player state as string)"
        guard let result = Spawner.output(["osascript", "-e", script], environment: environment, timeout: timeout)
        else {
          answers.late.append(app)
          continue
        }
        let text = String(decoding: result.output.prefix(256), as: UTF8.self).split(whereSeparator: \.isWhitespace)
          .joined(separator: " ")
        guard result.status == 0, let status = PlaybackStatus(text: text) else { continue }
        answers.players.append(MusicPlayer(id: app, name: app, status: status))
      }
      return answers
    }

    package func pause(_ ids: [String]) -> MusicAnswers { command(ids, "pause", becomes: .paused) }
    package func play(_ ids: [String]) -> MusicAnswers { command(ids, "play", becomes: .playing) }
    package func watch(_ ids: Set<String>) {}
    package func changes() -> [MusicPlayer] { [] }
    package func close() {}

    private func command(_ ids: [String], _ verb: String, becomes status: PlaybackStatus) -> MusicAnswers {
      var answers = MusicAnswers()
      for app in ids {
        let script = "if application \"\(app)\" is running then tell application \"\(app)\" to \(verb)"
        guard let result = Spawner.output(["osascript", "-e", script], environment: environment, timeout: timeout)
        else {
          answers.late.append(app)
          continue
        }
        if result.status == 0 { answers.players.append(MusicPlayer(id: app, name: app, status: status)) }
      }
      return answers
    }
  }
#endif
