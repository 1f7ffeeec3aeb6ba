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

/// An error that ends a command, with the status it exits with.
public enum CLIError: Error, Equatable {
  /// A command-line mistake; the usage line of `command` follows the message.
  case usage(String, command: [String])
  /// A file with bad contents (exit 65).
  case data(String)
  /// Anything else (exit 1).
  case failure(String)

  var exitCode: Int32 {
    switch self {
    case .usage: ExitCode.usage
    case .data: ExitCode.dataError
    case .failure: ExitCode.failure
    }
  }
}
