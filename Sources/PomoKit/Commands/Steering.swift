import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What the commands that steer a running session share: one request over the session's
/// control socket, and the status line it answers with.
enum Steering {
  static let socketHelp = socketHelp(prints: "the session's new status line, as 'pomo status' would,")

  /// Where the command goes, what it prints (`prints`, ending in a comma) and how it exits.
  static func socketHelp(prints: String) -> String {
    """
    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can reach. It
    prints \(prints) and exits 0; with no session running it says so and exits 1.
    """
  }

  /// A command's spec: its name, what it does, and where it goes; `prints` when it prints
  /// something else than the session's new status line.
  static func spec(
    _ name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    prints: String? = nil
  ) -> CommandSpec {
    CommandSpec(
      name: name, abstract: abstract,
      discussion: (discussion.map { $0 + "\n\n" } ?? "") + (prints.map { socketHelp(prints: $0) } ?? socketHelp),
      arguments: arguments)
  }

  /// Sends `command` to the running session and prints its new status line, or, when the
  /// command ended it (`stop`, a skip past the last phase), the summary its own terminal
  /// prints then.
  static func run(_ command: SessionCommand, _ context: Context) throws(CLIError) -> Int32 {
    if let pending = pending(context) {
      guard command == .stop else { throw notBegun(pending, context) }
      return try cancel(pending, context)
    }
    let answer: ControlClient.Answer
    let client = context.paths.controlClient
    do {
      answer = try client.answer(.command(command))
    } catch {
      throw .failure(error.description)
    }
    switch answer {
    case .state(let state):
      context.output.write(line(state) + "\n")
    case .ended(let summary?):
      context.output.write(
        SessionSummary.layout(head: summary.head, parts: summary.parts, width: context.width, unicode: context.unicode))
    case .ended(nil):
      context.output.write(line(nil) + "\n")
    }
    return ExitCode.success
  }

  /// The session's state after `command` (nil once it has ended).
  static func send(_ command: SessionCommand, _ context: Context) throws(CLIError) -> SessionState? {
    let client = try client(context)
    do {
      return try client.send(.command(command))
    } catch {
      throw .failure(error.description)
    }
  }

  /// The way to the running session, once a session left by a pomo that died has been
  /// recorded (and the do-not-disturb it left on turned off), as `pomo status` does: a dead
  /// session is never steered, it is recovered, and the command then finds none running.
  /// A session that waits for its time (`--at`) has not begun: only `pomo stop` reaches it.
  static func client(_ context: Context) throws(CLIError) -> ControlClient {
    if let pending = pending(context) { throw notBegun(pending, context) }
    return context.paths.controlClient
  }

  private static func notBegun(_ pending: PendingStart, _ context: Context) -> CLIError {
    .failure(
      "the session has not begun: \(TextLayout.inert(pending.preset)) starts at \(context.zone.clockTime(pending.startsAt)); 'pomo stop' cancels it"
    )
  }

  /// The session that waits for its time, once a dead one has been recovered.
  private static func pending(_ context: Context) -> PendingStart? {
    JournalAccess.recover(JournalAccess.journal(override: nil, context), context)
    return context.paths.stateFolder.pending()
  }

  /// `pomo stop` of a session that waits for its time: its pomo is told to give up the wait
  /// (SIGTERM), and this command waits until it has, so the next `pomo start` is not refused.
  private static func cancel(_ pending: PendingStart, _ context: Context) throws(CLIError) -> Int32 {
    let folder = context.paths.stateFolder
    guard kill(pending.pid, SIGTERM) == 0 else { throw .failure("cannot stop the waiting pomo (pid \(pending.pid))") }
    // One stopped with Ctrl-Z hears it once it goes on.
    _ = kill(pending.pid, SIGCONT)
    let deadline = context.clock.now() + .seconds(10)
    while folder.pending() != nil {
      guard context.clock.now() < deadline else {
        throw .failure("the waiting pomo (pid \(pending.pid)) did not stop within 10 s")
      }
      Platform.sleep(seconds: 0.02)
    }
    context.output.write(
      "\(TextLayout.inert(pending.preset)) at \(context.zone.clockTime(pending.startsAt)): cancelled before it began\n")
    return ExitCode.success
  }

  /// Tags or a note as given, checked to fit in one request (each byte may take three).
  static func words(_ texts: [String], _ path: [String], text: Bool = false) throws(CLIError) -> [String] {
    if !text, path.last != "note", texts.contains(where: \.isEmpty) { throw .usage("a tag cannot be empty", command: path) }
    let size = texts.reduce(16) { $0 + ControlProtocol.escaped($1).utf8.count + 1 }
    guard size < ControlProtocol.requestLimit else {
      throw .usage(
        "too long to send to the session: at most about \(ControlProtocol.requestLimit / 3) characters in all",
        command: path)
    }
    return texts
  }

  /// The status line for a state the session sent.
  static func line(_ state: SessionState?) -> String {
    StatusText.line(state, now: state.map(ControlProtocol.showTime) ?? 0)
  }
}
