import PomoCore
import PomoPlatform

/// One thing `pomo doctor` looks for on this machine: a title, and what it found, as lines a
/// person reads (what answers, what is missing and why).
///
/// A feature adds its check with one line in `all`: `DoctorCheck("Music") {
/// MusicFollower.doctor(environment: $0.environment) }`. A check never fails the command: what
/// it cannot find is one of its lines.
struct DoctorCheck: Sendable {
  /// What a check may look at: the environment, the config (the defaults when it does not
  /// load; the "Config" check says why) and the command's context.
  struct Input {
    var environment: [String: String]
    var config: Config
    var context: Context
  }

  let title: String
  let lines: @Sendable (Input) -> [String]

  init(_ title: String, lines: @escaping @Sendable (Input) -> [String]) {
    self.title = title
    self.lines = lines
  }

  /// Every check, in the order `pomo doctor` prints them.
  static let all: [DoctorCheck] = [
    DoctorCheck("Config", lines: config),
    DoctorCheck("Notifications", lines: notifications),
    DoctorCheck("Do not disturb", lines: doNotDisturb),
    DoctorCheck("Sound players", lines: soundPlayers),
    DoctorCheck("Ambient sound", lines: ambientSound),
    DoctorCheck("Music", lines: music),
    DoctorCheck("Sleep, screen and break lock", lines: sleepAndScreen),
    DoctorCheck("Nudge", lines: nudge),
  ]

  /// Each check's title and lines, in order, the checks run side by side: a bus that accepts
  /// and never answers costs `pomo doctor` its timeout once, not once for every check that asks
  /// it (a second or two each, a dozen in all).
  static func findAll(_ input: Input) -> [(String, [String])] {
    final class Found: @unchecked Sendable { var lines: [String] = [] }
    let found = all.map { _ in Found() }
    let pending = zip(all, found).map { check, slot in Parallel.background { slot.lines = check.lines(input) } }
    for work in pending { work.wait() }
    return zip(all, found).map { ($0.title, $1.lines) }
  }
}
