import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

/// What a command may know about the world it runs in, injected so tests control all of it.
package struct Context {
  package var environment: [String: String]
  package var output: any TextOutput
  package var errors: any TextOutput
  package var stdinIsTerminal: Bool
  package var stdoutIsTerminal: Bool
  /// The terminal's width in columns, when stdout is one (from TIOCGWINSZ).
  package var terminalColumns: Int?
  /// The clocks: boot time for deadlines, awake time, and the wall clock for timestamps.
  package var clock: SessionClock
  /// This machine's name, recorded with each session.
  package var hostName: String
  /// The local time zone: days in reports, offsets in records, times in messages.
  package var zone: any TimeZoneRules
  /// The pomo program itself, to start again for `start --detach` (nil: this process's own).
  package var programPath: String?
  /// Called with a command's parsed arguments just before it runs (tests audit them).
  package var willRun: ((ParsedArguments) -> Void)?

  /// The defaults are the real world: the system clocks, host and time zone (from TZ in
  /// `environment`); tests pass their own.
  package init(
    environment: [String: String], output: any TextOutput, errors: any TextOutput,
    stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false, terminalColumns: Int? = nil,
    clock: SessionClock = .system, hostName: String? = nil, zone: (any TimeZoneRules)? = nil
  ) {
    self.environment = environment
    self.output = output
    self.errors = errors
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.terminalColumns = terminalColumns
    self.clock = clock
    self.hostName = hostName ?? Platform.hostName()
    self.zone = zone ?? SystemZone(environment: environment)
  }

  /// The width to fit text to, the one place that decides it: `COLUMNS` when set, else the
  /// terminal's. When stdout is not a terminal (a pipe, a file) nothing is cut: fields stay
  /// whole for `grep` and `cut`, so the width is `Context.unlimited`. A terminal whose size
  /// cannot be read is 80 columns.
  package var width: Int {
    Self.columns(environment, terminal: terminalColumns) ?? (stdoutIsTerminal ? 80 : Self.unlimited)
  }

  /// The width to wrap prose in (help pages): `width`, but 80 columns where that has no limit,
  /// as a page read through a pager or a file is easier to read in lines of 80.
  package var wrapWidth: Int { min(width, Self.columns(environment, terminal: terminalColumns) ?? 80) }

  /// The width of output that is not a terminal: wider than any line pomo writes, small enough
  /// that layouts adding columns to it cannot overflow.
  package static let unlimited = 1 << 20

  /// `COLUMNS` when it is a width (1 to 1000, plain digits), else the terminal's width, else
  /// nil. Read again when a live session's terminal is resized.
  static func columns(_ environment: [String: String], terminal: Int?) -> Int? {
    if let text = environment["COLUMNS"], let n = ParsedArguments.plainInteger(text, negative: false), n > 0 {
      return min(n, 1000)
    }
    if let n = terminal, n > 0 { return n }
    return nil
  }

  /// `LINES` when it is a height (1 to 1000), else the terminal's rows, else nil.
  static func rows(_ environment: [String: String]) -> Int? {
    if let text = environment["LINES"], let n = ParsedArguments.plainInteger(text, negative: false), n > 0 {
      return min(n, 1000)
    }
    return Platform.terminalRows(1)
  }

  package var paths: Paths { Paths(environment: environment) }

  /// Whether text may go beyond ASCII: the locale is UTF-8. When it is not, `Pomo.main` passes
  /// everything printed through `ASCIIOutput`.
  package var unicode: Bool { DisplayStyle.localeIsUTF8(environment) }

  /// Prints JSON; where the locale is not UTF-8, characters beyond ASCII are `\u` escapes, so
  /// the JSON means the same in ASCII.
  func writeJSON(_ json: String) {
    output.write(unicode ? json : JSONOutput.asciiEscaped(json))
  }

  /// Prints a file for other programs (CSV, iCalendar): UTF-8 as it is, whatever the locale,
  /// since its reader is a program, not this terminal.
  func writeData(_ text: String) {
    ((output as? ASCIIOutput)?.base ?? output).write(text)
  }
}

extension Context {
  /// The real process: its environment, stdout, stderr and terminal.
  /// Signals are held first of all (see `SignalPipe.hold`): `Pomo.main` lets them through
  /// for a command that runs no session, and the session's `SignalPipe` for one that does.
  package static func process() -> Context {
    SignalPipe.hold()
    Platform.ignoreBrokenPipes()
    let environment = Platform.environment
    // A TZ that is neither a zone file nor a rule (say, a FIFO) would be opened by the C
    // library, and could hang it; pomo says so once and uses UTC, so the C library must too.
    if SystemZone.warning(environment) != nil { Platform.setEnvironment("TZ", "UTC0") }
    return Context(
      environment: environment,
      output: FileDescriptorOutput(fd: 1), errors: FileDescriptorOutput(fd: 2),
      stdinIsTerminal: Platform.isTerminal(0), stdoutIsTerminal: Platform.isTerminal(1),
      terminalColumns: Platform.terminalColumns(1))
  }
}
