import PomoControl
import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

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
        waits), s skips, + adds a minute, q stops the session, d detaches and leaves it
        running. Ctrl-C detaches too.
        """,
      options: [SharedOptions.color.spec, SharedOptions.ascii.spec])

    static let keysHint = "space pause, s skip, + 1 min, q stop, d detach"

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let style = DisplayStyle.resolve(
        ascii: arguments[SharedOptions.ascii], color: arguments[SharedOptions.color],
        environment: context.environment, isTerminal: true)
      let client = ControlClient(folder: context.paths.controlFolder)
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
      defer {
        context.output.write("\n" + ANSI.showCursor)
        raw.restore()
        signals.close()
      }
      let waiter = EventWaiter()
      var state: SessionState?
      var headed = false
      func draw() {
        guard let state else { return }
        if !headed {
          let head = "\(TextLayout.inert(state.record.preset)) (pid \(state.pid)): \(keysHint)"
          context.output.write(ANSI.paint(TextLayout.truncate(head, width - 1, unicode: style.unicode), ANSI.dim, when: style.color) + "\n")
          headed = true
        }
        let line = StatusLine.render(state.snapshot(at: ControlProtocol.showTime(state)), width: width, style: style)
        context.output.write(ANSI.clearLine + line.text)
      }
      while true {
        let ready = waiter.wait(for: [follower.fd, 0, signals.readFD], until: nil, now: .zero)
        if ready.readable.contains(signals.readFD) {
          for number in signals.drain() {
            if number == SIGWINCH {
              width = Context.columns(context.environment, terminal: Platform.terminalColumns(1)) ?? width
              draw()
            } else {
              return ExitCode.success  // Ctrl-C, a hang-up: detach; the session goes on.
            }
          }
        }
        if ready.readable.contains(follower.fd) {
          let (latest, ended) = follower.read()
          state = latest ?? state
          draw()
          if ended {
            context.output.write("\n" + "the session ended")
            return ExitCode.success
          }
        }
        if ready.readable.contains(0) {
          guard let keys = Platform.readAvailable(0) else { return ExitCode.success }
          for key in keys {
            if key == UInt8(ascii: "d") || key == UInt8(ascii: "D") { return ExitCode.success }
            guard let command = SessionEngine.command(forKey: key) else { continue }
            do {
              if let answer = try client.send(.command(command)) { state = answer }
              draw()
            } catch {
              // The session ended meanwhile; the feed says so next.
            }
          }
        }
      }
    }
  }
}
