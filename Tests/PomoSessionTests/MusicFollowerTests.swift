import PomoPlatform
import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore

/// The music that follows the phases, with a fake set of players on a fake clock: every request
/// pomo makes is logged, and the players answer (or not) as the test says.
@Suite("Music follows the phase: what is paused, what is resumed")
struct MusicFollowerTests {
  let clock = FakeClock()

  /// A stand-in for the session bus's players.
  final class Players: MusicPlayers {
    var players: [(id: String, status: PlaybackStatus)] = []
    /// Players that never answer in time.
    var silent: Set<String> = []
    var log: [String] = []
    var watched: Set<String> = []
    var heard: [MusicPlayer] = []
    var failure: String?
    var warnings: [String] = []

    init(_ players: [(String, PlaybackStatus)]) { self.players = players.map { (id: $0.0, status: $0.1) } }

    func status(_ id: String) -> PlaybackStatus? { players.first { $0.id == id }?.status }

    /// Someone else sets a player's status (a key on the player, playerctl).
    func user(_ id: String, _ status: PlaybackStatus) {
      if let i = players.firstIndex(where: { $0.id == id }) { players[i].status = status } else { players.append((id, status)) }
      if watched.contains(id) { heard.append(MusicPlayer(id: id, name: id, status: status)) }
    }

    func quit(_ id: String) { players.removeAll { $0.id == id } }

    func survey(_ ids: [String]?) -> MusicAnswers {
      log.append(ids.map { "survey " + $0.joined(separator: " ") } ?? "survey")
      guard failure == nil else { return MusicAnswers() }
      var answers = MusicAnswers()
      for player in players where ids?.contains(player.id) ?? true {
        if silent.contains(player.id) {
          answers.late.append(player.id)
        } else {
          answers.players.append(MusicPlayer(id: player.id, name: player.id, status: player.status))
        }
      }
      return answers
    }

    func pause(_ ids: [String]) -> MusicAnswers { command(ids, "pause", .paused) }
    func play(_ ids: [String]) -> MusicAnswers { command(ids, "play", .playing) }

    private func command(_ ids: [String], _ verb: String, _ status: PlaybackStatus) -> MusicAnswers {
      var answers = MusicAnswers()
      for id in ids {
        log.append("\(verb) \(id)")
        guard let i = players.firstIndex(where: { $0.id == id }) else { continue }
        if silent.contains(id) {
          answers.late.append(id)
          continue
        }
        // A pause of a player that is not playing changes nothing, as MPRIS says.
        if verb == "play" || players[i].status == .playing { players[i].status = status }
        answers.players.append(MusicPlayer(id: id, name: id, status: status))
      }
      return answers
    }

    func watch(_ ids: Set<String>) { watched = ids }

    func changes() -> [MusicPlayer] {
      defer { heard = [] }
      return heard
    }

    var descriptors: [Int32] { [] }
    func close() { log.append("close") }

    func follower(pausedKind: PhaseKind = .rest) -> MusicFollower {
      MusicFollower(pausedKind: pausedKind, players: self, warn: { self.warnings.append($0) })
    }
  }

  /// Focus 10 s, break 5 s, focus 10 s.
  func engine(advance: PhaseAdvance = .auto) -> SessionEngine { clock.engine(.goRest(advance: advance)) }

  @Test("the break pauses only the player that plays; the focus after resumes it, never the one the user had paused")
  func twoPlayersOnePausedByTheUser() {
    let players = Players([("a", .playing), ("b", .paused)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    #expect(players.log.isEmpty, "focus plays: nothing is asked")
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .paused)
    #expect(players.status("b") == .paused)
    #expect(players.log == ["survey", "pause a"])
    #expect(music.paused.map(\.id) == ["a"])
    players.log = []
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .playing)
    #expect(players.status("b") == .paused, "never started: it was not playing")
    #expect(players.log == ["survey a", "play a"])
    #expect(music.paused.isEmpty)
    #expect(players.warnings.isEmpty)
  }

  @Test("the other way round: focus pauses from the session's start, the break resumes")
  func focusPauses() {
    let players = Players([("a", .playing)])
    let music = players.follower(pausedKind: .work)
    var e = engine()
    step(music, &e) { $0.start() }
    #expect(players.status("a") == .paused)
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .playing)
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .paused, "the next focus pauses it again")
  }

  @Test("a pause of the session pauses the music in focus; resuming the session resumes it")
  func sessionPause() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(3))
    step(music, &e) { $0.apply(.pause) }
    #expect(players.status("a") == .paused)
    clock.advance(.seconds(60))
    step(music, &e) { $0.apply(.resume) }
    #expect(players.status("a") == .playing)
  }

  @Test("a pause of the session during the break changes nothing: the music is paused already")
  func pauseInTheBreak() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(12))
    step(music, &e) { $0.tick() }
    players.log = []
    step(music, &e) { $0.apply(.pause) }
    step(music, &e) { $0.apply(.resume) }
    #expect(players.log.isEmpty)
    #expect(players.status("a") == .paused)
  }

  @Test("a player the user starts mid-break is theirs: neither paused nor resumed at the focus after")
  func startedMidBreak() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    players.user("c", .playing)
    clock.advance(.seconds(2))
    step(music, &e) { $0.tick() }
    players.user("c", .paused)
    clock.advance(.seconds(3))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .playing)
    #expect(players.status("c") == .paused, "the user paused it: it stays paused")
    #expect(!players.log.contains { $0.hasSuffix(" c") }, "\(players.log)")
  }

  @Test("a player the user resumed mid-break, and paused again, is forgotten: not resumed at the focus")
  func touchedMidBreak() {
    let players = Players([("a", .playing), ("b", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    players.user("a", .playing)
    players.user("a", .paused)
    music.serve(ready: []) { _ in e }
    #expect(music.paused.map(\.id) == ["b"])
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .paused)
    #expect(players.status("b") == .playing)
  }

  @Test("a player that quit mid-break: nothing to resume, no warning, the rest resumed")
  func quitMidBreak() {
    let players = Players([("a", .playing), ("b", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    players.quit("b")
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .playing)
    #expect(!players.log.contains("play b"))
    #expect(players.warnings.isEmpty)
    #expect(e.status == .running)
  }

  @Test("a player that does not answer is left out; one warning in the whole session, however often")
  func silentPlayer() {
    let players = Players([("a", .playing), ("slow", .playing)])
    players.silent = ["slow"]
    let music = players.follower()
    var e = clock.engine(.goRest(rounds: 3))
    step(music, &e) { $0.start() }
    for _ in 0..<4 {
      clock.advance(.seconds(10))
      step(music, &e) { $0.tick() }
      clock.advance(.seconds(5))
      step(music, &e) { $0.tick() }
    }
    #expect(players.status("a") == .playing)
    #expect(players.status("slow") == .playing)
    #expect(
      players.warnings == ["pomo: warning: the music player slow does not answer in time; pomo leaves it be"])
  }

  @Test("the bus that goes away: one warning, and nothing is asked of it again")
  func busGone() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    players.failure = "went away (the bus closed the connection)"
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(
      players.warnings == [
        "pomo: warning: the session bus went away (the bus closed the connection); the music no longer follows the phases"
      ])
    #expect(players.log == ["close"], "the bus that failed is let go at once: \(players.log)")
    #expect(music.descriptors.isEmpty)
  }

  @Test("the session's end, however it comes, resumes what pomo paused", arguments: ["q", "stop", "void", "signal"])
  func endResumes(_ how: String) {
    let players = Players([("a", .playing)])
    let music = players.follower(pausedKind: .work)
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(3))
    step(music, &e) { $0.tick() }
    #expect(players.status("a") == .paused)
    step(music, &e) {
      switch how {
      case "q": $0.quit()
      case "stop": $0.apply(.stop)
      case "void": $0.apply(.void(nil, stop: true))
      default: $0.quit(reason: .signal)
      }
    }
    #expect(players.status("a") == .playing)
    music.close()
    #expect(players.log.last == "close")
    #expect(players.log.filter { $0 == "play a" }.count == 1, "resumed once: \(players.log)")
  }

  @Test("waiting to start the break keeps the music of the focus that ended; the break, once started, pauses it")
  func waitingKeeps() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine(advance: .confirm)
    step(music, &e) { $0.start() }
    clock.advance(.seconds(15))
    step(music, &e) { $0.tick() }
    #expect(e.status == .waiting)
    #expect(players.status("a") == .playing)
    step(music, &e) { $0.apply(.next) }
    #expect(players.status("a") == .paused)
  }

  @Test("two breaks in a row: a player started in the first is not paused by the second")
  func breakAfterBreak() {
    let players = Players([])
    let music = players.follower()
    var e = clock.engine(
      Preset(name: "r", round: [phase("go", .work, 10), phase("rest", .rest, 5), phase("stretch", .rest, 5)]))
    step(music, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(music, &e) { $0.tick() }
    players.user("a", .playing)
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(e.index == 2)
    #expect(players.status("a") == .playing)
  }

  @Test("Ctrl-Z changes nothing: the music pomo paused stays paused until the next step after fg")
  func suspend() {
    let players = Players([("a", .playing)])
    let music = players.follower()
    var e = engine()
    step(music, &e) { $0.start() }
    clock.advance(.seconds(12))
    step(music, &e) { $0.tick() }
    music.sessionWillSuspend(e)
    #expect(players.status("a") == .paused)
    clock.advance(.seconds(5))
    step(music, &e) { $0.tick() }
    #expect(e.index == 2)
    #expect(players.status("a") == .playing, "the focus that then runs resumes it")
  }
}
