import PomoPlatform

/// pomo's exit statuses, following sysexits(3) and the shell's 128+signal rule.
package enum ExitCode {
  package static let success: Int32 = 0
  package static let failure: Int32 = 1
  /// The command line was wrong (EX_USAGE).
  package static let usage: Int32 = 64
  /// A file's contents were wrong: a preset, the config, the journal (EX_DATAERR).
  package static let dataError: Int32 = 65
  package static let hangup: Int32 = 129
  package static let interrupted: Int32 = 130
  package static let terminated: Int32 = 143
}

