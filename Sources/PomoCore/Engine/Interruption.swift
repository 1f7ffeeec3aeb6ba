/// Why a session stopped before its end. The journal writes the raw value; a value a newer
/// pomo wrote is kept as it is.
package enum Interruption: Equatable, Sendable {
  /// `q`, Ctrl-C, or a command to stop.
  case quit
  /// SIGTERM, SIGHUP, or a closed output pipe.
  case signal
  /// pomo was killed or the machine lost power; recorded by the next pomo.
  case crash
  /// A focus phase was skipped before its end (`s`, `pomo skip`): the session ran on, or
  /// ended, cut short all the same (`JournalRecord.isCutShort`).
  case skip
  case other(String)

  package init(rawValue: String) {
    switch rawValue {
    case "quit": self = .quit
    case "signal": self = .signal
    case "crash": self = .crash
    case "skip": self = .skip
    default: self = .other(rawValue)
    }
  }

  package var rawValue: String {
    switch self {
    case .quit: "quit"
    case .signal: "signal"
    case .crash: "crash"
    case .skip: "skip"
    case .other(let text): text
    }
  }
}
