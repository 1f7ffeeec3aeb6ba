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

extension Pomo {
  /// `pomo attach`: the live display of the running session (say, one started with
  /// `--detach`), drawn from its feed, with the keys of `start`.
  public enum Attach: Command {
    public static let spec = CommandSpec(
      name: "attach",
      abstract: "Show the running session live, with its keys, in this terminal.",
      discussion: """
        The session's own feed draws the status line (see 'pomo status --follow'); keys go
        to the session as commands: space pauses and resumes (or goes on from a phase that
        waits, as enter does), s skips, + adds a minute, q stops the session (and prints
        its summary), d detaches and leaves it running, ? lists the keys. Ctrl-C detaches
        too.
        """,
      options: [SharedOptions.color.spec, SharedOptions.ascii.spec])

    /// The keys, as the header and `?` list them: `enter go on` only for a session whose
    /// phases wait for confirmation.
    /// What stays on the screen after `d` (or Ctrl-C): the session runs on, and how to come back.
    static let detachedLine = "Detached; the session runs on. 'pomo attach' comes back to it."

    static func keysHint(confirm: Bool, open: Bool = false) -> String {
      KeyHints.full(confirm: confirm, open: open, quit: "q stop", extra: "d detach")
    }

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let style = DisplayStyle.resolve(
        ascii: arguments[SharedOptions.ascii], color: arguments[SharedOptions.color],
        environment: context.environment, isTerminal: true)
      let client = try Steering.client(context)
      let follower: Follower
      do {
        follower = try Follower(client)
      } catch .notRunning {
        throw CLIError.failure("no session is running")
      } catch {
        throw CLIError.failure(error.description)
      }
      guard context.stdoutIsTerminal && context.stdinIsTerminal else {
        throw CLIError.failure("'pomo attach' needs a terminal; 'pomo status --follow' works anywhere")
      }
      var width = context.width
      let signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
      let raw = RawMode(fd: 0)
      _ = raw.enter()
      context.output.write(ANSI.hideCursor)
      var summarised = false
      defer {
        context.output.write((summarised ? "" : "\n") + ANSI.showCursor)
        raw.restore()
        signals.close()
      }
      let waiter = EventWaiter()
      var state: SessionState?
      var headed = false
      var keysHint = Self.keysHint(confirm: false)
      func dimmed(_ line: String) -> String {
        ANSI.paint(TextLayout.truncate(line, width - 1, unicode: style.unicode), ANSI.dim, when: style.color)
      }
      func draw() {
        guard let state else { return }
        // An open phase (Flowtime) waits from its start; space and enter end it.
        let open = state.open || state.upcoming.contains(where: \.open)
        keysHint = Self.keysHint(confirm: state.confirm || (state.waiting && !state.open), open: open)
        if !headed {
          let head = "\(TextLayout.inert(state.record.preset)) (pid \(state.pid)):"
          context.output.write(
            dimmed(KeyHints.header(head, hints: keysHint, room: width - 1, separator: " ", unicode: style.unicode))
              + "\n")
          headed = true
        }
        let snapshot = state.snapshot(at: ControlProtocol.showTime(state))
        // r reaches the session from here; digits do not, so a question says 'pomo rep N'.
        let counting = state.waiting ? nil : KeyHints.counting(snapshot, keys: state.question == nil)
        let line = StatusLine.render(
          snapshot, width: width, style: style,
          hint: state.waiting ? KeyHints.waiting(keys: true, open: state.open) : counting?.full,
          shortHint: state.waiting ? KeyHints.waitingShort(keys: true, open: state.open) : counting?.short)
        context.output.write(ANSI.clearLine + line.text)
      }
      func printSummary(_ summary: (head: String, parts: [String])) {
        context.output.write(
          "\r" + ANSI.clearLine
            + SessionSummary.layout(head: summary.head, parts: summary.parts, width: width, unicode: style.unicode))
        summarised = true
      }
      /// Leaves the session running: the live line gives way to a whole line that says so.
      func detach() -> Int32 {
        context.output.write(
          "\r" + ANSI.clearLine + TextLayout.truncate(Self.detachedLine, width - 1, unicode: style.unicode) + "\n")
        summarised = true
        return ExitCode.success
      }
      while true {
        let ready = waiter.wait(for: [follower.fd, 0, signals.readFD], until: nil, now: .zero)
        if ready.readable.contains(signals.readFD) {
          for number in signals.drain() {
            if number == SIGWINCH {
              // The old lines may have been rewrapped or cut: clear the screen and draw them again.
              width = Context.columns(context.environment, terminal: Platform.terminalColumns(1)) ?? width
              context.output.write("\u{1B}[H\u{1B}[2J")
              headed = false
              draw()
            } else {
              return detach()  // Ctrl-C, a hang-up: detach; the session goes on.
            }
          }
        }
        if ready.readable.contains(follower.fd) {
          let (latest, ended) = follower.read()
          state = latest ?? state
          draw()
          if ended {
            // What the session's own terminal printed as it ended, laid out for this one.
            if let summary = follower.summary {
              printSummary(summary)
            } else {
              context.output.write("\n" + "the session ended")
            }
            return ExitCode.success
          }
        }
        if ready.readable.contains(0) {
          guard let keys = Platform.readAvailable(0) else { return ExitCode.success }
          for key in keys {
            if key == UInt8(ascii: "d") || key == UInt8(ascii: "D") { return detach() }
            if KeyHints.helpKeys.contains(key) {
              let list = KeyHints.list(keysHint, width: width).map { ANSI.clearLine + dimmed($0) + "\n" }
              context.output.write("\r" + list.joined())
              draw()
              continue
            }
            // While the session asks about time away, k keeps it ('d' detaches here: 'pomo drop').
            let keeps = (key == UInt8(ascii: "k") || key == UInt8(ascii: "K")) && state?.awayAsking == true
            guard let command = keeps ? .keepAway : SessionEngine.command(forKey: key) else { continue }
            do {
              switch try client.answer(.command(command)) {
              case .state(let answer):
                state = answer
                draw()
              case .ended(let summary?):
                // q (or a skip past the last phase) ended it: its summary, as `pomo stop` prints.
                printSummary(summary)
                return ExitCode.success
              case .ended(nil):
                draw()
              }
            } catch {
              // The session ended meanwhile; the feed says so next.
            }
          }
        }
      }
    }
  }
}
