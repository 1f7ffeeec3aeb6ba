import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// pomo(1) in mdoc(7), generated from the tree of command specs: every command with its
/// arguments and options comes from the spec the parser uses; the sections a manual has
/// beyond that (files, environment, exit status, the formats) are written here, from the
/// reference in docs/.
package enum ManualPage {
  /// The page. `date` is the date of the version ("December 1, 2026"); the description ends
  /// with the version the page is for.
  package static func render(root: CommandNode, version: String, date: String) -> String {
    let name = root.spec.name
    var out: [String] = []
    out += [
      ".Dd \(date)", ".Dt \(name.uppercased()) 1", ".Os",
      ".Sh NAME", ".Nm \(name)", ".Nd \(text(lowercasedFirst(root.spec.abstract.trimmingPeriod)))",
    ]

    // SYNOPSIS: one line per command that runs something.
    out.append(".Sh SYNOPSIS")
    out += [".Nm", ".Op Fl h | Fl \\-help", ".Op Fl \\-version"]
    out += [".Nm", ".Fl \\-no-cache", ".Ar command ..."]
    for (path, node) in commands(root) {
      out += [".Nm", ".Cm \(path.dropFirst().joined(separator: " "))"]
      if !node.spec.options.isEmpty { out.append(".Op Ar options") }
      out += node.spec.arguments.map { $0.optional ? ".Op Ar \($0.name)" : ".Ar \($0.name)" }
    }
    out += [".Nm", ".Cm help", ".Op Ar command ..."]

    // DESCRIPTION: the root's own text.
    out.append(".Sh DESCRIPTION")
    out.append(".Nm")
    out += sentences("is " + lowercasedFirst(root.spec.abstract))
    if let discussion = root.spec.discussion { out += [".Pp"] + prose(discussion) }
    out += [
      ".Pp", "Every command takes", ".Fl h", "or", ".Fl \\-help ;",
      ".Nm", "help", ".Ar command", "says the same.",
      ".Pp", "This page describes version \(version) of", ".Nm .",
    ]

    // COMMANDS: each with its arguments and options.
    out.append(".Sh COMMANDS")
    for (path, node) in commands(root) {
      let spec = node.spec
      out.append(".Ss \(text(path.joined(separator: " ")))")
      out += [".Nm", ".Cm \(path.dropFirst().joined(separator: " "))"]
      out += spec.options.map(synopsis)
      out += spec.arguments.map { $0.optional ? ".Op Ar \($0.name)" : ".Ar \($0.name)" }
      if !node.subcommands.isEmpty { out.append(".Op Ar subcommand") }
      out += [".Pp"] + sentences(spec.abstract)
      if let discussion = spec.discussion { out += [".Pp"] + prose(discussion) }
      let items =
        spec.arguments.map { argument in
          ([".It Ar \(argument.name)"], argument.help)
        } + spec.options.map { option in ([".It " + label(option)], option.help) }
      if !items.isEmpty {
        out.append(".Bl -tag -width Ds")
        for (head, help) in items { out += head + sentences(help) }
        out.append(".El")
      }
      if !node.subcommands.isEmpty {
        out += [".Pp", "Subcommands:"]
        out.append(".Bl -tag -width Ds")
        for sub in node.subcommands { out += [".It Cm \(sub.spec.name)"] + sentences(sub.spec.abstract) }
        out.append(".El")
      }
    }

    out += staticSections
    out.append(".Sh EXAMPLES")
    let examples = commands(root).flatMap { examplesIn($0.node.spec.discussion ?? "") }
    out += [".Bd -literal -offset indent"] + examples.map(literal) + [".Ed"]
    out += [
      ".Sh SEE ALSO", "The pages in the docs/ folder of the source of", ".Nm", "are the full reference;",
      "the Debian package keeps them in", ".Pa /usr/share/doc/pomo/docs ,", "and the release tarball in its", ".Pa docs", "folder.",
    ]
    // A paragraph break just before a display or list is implied by it.
    out = out.enumerated().filter { k, line in
      !(line == ".Pp" && k + 1 < out.count && out[k + 1].hasPrefix(".Bd"))
    }.map(\.element)
    return out.joined(separator: "\n") + "\n"
  }

  /// Every command below the root, depth first, with its words.
  static func commands(_ root: CommandNode) -> [(path: [String], node: CommandNode)] {
    var result: [(path: [String], node: CommandNode)] = []
    func walk(_ node: CommandNode, _ path: [String]) {
      for sub in node.subcommands {
        result.append((path + [sub.spec.name], sub))
        walk(sub, path + [sub.spec.name])
      }
    }
    walk(root, [root.spec.name])
    return result
  }

  /// `.Op Fl r Ar n`, `.Op Fl \-week Op Ar week`.
  static func synopsis(_ option: OptionSpec) -> String {
    var line = ".Op Fl \(flag(option.long, long: true))"
    if let value = option.value { line += option.optionalValue ? " Op Ar \(value)" : " Ar \(value)" }
    return line
  }

  /// `Fl r Ar n , Fl \-rounds Ar n` for a tagged list item.
  static func label(_ option: OptionSpec) -> String {
    var forms: [String] = []
    let value = option.value.map { option.optionalValue ? " Op Ar \($0)" : " Ar \($0)" } ?? ""
    if let short = option.short { forms.append("Fl \(flag(String(short), long: false))" + value) }
    forms.append("Fl \(flag(option.long, long: true))" + value)
    return forms.joined(separator: " , ")
  }

  /// An option's name after `Fl` (which adds one hyphen): hyphens as `\-`, so they render
  /// as the minus signs a reader can copy into a shell.
  static func flag(_ name: String, long: Bool) -> String {
    (long ? "\\-" : "") + name.replacing("-", with: "\\-")
  }

  // MARK: - Text

  /// Text for a roff line: backslashes as `\e`, a hyphen that starts a word (an option) as
  /// `\-`, and a line that would start with a control character (`.` or `'`) guarded by `\&`.
  static func text(_ raw: String) -> String {
    var escaped = raw.replacing("\\", with: "\\e")
    escaped = escaped.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      guard word.hasPrefix("-") || word.hasPrefix("\"-") || word.hasPrefix("(-") || word.hasPrefix("'-") else {
        return String(word)
      }
      return String(word).replacing("-", with: "\\-")
    }.joined(separator: " ")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }

  /// A paragraph as roff lines, one sentence a line (roff's rule, so sentence spacing is right).
  static func sentences(_ paragraph: String) -> [String] {
    var lines: [String] = []
    var current = ""
    let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
    for (k, word) in words.enumerated() {
      current += (current.isEmpty ? "" : " ") + word
      let next = k + 1 < words.count ? words[k + 1] : nil
      if let last = word.last, ".?!:;".contains(last), let first = next?.first, first.isUppercase || first == "\"" {
        lines.append(current)
        current = ""
      } else if let last = word.last, ".?!".contains(last), next != nil,
        word.dropLast().last.map({ $0.isLowercase || $0.isNumber || $0 == ")" || $0 == "\"" }) == true
      {
        lines.append(current)
        current = ""
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.flatMap { fill(text($0)) }
  }

  /// Breaks an escaped text line between words so no input line passes 80 bytes (mandoc's
  /// style); a piece that would start with a control character is guarded.
  static func fill(_ line: String) -> [String] {
    var result: [String] = []
    var current = ""
    for word in line.split(separator: " ") {
      if !current.isEmpty && current.utf8.count + 1 + word.utf8.count > 76 {
        result.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { result.append(current) }
    return result.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
  }

  /// A discussion: paragraphs joined the way help joins them, indented lines as a literal display.
  static func prose(_ discussion: String) -> [String] {
    var out: [String] = []
    var literalLines: [String] = []
    func flushLiteral() {
      guard !literalLines.isEmpty else { return }
      out += [".Bd -literal -offset indent"] + literalLines.map(literal) + [".Ed"]
      literalLines = []
    }
    for paragraph in HelpFormatter.paragraphs(discussion) {
      if paragraph.isEmpty {
        flushLiteral()
        if out.last != ".Pp" && !out.isEmpty { out.append(".Pp") }
      } else if paragraph.first == " " {
        literalLines.append(String(paragraph.drop { $0 == " " }))
      } else {
        flushLiteral()
        out += sentences(paragraph)
      }
    }
    flushLiteral()
    while out.last == ".Pp" { out.removeLast() }
    return out
  }

  /// A line of a literal display: only backslashes and a leading control character matter.
  static func literal(_ raw: String) -> String {
    var escaped = raw.replacing("\\", with: "\\e")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }

  /// The indented `pomo …` lines of a discussion: its examples.
  static func examplesIn(_ discussion: String) -> [String] {
    discussion.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      return line.first == " " && trimmed.hasPrefix("pomo ") ? String(trimmed) : nil
    }
  }

  static func lowercasedFirst(_ s: String) -> String {
    guard let first = s.first else { return s }
    return first.lowercased() + s.dropFirst()
  }

  // MARK: - What the specs do not say

  static let exitStatuses: [(Int32, String)] = [
    (ExitCode.success, "Success, and for help and the version."),
    (
      ExitCode.failure,
      "A failure: the journal could not be written, another session is running, a file could not be read, the output could not be written."
    ),
    (ExitCode.usage, "A usage error: an unknown command or option, a bad or missing value."),
    (ExitCode.dataError, "Bad data: a preset, the config file, or a damaged journal line with --strict."),
    (ExitCode.hangup, "A session ended by SIGHUP."),
    (ExitCode.interrupted, "A session quit with q or Ctrl-C."),
    (141, "A session whose output pipe was closed (recorded as interrupted by a signal)."),
    (ExitCode.terminated, "A session ended by SIGTERM."),
  ]

  static var staticSections: [String] {
    var out: [String] = []
    out += [".Sh PRESETS"]
    out += sentences(
      "Built-in presets: \(PresetCatalog.builtInNames.joined(separator: ", ")) ('pomo presets' describes each). Your own presets are JSON files in $XDG_CONFIG_HOME/pomo/presets; the file name without .json is the preset's name unless the file has a \"name\", and one with the name of a built-in replaces it."
    )
    out += [".Pp"]
    out += sentences(
      "A preset is warm-up phases, then a round of phases repeated \"rounds\" times (1 to 10000), then cool-down phases. Only \"round\" is required. A phase is {\"name\": ..., \"kind\": \"work\" or \"rest\", \"duration\": ...}; durations are written 25m, 90s, 1h30m, 1:30 or plain seconds, more than zero and at most 24 hours. Other keys: \"description\", \"warmup\", \"cooldown\", \"skip_last_rest\", \"long_break\" ({\"every\": N, \"name\": ..., \"duration\": ...}) and \"cue\" (seconds of 3-2-1 countdown, 0 to 10)."
    )
    out += [".Bd -literal -offset indent"]
    out += [
      "{",
      "  \"rounds\": 4,",
      "  \"round\": [",
      "    { \"name\": \"focus\", \"kind\": \"work\", \"duration\": \"25m\" },",
      "    { \"name\": \"break\", \"kind\": \"rest\", \"duration\": \"5m\" }",
      "  ],",
      "  \"long_break\": { \"every\": 4, \"name\": \"long break\", \"duration\": \"15m\" }",
      "}",
    ].map(literal)
    out += [".Ed"]
    out += [".Sh JOURNAL"]
    out += sentences(
      "Every session, completed or not, is one line of JSON appended to the journal, never rewritten: \"v\" (1), \"id\" (a UUID; a record seen twice counts once), \"preset\", \"status\" (completed, interrupted or void: ended by pomo void, with \"void_reason\"), \"interruption\" (quit, signal or crash), \"start\" and \"end\" (RFC 3339), \"tags\", \"note\", \"host\", \"rounds\", \"paused_seconds\" and \"phases\", each with \"name\", \"kind\", \"round\", \"start\", \"end\", \"planned_seconds\", \"elapsed_seconds\" (overtime included) and \"completed\", and \"overtime_seconds\" for a phase that waited for confirmation."
    )
    out += [".Pp"]
    out += sentences(
      "An append is one write under an exclusive lock, then fsync. Readers skip a damaged line with a warning naming its line number; --strict makes it an error."
    )
    out += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
    let environment: [(String, String)] = [
      ("POMO_JOURNAL", "The journal file, unless --journal names one."),
      (
        "POMO_NO_CACHE",
        "1: answer every command from the journal alone, reading and writing no cache, as --no-cache does."
      ),
      ("POMO_NO_THREADS", "1: all work on the calling thread, as when no thread can be created."),
      ("XDG_CONFIG_HOME", "Where pomo/config.json and pomo/presets are (default ~/.config)."),
      ("XDG_DATA_HOME", "Where the journal folder pomo/journal/ is (default ~/.local/share)."),
      ("XDG_STATE_HOME", "Where the running session's state is (default ~/.local/state)."),
      ("XDG_CACHE_HOME", "Where the report index and the tag list for completion are (default ~/.cache)."),
      ("NO_COLOR", "Any value turns colour off."),
      (
        "TERM",
        "dumb: plain lines, no escape codes and no redrawing. linux: bars of whole cells, which the console's fonts can draw."
      ),
      (
        "LC_ALL, LC_CTYPE, LANG",
        "The first one set decides the character set: unless it is UTF-8, pomo prints only ASCII."
      ),
      ("COLUMNS", "The width to lay text out in."),
      ("TZ", "The time zone reports count days in."),
    ]
    for (variable, meaning) in environment { out += [".It Ev \(variable)"] + sentences(meaning) }
    out += [".El"]
    out += [".Sh FILES", ".Bl -tag -width Ds"]
    let files: [(String, String)] = [
      (
        "$XDG_CONFIG_HOME/pomo/config.json",
        "The config: bell, notify, color, week_start, hooks, terminal_title, terminal_notify, terminal_progress, daily_goal, day_start, display, voice, speaker and sound."
      ),
      ("$XDG_CONFIG_HOME/pomo/presets/*.json", "Your presets."),
      ("$XDG_DATA_HOME/pomo/journal/", "The journal: one JSON Lines file per machine, <host>-<id>.jsonl."),
      (
        "$XDG_STATE_HOME/pomo/current.json",
        "The running session, with check.lock beside it; the session locks the folder."
      ),
      (
        "$XDG_STATE_HOME/pomo/unrecorded.jsonl",
        "Records the journal could not take yet; the next command records them."
      ),
      ("$XDG_STATE_HOME/pomo/detached.log", "The messages of a session started with start --detach."),
      (
        "$XDG_RUNTIME_DIR/pomo/control-KEY.sock",
        "The running session's control socket (in $XDG_STATE_HOME/pomo without XDG_RUNTIME_DIR), KEY a hash of the state folder's path, with control-KEY.lock beside it; folder mode 0700, socket 0600; only the same user is answered, and clients check the folder's, the socket's and the server's owner before they believe a word."
      ),
      (
        "$XDG_CACHE_HOME/pomo/",
        "The report index of each journal file, with its tags (index-*), the indexes of a journal folder's small files (folder-*) and the day totals for long reports (totals-*); each is checked before it is trusted and rebuilt when it fails, and deleting them only costs time."
      ),
    ]
    for (path, meaning) in files { out += [".It Pa \(text(path))"] + sentences(meaning) }
    out += [".El"]
    out += [".Sh EXIT STATUS", ".Bl -tag -width Ds"]
    for (code, meaning) in exitStatuses { out += [".It \(code)"] + sentences(meaning) }
    out += [".El"]
    return out
  }
}

extension String {
  fileprivate var trimmingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
}
