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
  package enum Attach: Command {
    package static let spec = CommandSpec(
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

    /// What stays on the screen after `d` (or Ctrl-C): the session runs on, and how to come back.
    static let detachedLine = "Detached; the session runs on. 'pomo attach' comes back to it."

    /// The keys, as the header and `?` list them: `enter go on` only for a session whose
    /// phases wait for confirmation.
    static func keysHint(confirm: Bool, open: Bool = false) -> String {
      KeyHints.full(confirm: confirm, open: open, quit: "q stop", extra: "d detach")
    }

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
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
      let signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH])
      let raw = RawMode(fd: 0)
      _ = raw.enter()
      context.output.write(ANSI.hideCursor)
      let screen = Screen(output: context.output, style: style, width: context.width)
      defer {
        context.output.write((screen.summarised ? "" : "\n") + ANSI.showCursor)
        raw.restore()
        signals.close()
      }
      let waiter = EventWaiter()
      while true {
        let ready = waiter.wait(for: [follower.fd, 0, signals.readFD], until: nil, now: .zero)
        if ready.readable.contains(signals.readFD), let status = takeSignals(signals, screen, context) {
          return status
        }
        if ready.readable.contains(follower.fd), let status = readFeed(follower, screen) { return status }
        if ready.readable.contains(0), let status = readKeys(client, screen) { return status }
      }
    }

    /// A new size redraws the screen; any other signal (Ctrl-C, a hang-up) detaches, and the
    /// session goes on. The exit status once attach is done.
    private static func takeSignals(_ signals: SignalPipe, _ screen: Screen, _ context: Context) -> Int32? {
      for number in signals.drain() {
        guard number == SIGWINCH else { return screen.detach() }
        // The old lines may have been rewrapped or cut: clear the screen and draw them again.
        screen.width = Context.columns(context.environment, terminal: Platform.terminalColumns(1)) ?? screen.width
        screen.output.write("\u{1B}[H\u{1B}[2J")
        screen.headed = false
        screen.draw()
      }
      return nil
    }

    /// The session's latest state from its feed; once it ends, what its own terminal printed
    /// as it ended, laid out for this one. The exit status once attach is done.
    private static func readFeed(_ follower: Follower, _ screen: Screen) -> Int32? {
      let (latest, ended) = follower.read()
      screen.state = latest ?? screen.state
      screen.draw()
      guard ended else { return nil }
      if let summary = follower.summary {
        screen.printSummary(summary)
      } else {
        screen.output.write("\n" + "the session ended")
      }
      return ExitCode.success
    }

    /// The keys typed: `d` detaches, `?` lists the keys, and the others go to the session as
    /// its commands. The exit status once attach is done.
    private static func readKeys(_ client: ControlClient, _ screen: Screen) -> Int32? {
      guard let keys = Platform.readAvailable(0) else { return ExitCode.success }
      for key in keys {
        if key == UInt8(ascii: "d") || key == UInt8(ascii: "D") { return screen.detach() }
        if KeyHints.helpKeys.contains(key) {
          screen.listKeys()
          continue
        }
        // While the session asks about time away, k keeps it ('d' detaches here: 'pomo drop').
        let keeps = (key == UInt8(ascii: "k") || key == UInt8(ascii: "K")) && screen.state?.awayAsking == true
        guard let command = keeps ? .keepAway : SessionEngine.command(forKey: key) else { continue }
        do {
          switch try client.answer(.command(command)) {
          case .state(let answer):
            screen.state = answer
            screen.draw()
          case .ended(let summary?):
            // q (or a skip past the last phase) ended it: its summary, as `pomo stop` prints.
            screen.printSummary(summary)
            return ExitCode.success
          case .ended(nil):
            screen.draw()
          }
        } catch {
          // The session ended meanwhile; the feed says so next.
        }
      }
      return nil
    }

    /// This terminal's view of the session: a header once, then its status line, redrawn in
    /// place; what it last knew of the session, and whether a summary ends it.
    private final class Screen {
      let output: any TextOutput
      let style: DisplayStyle
      var width: Int
      var state: SessionState?
      /// Whether the header (the preset, its pid and the keys) is on the screen.
      var headed = false
      var keysHint = Attach.keysHint(confirm: false)
      /// Whether a whole last line (a summary, or the line that says it detached) ends the output.
      var summarised = false

      init(output: any TextOutput, style: DisplayStyle, width: Int) {
        self.output = output
        self.style = style
        self.width = width
      }

      func dimmed(_ line: String) -> String {
        ANSI.paint(TextLayout.truncate(line, width - 1, unicode: style.unicode), ANSI.dim, when: style.color)
      }

      func draw() {
        guard let state else { return }
        // An open phase (Flowtime) waits from its start; space and enter end it.
        let open = state.open || state.upcoming.contains(where: \.open)
        keysHint = Attach.keysHint(confirm: state.confirm || (state.waiting && !state.open), open: open)
        if !headed {
          let head = "\(TextLayout.inert(state.record.preset)) (pid \(state.pid)):"
          output.write(
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
        output.write(ANSI.clearLine + line.text)
      }

      /// The keys, a line each above the status line, which is drawn again under them.
      func listKeys() {
        let list = KeyHints.list(keysHint, width: width).map { ANSI.clearLine + dimmed($0) + "\n" }
        output.write("\r" + list.joined())
        draw()
      }

      func printSummary(_ summary: (head: String, parts: [String])) {
        output.write(
          "\r" + ANSI.clearLine
            + SessionSummary.layout(head: summary.head, parts: summary.parts, width: width, unicode: style.unicode))
        summarised = true
      }

      /// Leaves the session running: the live line gives way to a whole line that says so.
      func detach() -> Int32 {
        output.write(
          "\r" + ANSI.clearLine + TextLayout.truncate(Attach.detachedLine, width - 1, unicode: style.unicode) + "\n")
        summarised = true
        return ExitCode.success
      }
    }
  }
}
