import PomoPlatform

/// pomo's exit statuses, following sysexits(3) and the shell's 128+signal rule.
public enum ExitCode {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  /// The command line was wrong (EX_USAGE).
  public static let usage: Int32 = 64
  /// A file's contents were wrong: a preset, the config, the journal (EX_DATAERR).
  public static let dataError: Int32 = 65
  public static let hangup: Int32 = 129
  public static let interrupted: Int32 = 130
  public static let terminated: Int32 = 143
}

