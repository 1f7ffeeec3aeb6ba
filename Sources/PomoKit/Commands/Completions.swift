import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo completions SHELL`: a completion script generated from the command specs.
  public enum Completions: Command {
    public static let spec = CommandSpec(
      name: "completions",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        The script completes commands, options, their values, preset names and the tags in
        your journal. It asks pomo for presets and tags each time it completes (with
        'pomo completions --list presets' or '--list tags'), so new ones appear at once.
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
      help: "Print the names a script completes, one a line: presets (built-in and yours) or tags (in the journal).")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
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
        var tags: [String] = []
        var seen = Set<String>()
        for path in journal.files {
          do {
            let indexed = try IndexedJournal(journal: journal.file(path), cacheFolder: context.paths.cacheDirectory)
            for tag in indexed.tags where seen.insert(tag).inserted {
              tags.append(tag)
            }
          } catch {
            throw CLIError.failure("cannot read the journal \(path): \(error)")
          }
        }
        context.output.write(tags.map { $0 + "\n" }.joined())
      case (_?, _?):
        throw CLIError.usage("give a shell or '--list', not both", command: arguments.path)
      case (nil, nil):
        throw CLIError.usage("missing expected argument '<shell>'", command: arguments.path)
      }
      return ExitCode.success
    }

    /// The presets' names, without a word about files the catalog skipped: completion offers
    /// what it can, and the other commands warn about the rest.
    static func presetNames(_ context: Context) -> [String] {
      ((try? PresetCatalog.load(userDirectory: context.paths.presetsDirectory))?.presets ?? []).map(\.name)
    }
  }
}
