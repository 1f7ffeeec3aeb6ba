import PomoCore
import PomoPlatform

/// A sound to work in (`"sounds": {"ambient": "brown"}`): a noise, or a WAV file, looped with
/// no gap for as long as focus runs.
///
/// One player plays the whole stretch of focus, fed the loop on stdin by a guard process that
/// pomo starts (`ChildProcess.startLooping`): the player never reaches an end, so there is no
/// gap to hear, and nothing is started again at the loop's end. The player is ended as soon as
/// focus pauses, waits, is skipped or voided, ends, or the session stops, and before pomo stops
/// for Ctrl-Z; a new one starts when focus runs again. pomo killed, even with `kill -9`, takes
/// the guard and the player with it: the kernel signals the guard (Linux's parent-death
/// signal), which kills its process group.
package final class AmbientSound: SessionListener {
  package let loop: WAVLoop
  private let start: (WAVLoop) -> (any SoundPlayback)?
  private var playing: (any SoundPlayback)?
  /// Players asked to end that had not yet: asked again at each step.
  private var ending: [any SoundPlayback] = []
  /// The player of this stretch of focus ended by itself (killed, or it could not play): none
  /// is started again until focus runs again, so a player that fails at once is not started at
  /// every step.
  private var stopped = false

  /// The players looked for on PATH, in order, with the arguments that make each read a WAV
  /// stream on stdin and play it to its end. afplay (macOS) reads only files: it is not one.
  package static let players: [[String]] = [
    ["pw-play", "-"], ["paplay"], ["aplay", "-q"], ["ffplay", "-nodisp", "-loglevel", "quiet", "-"],
  ]

  private let warn: (String) -> Void
  private var warned = false

  /// - Parameter warn: what is wrong, said once in a session at most: a player that ends by
  ///   itself (it cannot play, or someone killed it), so that a sound that never plays is not
  ///   a silent mystery.
  package init(
    loop: WAVLoop, start: @escaping (WAVLoop) -> (any SoundPlayback)?, warn: @escaping (String) -> Void = { _ in }
  ) {
    self.loop = loop
    self.start = start
    self.warn = warn
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    ending.removeAll { $0.end() }
    let wanted = !engine.isFinished && engine.status == .running && engine.currentPhase?.kind == .work
    guard wanted else {
      silence(now: engine.isFinished)
      return
    }
    // Taken back at once, so it is not left a zombie for the rest of focus.
    if let playing, playing.hasEnded {
      self.playing = nil
      stopped = true
      if !warned {
        warned = true
        warn("ended by itself (it cannot play, or it was killed); the noise comes back with the next stretch of focus")
      }
    }
    if playing == nil && !stopped { playing = start(loop) }
  }

  /// Ctrl-Z: nothing of pomo's runs while it is stopped, so the noise ends now; the step after
  /// `fg` starts it again if focus still runs.
  package func sessionWillSuspend(_ engine: SessionEngine) { silence(now: true) }

  /// Ends every player at once: the session is over, however it ended.
  package func close() { silence(now: true) }

  private func silence(now: Bool) {
    stopped = false
    if let playing, !playing.end() { ending.append(playing) }
    playing = nil
    if now {
      for player in ending { player.endNow() }
      ending = []
    }
  }

  /// The player for the ambient sound and its arguments: the configured one (given the
  /// arguments that make it read stdin, when it is one of `players`), else the first of
  /// `players` on PATH; nil when there is none.
  package static func player(configured: [String]?, path: String?) -> [String]? {
    if let configured {
      guard Spawner.resolve(configured[0], path: path) != nil else { return nil }
      return configured + streamArguments(configured[0])
    }
    return players.first { Spawner.find($0[0], path: path) != nil }
  }

  /// What a known player needs after its own arguments to read stdin: "-" for pw-play and
  /// ffplay, nothing for aplay and paplay (which read stdin when given no file).
  static func streamArguments(_ program: String) -> [String] {
    let name = program.split(separator: "/").last.map(String.init) ?? program
    return name == "pw-play" || name == "pw-cat" || name == "ffplay" ? ["-"] : []
  }

  /// What `pomo doctor` says of the ambient sound: each player it can use, each it cannot and
  /// why, and the one a session would use.
  package static func doctor(environment: [String: String], configured: [String]? = nil) -> [String] {
    let path = environment["PATH"]
    var lines: [String] = []
    if let configured {
      if let found = Spawner.resolve(configured[0], path: path) {
        lines.append("ambient sound: the configured player \(configured[0]) (\(found)) is used, fed the sound on stdin")
      } else {
        lines.append("ambient sound: the configured player \(configured[0]) is not found or not executable; none plays")
      }
    }
    for player in players {
      if let found = Spawner.find(player[0], path: path) {
        lines.append("ambient sound: \(player[0]) (\(found)) can play it")
      } else {
        lines.append("ambient sound: \(player[0]) is not on PATH (\(package(player[0])))")
      }
    }
    if let found = Spawner.find("afplay", path: path) {
      lines.append("ambient sound: afplay (\(found)) cannot be used: it plays files only, and a file ends with a gap")
    }
    if configured == nil {
      if let chosen = player(configured: nil, path: path) {
        lines.append("ambient sound: a session plays it with \(chosen[0])")
      } else {
        lines.append(
          "ambient sound: no player found, so none plays; install one of pw-play, paplay, aplay or ffplay, or set \"sounds\".player"
        )
      }
    }
    return lines
  }

  /// Where a player comes from on Debian, for the line that says it is missing.
  private static func package(_ program: String) -> String {
    switch program {
    case "pw-play": "Debian's pipewire-bin"
    case "paplay": "Debian's pulseaudio-utils"
    case "aplay": "Debian's alsa-utils"
    case "ffplay": "Debian's ffmpeg"
    default: "not installed"
    }
  }
}
