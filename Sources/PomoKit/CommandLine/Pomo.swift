import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// The root command: finds the subcommand, runs it, and turns errors into messages and exit codes.
package enum Pomo: Command {
  /// The version: the CHANGELOG's current one (its first `## [X.Y.Z] - DATE` heading), read
  /// when pomo is built, so the binary, the manual page and the release's files agree.
  package static let version = BuildInfo.version

  /// The short commit pomo was built from, or nil when it was built without `.git` (from a
  /// source tarball).
  package static let commit = BuildInfo.commit

  /// What `pomo --version` prints: `pomo 1.0.0 (abc1234)`, or `pomo 1.0.0` without a commit.
  package static var versionLine: String {
    "pomo \(version)" + (commit.map { " (\($0))" } ?? "")
  }

  package static let spec = CommandSpec(
    name: "pomo",
    abstract: "A Pomodoro and interval-training timer for the terminal.",
    discussion: """
      Runs presets of timed phases (focus and breaks, work and rest) with a live progress bar, and records every session in a journal.

      Built-in presets: \(PresetCatalog.builtInNames.joined(separator: ", ")) ('pomo presets' describes each). Your own go in $XDG_CONFIG_HOME/pomo/presets/NAME.json.
      """)

  package static var subcommands: [CommandNode] {
    [
      Start.node, Resume.node, Pause.node, Toggle.node, Skip.node, Extend.node, Next.node, Rep.node, Tag.node, Untag.node, Note.node, Mark.node, VoidSession.node,
      Away.node, Back.node, Keep.node, Drop.node,
      Stop.node,
      Attach.node,
      Status.node,
      Log.node, Add.node, Edit.node, Delete.node, Undo.node, Tasks.node, Report.node, Export.node, Import.node, JournalInfo.node,
      Presets.node,
      Nudge.node, Doctor.node,
      Completions.node, Manual.node,
    ]
  }

  package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
    context.output.write(HelpFormatter.help(for: Pomo.node, path: ["pomo"], width: context.wrapWidth))
    return ExitCode.success
  }

  /// Runs pomo with the process's arguments (the first is the program's name) and returns the exit status.
  ///
  /// Where the locale is not UTF-8, all it prints passes through `ASCIIOutput`. Signals held
  /// since start-up (`Context.process`) are let through once the command is known not to run a
  /// session, and in any case on the way out, so a held SIGTERM still ends the process.
  package static func main(_ argv: [String], context: Context) -> Int32 {
    defer { SignalPipe.release() }
    var context = context
    if !context.unicode {
      context.output = ASCIIOutput(context.output)
      context.errors = ASCIIOutput(context.errors)
    }
    var words = argv.dropFirst()
    // `--no-cache`, before the command or among its options (up to a `--`): every answer
    // from the journal alone (see `Paths.usesCache`).
    let end = words.firstIndex(of: "--") ?? words.endIndex
    if words[..<end].contains(HelpFormatter.noCacheFlag) {
      words = words[..<end].filter { $0 != HelpFormatter.noCacheFlag } + words[end...]
      context.environment[Paths.noCacheVariable] = "1"
    }
    if words.first == "--version" {
      context.output.write(versionLine + "\n")
      return checkedOutput(ExitCode.success, context)
    }
    if words.first == "help" {
      return checkedOutput(help(for: Array(words.dropFirst()), context: context), context)
    }
    do {
      return try dispatch(Pomo.node, words: words, path: ["pomo"], context: context)
    } catch let error as CLIError {
      report(error, context: context)
      return error.exitCode
    } catch {
      context.errors.write("Error: \(TextLayout.inert("\(error)"))\n")
      return ExitCode.failure
    }
  }

  /// `status`, unless a write to stdout failed (a full disk, `/dev/full`): then what was
  /// printed is cut short, which is said on stderr, and the command fails as `--output` to a
  /// full disk does (exit 1). A reader that went away (EPIPE, `pomo log --json | head -1`) is
  /// no failure and stays quiet.
  ///
  /// Only for what a command prints: `start` and `resume` are never judged by it, as a
  /// session's live display writes to a terminal that may go away while it runs, and the
  /// session must still end, and be recorded, as it would have.
  private static func checkedOutput(_ status: Int32, _ context: Context) -> Int32 {
    guard let failure = context.output.failure else { return status }
    context.errors.write("Error: cannot write the output: \(failure)\n")
    return status == ExitCode.success ? ExitCode.failure : status
  }

  private static func dispatch(
    _ command: CommandNode, words: ArraySlice<String>, path: [String], context: Context
  ) throws -> Int32 {
    let subs = command.subcommands
    if let first = words.first, !first.hasPrefix("-") {
      if let sub = subs.first(where: { $0.spec.name == first }) {
        return try dispatch(sub, words: words.dropFirst(), path: path + [first], context: context)
      }
      if !subs.isEmpty && command.spec.arguments.isEmpty {
        var message = path.count == 1 ? "unknown command '\(first)'" : "unknown subcommand '\(first)'"
        let names = subs.map(\.spec.name) + (path.count == 1 ? ["help"] : [])
        if let guess = Suggestion.closest(to: first, in: names) { message += ". Did you mean '\(guess)'?" }
        throw CLIError.usage(message, command: path)
      }
    }
    if !command.runsSession { SignalPipe.release() }
    let spec = command.spec
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser.parse(words, spec: spec, path: path)
    } catch let outcome as ParseOutcome {
      switch outcome {
      case .help:
        context.output.write(HelpFormatter.help(for: command, path: path, width: context.wrapWidth))
        return checkedOutput(ExitCode.success, context)
      case .failed(let failure):
        throw failure
      }
    }
    context.willRun?(parsed)
    let status = try command.run(parsed, context)
    return command.runsSession ? status : checkedOutput(status, context)
  }

  /// `pomo help [command [subcommand]]`.
  private static func help(for words: [String], context: Context) -> Int32 {
    var command = Pomo.node
    var path = ["pomo"]
    for word in words {
      guard let sub = command.subcommands.first(where: { $0.spec.name == word }) else {
        var message = "unknown command '\(word)'"
        if let guess = Suggestion.closest(to: word, in: command.subcommands.map(\.spec.name)) {
          message += ". Did you mean '\(guess)'?"
        }
        report(.usage(message, command: path), context: context)
        return ExitCode.usage
      }
      command = sub
      path.append(word)
    }
    context.output.write(HelpFormatter.help(for: command, path: path, width: context.wrapWidth))
    return ExitCode.success
  }

  /// Writes the error as one line (a usage error adds where its help is); names and values
  /// quoted from files are made inert first.
  static func report(_ error: CLIError, context: Context) {
    switch error {
    case .usage(let message, let path):
      // One line and a pointer, never the whole usage: the mistake stays on the screen.
      var text = "Error: \(TextLayout.inert(message))\n"
      if resolve(path) != nil { text += "See '\(path.joined(separator: " ")) --help'.\n" }
      context.errors.write(text)
    case .data(let message), .failure(let message):
      context.errors.write("Error: \(TextLayout.inert(message))\n")
    }
  }

  private static func resolve(_ path: [String]) -> CommandNode? {
    var command = Pomo.node
    for word in path.dropFirst() {
      guard let sub = command.subcommands.first(where: { $0.spec.name == word }) else { return nil }
      command = sub
    }
    return command
  }
}
