import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// An error that ends a command, with the status it exits with.
package enum CLIError: Error, Equatable {
  /// A command-line mistake; a pointer to the help of `command` follows the message.
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
