import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo completions SHELL`: a completion script generated from the command specs.
  package enum Completions: Command {
    package static let spec = CommandSpec(
      name: "completions",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        The script completes commands, options, their values, preset names, and the tags,
        session ids (of 'pomo edit' and 'pomo delete') and open task ids in your journal. It
        asks pomo for them each time it completes ('pomo completions --list presets', or
        tags, sessions, tasks), so new ones appear at once.
        Scripts/install.sh installs all three; by hand:

          pomo completions bash > ~/.local/share/bash-completion/completions/pomo
          pomo completions zsh > ~/.local/share/zsh/site-functions/_pomo
          pomo completions fish > ~/.config/fish/completions/pomo.fish
        """,
      arguments: [
        ArgumentSpec(
          "shell", kind: .choice(CompletionShell.allCases.map(\.rawValue)),
          help: "The shell to print a script for: bash, zsh or fish.", optional: true)
      ],
      options: [list.spec, SharedOptions.journal.spec])

    static let list = Option<CompletionList>.choice(
      "list", placeholder: "what",
      help:
        "Print the names a script completes, one a line: presets (built-in and yours), tags (in the journal), sessions (the latest \(recentSessions) ids, newest first) or tasks (the open ones' ids); an id is followed by a tab and what it is.")

    /// How many of the latest sessions `--list sessions` offers.
    static let recentSessions = 20

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let shell = arguments.positionals.first.flatMap(CompletionShell.init(rawValue:))
      switch (shell, arguments[list]) {
      case (let shell?, nil):
        context.output.write(
          CompletionScript.script(
            for: shell, root: Pomo.node, lister: "\(Pomo.spec.name) \(spec.name) --\(list.spec.long)",
            journal: SharedOptions.journal.spec))
      case (nil, .presets?):
        context.output.write(presetNames(context).map { $0 + "\n" }.joined())
      case (nil, .tags?):
        let journal = JournalAccess.journal(override: arguments[SharedOptions.journal], context)
        let history = try JournalAccess.history(journal, strict: false, context, quiet: true)
        let tags: [String]
        do {
          tags = try history.tags()
        } catch {
          throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
        }
        context.output.write(tags.map { $0 + "\n" }.joined())
      case (nil, .sessions?):
        let journal = JournalAccess.journal(override: arguments[SharedOptions.journal], context)
        let history = try JournalAccess.history(journal, strict: false, context, quiet: true)
        let offset = context.zone.offset
        let newest: [JournalRecord]
        do {
          newest = try history.newest(recentSessions, detail: false)
        } catch {
          throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
        }
        let lines = newest.map { record in
          let stamp = RFC3339.format(record.start, offset: offset(record.start))
          return described(record.id, "\(record.preset) \(stamp.prefix(10)) \(stamp.dropFirst(11).prefix(5))")
        }
        context.output.write(lines.joined())
      case (nil, .tasks?):
        let journal = JournalAccess.journal(override: arguments[SharedOptions.journal], context)
        let open = TaskQuery(open: true, done: 0..<0)
        let tasks = try TaskAccess.tasks(journal, context, quiet: true, open, counting: false)
        context.output.write(tasks.map(\.task).sorted { $0.at > $1.at }.map { described($0.id, $0.title) }.joined())
      case (_?, _?):
        throw CLIError.usage("give a shell or '--list', not both", command: arguments.path)
      case (nil, nil):
        throw CLIError.usage("missing expected argument '<shell>'", command: arguments.path)
      }
      return ExitCode.success
    }

    /// "3f2a1b4c<tab>work 2026-11-30 09:00": an id as a script offers it, its first 8
    /// characters, then what it is, on one line.
    static func described(_ id: String, _ what: String) -> String {
      TextLayout.inert(String(id.prefix(8))) + "\t" + TextLayout.inert(what) + "\n"
    }

    /// The presets' names, without a word about files the catalog skipped: completion offers
    /// what it can, and the other commands warn about the rest.
    static func presetNames(_ context: Context) -> [String] {
      ((try? PresetCatalog.load(userDirectory: context.paths.presetsDirectory))?.presets ?? []).map(\.name)
    }
  }
}
