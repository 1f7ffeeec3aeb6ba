import PomoCore
import PomoPlatform

/// Makes the desktop's music follow the phases (`"music"`): a phase of the paused kind, or a
/// pause of the session, pauses every player that plays; a phase of the playing kind, or the
/// end of the session, resumes those pomo paused.
///
/// The rules, which docs/configuration.md states once:
/// - pomo acts only when the session changes between the two (a phase of the other kind
///   starts, a pause begins or ends, the session ends); a player the person starts or stops
///   in the middle of a phase is theirs, and is left alone until the next change.
/// - It pauses only players that say they are playing, and remembers each by its unique bus
///   name, so a player that quits and starts again is a new one and is never resumed.
/// - It resumes only players it paused that are still there, still paused, and that nobody
///   touched meanwhile: a player that someone else starts or stops while pomo holds it (its
///   `PropertiesChanged` says so) is forgotten, even if it is paused again by then.
/// - It never starts a player that was not playing.
/// - Waiting for you to start the next phase, or for your reps, keeps what the phase that ended
///   did. Ctrl-Z changes nothing; after `fg`, the next step follows the phase that then runs.
/// - A crash or `kill -9` leaves paused what pomo paused: it is never resumed later, by
///   recovery or anyone, so pomo never starts music on its own.
/// - A player that does not answer in time, or a bus that goes away, is one warning line at
///   most in the whole session; the session goes on.
package final class MusicFollower: SessionControl {
  /// The kind of phase that pauses the music.
  package let pausedKind: PhaseKind
  private var players: (any MusicPlayers)?
  private let warn: (String) -> Void
  private var warned = false
  /// Whether pomo holds the music paused now (a phase of the paused kind, or a pause, runs).
  package private(set) var holding = false
  /// The players pomo paused, and will resume, in the order it paused them.
  package private(set) var paused: [MusicPlayer] = []

  /// - Parameter warn: one line for the user (`pomo: warning: …`), said once at most.
  package init(pausedKind: PhaseKind, players: any MusicPlayers, warn: @escaping (String) -> Void) {
    self.pausedKind = pausedKind
    self.players = players
    self.warn = warn
  }

  /// Whether the music should be held paused while `engine` stands as it does; nil before the
  /// session starts, or when what it does leaves the music as it is (the last reps question).
  package static func holds(_ engine: SessionEngine, pausedKind: PhaseKind) -> Bool? {
    switch engine.status {
    case .notStarted: return nil
    case .paused: return true
    // The end gives back what pomo paused, however the session ended.
    case .finished: return false
    case .running, .waiting, .asking: return engine.currentPhase.map { $0.kind == pausedKind }
    }
  }

  package var descriptors: [Int32] { players?.descriptors ?? [] }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    guard let hold = Self.holds(engine, pausedKind: pausedKind), hold != holding else { return }
    // What the players said since the last look (`serve` reads it as it comes), before acting.
    forgetTouched()
    holding = hold
    if hold { pauseThePlaying() } else { resumeOwn() }
  }

  /// Someone else changed a player pomo holds: it is theirs from now on.
  package func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) { forgetTouched() }

  /// Resumes what pomo still holds (the session has ended by then, and has done so already),
  /// and lets the bus go.
  package func close() {
    if !paused.isEmpty {
      forgetTouched()
      resumeOwn()
    }
    holding = false
    players?.close()
    players = nil
  }

  private func pauseThePlaying() {
    guard let players else { return }
    let found = players.survey(nil)
    let playing = found.players.filter { $0.status == .playing }
    let done = players.pause(playing.map(\.id))
    let names = Dictionary(playing.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    for player in done.players where !paused.contains(where: { $0.id == player.id }) {
      paused.append(MusicPlayer(id: player.id, name: names[player.id] ?? player.name, status: .paused))
    }
    players.watch(Set(paused.map(\.id)))
    trouble(late: found.late + done.late)
  }

  private func resumeOwn() {
    guard let players, !paused.isEmpty else { return }
    let own = paused
    paused = []
    players.watch([])
    let now = players.survey(own.map(\.id))
    // Still there, and still paused: what pomo left. Anything else is someone else's doing.
    let resumable = now.players.filter { $0.status == .paused }.map(\.id)
    let done = players.play(resumable)
    trouble(late: now.late + done.late)
  }

  /// Forgets the players someone else started or stopped since pomo paused them.
  private func forgetTouched() {
    guard let players else { return }
    let changes = players.changes()
    if !changes.isEmpty && !paused.isEmpty {
      let touched = Set(changes.filter { $0.status != .paused }.map(\.id))
      if !touched.isEmpty {
        paused.removeAll { touched.contains($0.id) }
        players.watch(Set(paused.map(\.id)))
      }
    }
    trouble(late: [])
  }

  /// One warning at most in a session: a player that did not answer, or the bus that went away.
  private func trouble(late: [String]) {
    if let failure = players?.failure {
      players?.close()
      players = nil
      paused = []
      say("the session bus \(failure); the music no longer follows the phases")
    } else if let first = late.first {
      let who = late.count == 1 ? "the music player \(first) does" : "the music players \(late.joined(separator: ", ")) do"
      say("\(who) not answer in time; pomo leaves \(late.count == 1 ? "it" : "them") be")
    }
  }

  private func say(_ text: String) {
    guard !warned else { return }
    warned = true
    warn("pomo: warning: \(TextLayout.inert(text))")
  }
}
