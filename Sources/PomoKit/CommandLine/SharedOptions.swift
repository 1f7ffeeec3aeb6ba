import PomoCore
import PomoJournal

/// Options several commands share are declared once and included by each.
enum SharedOptions {
  static let rounds = Option<Int>.integer(
    "rounds", short: "r", in: Preset.roundsRange,
    help: "Run the preset's round this many times (1 to 10000) instead of its own count.")
  static let journal = Option<String>.value(
    "journal", .path,
    help:
      "The journal: a folder (one file per machine) or a single file (default: $POMO_JOURNAL, else $XDG_DATA_HOME/pomo/journal/)."
  )
  static let strict = Option<Bool>.flag(
    "strict", help: "Treat a damaged journal line as an error (exit 65) instead of skipping it.")
  static let json = Option<Bool>.flag("json", help: "Print JSON instead of text.")
  static let color = Option<ColorChoice>.choice(
    "color", placeholder: "when",
    help: "Colour the display: auto, always or never (default: auto; NO_COLOR turns it off).")
  static let ascii = Option<Bool>.flag(
    "ascii", help: "Draw the bar with ASCII characters (the default when the locale is not UTF-8).")
  static let noBell = Option<Bool>.flag("no-bell", help: "Do not ring the terminal bell at phase changes.")
  static let noNotify = Option<Bool>.flag("no-notify", help: "Do not send desktop notifications.")
  static let noInput = Option<Bool>.flag("no-input", help: "Do not read keys from the terminal.")
  static let confirm = Option<Bool>.flag(
    "confirm", help: "Wait for space or 'pomo next' when a phase's time is up, counting overtime.")
  static let noConfirm = Option<Bool>.flag(
    "no-confirm", help: "Go on to the next phase at once, even if the preset says \"advance\": \"confirm\".")
  static let big = Option<Bool>.flag(
    "big", help: "Fill the terminal with the time left in large figures (config \"display\": \"big\").")
  static let voice = Option<Bool>.flag(
    "voice", help: "Speak each phase change, the 3-2-1 cue and the end (config \"voice\": true).")
  static let detach = Option<Bool>.flag(
    "detach",
    help: "Run in the background with no terminal and return at once; 'pomo status' shows it and 'pomo stop' ends it.")
  /// Where a session runs and records, and how it looks and alerts: `start` and `resume`
  /// take the same.
  static let launch: [OptionSpec] = [detach.spec, journal.spec] + session
  /// How a running session looks and alerts; `start` and `resume` share them.
  static let session: [OptionSpec] = [
    color.spec, ascii.spec, big.spec, voice.spec, noBell.spec, noNotify.spec, noInput.spec, confirm.spec,
    noConfirm.spec,
  ]
}
