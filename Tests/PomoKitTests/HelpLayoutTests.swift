import Foundation
import Testing

@testable import PomoCore
@testable import PomoKit

/// Every command in the tree with the words that name it, root first, depth first; a new
/// command is covered by every test that walks it.
func commandTree(_ node: CommandNode = Pomo.node, path: [String] = ["pomo"]) -> [(path: [String], node: CommandNode)] {
  [(path, node)] + node.subcommands.flatMap { commandTree($0, path: path + [$0.spec.name]) }
}

/// The command a path names, e.g. ["pomo", "presets", "show"].
func command(at path: [String]) -> CommandNode? {
  commandTree().first { $0.path == path }?.node
}

/// A help page as a user gets it: `pomo COMMAND --help` with `COLUMNS` set to `width`.
func helpPage(_ path: [String], width: Int) -> String {
  var pomo = InProcess(home: "/nonexistent-home")
  pomo.width = width
  return pomo.run(Array(path.dropFirst()) + ["--help"]).out
}

/// A place where a help page breaks the layout rules `HelpLayoutCheck` checks.
struct LayoutProblem: CustomStringConvertible {
  enum Kind: Equatable { case tooWide, prose, usage, row, hint, unknown }
  var kind: Kind
  /// 1-based, in the page.
  var line: Int
  var text: String

  var description: String { "line \(line), \(kind): \(text)" }
}

/// Checks a help page against the rules of its layout, at the width it was laid out for.
///
/// Every line must fit the width, in terminal columns (`TextLayout.width`). Then, wherever
/// the formatter broke one run of text across lines, the break must be greedy: the line
/// before it could not have taken the next line's first word (width(line) + 1 + width(word)
/// > width). Which pairs of consecutive lines are such breaks is decided by the page's blocks
/// (runs of lines between blank lines) and the indents the formatter gives each kind of text:
///
/// - **Prose** (the OVERVIEW block and the discussion, everything before USAGE): two lines
///   that both start at the margin are one paragraph, since the formatter joins consecutive
///   margin lines of the source into one paragraph and wraps it with no hanging indent, and
///   paragraphs are separated by blank lines. An indented line is an example: it stands on
///   its own, and a long one's continuation cannot be told from the next example, so no pair
///   with an indented line is checked.
/// - **USAGE**: wrapped between whole tokens (`[--tag <tag> ...]` has spaces in it), so the
///   lines, less "USAGE: " and the 7-space indent, must be the usage tokens in order, and no
///   line could have taken the next token.
/// - **Rows** (the blocks headed ARGUMENTS:, OPTIONS:, SUBCOMMANDS:): a row starts with a
///   line indented 2 (its label); the help text starts at the help column (26 from 60 columns
///   on, beside the label; 6 below 60, under it) and its continuation lines are indented to
///   that column. A pair is checked when the second line is indented to the help column and
///   the first carries help text: it is indented to the help column too, or it is a row's
///   first line whose help starts at the help column after the label's padding (two or more
///   spaces). A label alone on its line (every label below 60 columns, a long one above)
///   followed by its help, and the last line of a row followed by the next row, are not
///   breaks of one paragraph and are not checked.
/// - **The hint** after the SUBCOMMANDS rows ("See 'pomo help <subcommand>' ...") is one
///   paragraph with a 2-space hanging indent: every pair is checked.
///
/// A block that fits none of these, or a row line at another indent, is reported as
/// `unknown`, so a change of layout cannot quietly leave lines unchecked.
enum HelpLayoutCheck {
  static func problems(_ page: String, width: Int, usageTokens: [String]) -> [LayoutProblem] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var problems: [LayoutProblem] = []
    func problem(_ kind: LayoutProblem.Kind, _ index: Int) {
      problems.append(LayoutProblem(kind: kind, line: index + 1, text: lines[index]))
    }
    for (index, line) in lines.enumerated() where TextLayout.width(line) > width {
      problem(.tooWide, index)
    }

    // Blocks: runs of non-blank lines, as (index in the page, text).
    var blocks: [[(index: Int, text: String)]] = [[]]
    for (index, line) in lines.enumerated() {
      if line.isEmpty {
        if !blocks[blocks.count - 1].isEmpty { blocks.append([]) }
      } else {
        blocks[blocks.count - 1].append((index, line))
      }
    }
    blocks.removeAll { $0.isEmpty }

    func greedy(_ a: (index: Int, text: String), _ b: (index: Int, text: String)) -> Bool {
      let word = b.text.drop(while: { $0 == " " }).prefix(while: { $0 != " " })
      return TextLayout.width(a.text) + 1 + TextLayout.width(String(word)) > width
    }
    let helpColumn = width >= 60 ? HelpFormatter.labelWidth : 6

    enum Place { case prose, afterUsage, rows, afterSubcommands }
    var place = Place.prose
    for block in blocks {
      let head = block[0].text
      if head.hasPrefix("USAGE: ") {
        problems += usage(block, width: width, tokens: usageTokens, lines: lines)
        place = .afterUsage
        continue
      }
      if ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"].contains(head) && place != .prose {
        for row in block.dropFirst() where ![2, helpColumn].contains(indent(row.text)) {
          problem(.unknown, row.index)
        }
        for (a, b) in zip(block.dropFirst(), block.dropFirst(2))
        where indent(b.text) == helpColumn && carriesHelp(a.text, column: helpColumn, wide: width >= 60)
          && !greedy(a, b)
        {
          problem(.row, b.index)
        }
        place = head == "SUBCOMMANDS:" ? .afterSubcommands : .rows
        continue
      }
      switch place {
      case .prose:
        for (a, b) in zip(block, block.dropFirst()) where indent(a.text) == 0 && indent(b.text) == 0 && !greedy(a, b) {
          problem(.prose, b.index)
        }
      case .afterSubcommands:
        for (a, b) in zip(block, block.dropFirst()) where !greedy(a, b) { problem(.hint, b.index) }
        place = .rows
      case .afterUsage, .rows:
        for line in block { problem(.unknown, line.index) }
      }
    }
    return problems
  }

  /// The USAGE block: whole tokens in order, each line as full as the next token allows.
  private static func usage(
    _ block: [(index: Int, text: String)], width: Int, tokens: [String], lines: [String]
  ) -> [LayoutProblem] {
    var problems: [LayoutProblem] = []
    var next = 0
    for (k, line) in block.enumerated() {
      let prefix = k == 0 ? "USAGE: " : String(repeating: " ", count: 7)
      guard line.text.hasPrefix(prefix) else {
        problems.append(LayoutProblem(kind: .usage, line: line.index + 1, text: line.text))
        continue
      }
      let body = line.text.dropFirst(prefix.count)
      var taken: [String] = []
      while next < tokens.count, taken.joined(separator: " ").count < body.count {
        taken.append(tokens[next])
        next += 1
      }
      if taken.joined(separator: " ") != body {
        problems.append(LayoutProblem(kind: .usage, line: line.index + 1, text: line.text))
      } else if k + 1 < block.count, next < tokens.count,
        TextLayout.width(line.text) + 1 + TextLayout.width(tokens[next]) <= width
      {
        problems.append(LayoutProblem(kind: .usage, line: block[k + 1].index + 1, text: block[k + 1].text))
      }
    }
    if next != tokens.count, let last = block.last {
      problems.append(LayoutProblem(kind: .usage, line: last.index + 1, text: "missing: \(tokens[next...])"))
    }
    return problems
  }

  private static func indent(_ line: String) -> Int { line.prefix(while: { $0 == " " }).count }

  /// Whether a row line has help text that its next line could continue: a help line, or in
  /// the two-column layout a row's first line whose help starts at the help column after at
  /// least two spaces of padding.
  private static func carriesHelp(_ line: String, column: Int, wide: Bool) -> Bool {
    let indent = indent(line)
    if indent == column { return true }
    guard wide, indent == 2 else { return false }
    let characters = Array(line)
    return characters.count > column && characters[column] != " " && characters[column - 1] == " "
      && characters[column - 2] == " "
  }
}

@Suite("Help layout")
struct HelpLayoutTests {
  static let pages = commandTree().map(\.path)
  static let widths = Array(40...200)

  static func tokens(_ path: [String]) -> [String] {
    command(at: path).map { HelpFormatter.usageTokens(for: $0, path: path) } ?? []
  }

  @Test("every help page fits every width from 40 to 200 and wraps greedily", arguments: pages)
  func layout(path: [String]) throws {
    let tokens = Self.tokens(path)
    #expect(!tokens.isEmpty)
    for width in Self.widths {
      let page = helpPage(path, width: width)
      #expect(page.hasPrefix("OVERVIEW: "))
      let problems = HelpLayoutCheck.problems(page, width: width, usageTokens: tokens)
      #expect(problems.isEmpty, "\(path.joined(separator: " ")) at \(width) columns:\n\(problems)\n\(page)")
    }
  }

  /// The help as the formatter laid it out before it joined paragraphs: each source line of
  /// the discussion wrapped on its own, which left orphan words ("a", "end", "or").
  static func wrappedLineByLine(_ page: String, _ node: CommandNode, width: Int) -> String {
    guard let discussion = node.spec.discussion else { return page }
    func leading(_ s: String) -> Int { s.prefix(while: { $0 == " " }).count }
    let joined = HelpFormatter.paragraphs(discussion).map {
      TextLayout.wrap($0, width: width, indent: 0, hanging: leading($0))
    }.joined(separator: "\n")
    let lineByLine = discussion.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : TextLayout.wrap(String($0), width: width, indent: 0, hanging: leading(String($0)))
    }.joined(separator: "\n")
    return page.replacingOccurrences(of: joined, with: lineByLine)
  }

  // The checker, tested: it must catch what it is for. Greedy wrapping is the only layout of
  // a paragraph in which no line is too wide and none could take the next word, so any other
  // layout of the same words breaks one of the two rules.

  @Test("the check catches the old line-by-line wrap of discussions", arguments: [40, 80, 120])
  func catchesLineByLineWrap(width: Int) throws {
    var changed: [String] = []
    for (path, node) in commandTree() {
      let page = helpPage(path, width: width)
      let old = Self.wrappedLineByLine(page, node, width: width)
      let problems = HelpLayoutCheck.problems(old, width: width, usageTokens: Self.tokens(path))
      if old != page {
        changed.append(path.joined(separator: " "))
        #expect(problems.contains { $0.kind == .prose || $0.kind == .tooWide }, "\(path)\n\(old)")
      }
    }
    // Not vacuous: at every width, most pages with a discussion lay out differently.
    #expect(changed.count >= 5, "\(changed)")
    if width == 80 { #expect(changed.contains("pomo start")) }
  }

  @Test("the check catches the orphan word of pomo start at 80 columns")
  func catchesOrphan() throws {
    let node = try #require(command(at: ["pomo", "start"]))
    let old = Self.wrappedLineByLine(helpPage(["pomo", "start"], width: 80), node, width: 80)
    #expect(old.contains("\na\nminute to the current phase"))
    let problems = HelpLayoutCheck.problems(old, width: 80, usageTokens: Self.tokens(["pomo", "start"]))
    #expect(problems.map(\.text).contains("focus, q quits. Ctrl-Z suspends pomo but not the timer (pause first to stop it):"))
  }

  @Test("the check catches a page laid out for a narrower width, in every kind of block")
  func catchesNarrowerLayout() {
    // Laid out for 40 columns and checked as if for 59 (the same help column): prose, usage,
    // rows and the hint could all have been fuller.
    var kinds: Set<String> = []
    for path in [["pomo", "start"], ["pomo", "presets"]] {
      let problems = HelpLayoutCheck.problems(helpPage(path, width: 40), width: 59, usageTokens: Self.tokens(path))
      kinds.formUnion(problems.map { "\($0.kind)" })
    }
    #expect(kinds == ["prose", "usage", "row", "hint"])
  }

  @Test("the check catches lines too wide and usage lines that are not whole tokens")
  func catchesTooWide() {
    let path = ["pomo", "start"]
    let page = helpPage(path, width: 80)
    #expect(HelpLayoutCheck.problems(page, width: 70, usageTokens: Self.tokens(path)).contains { $0.kind == .tooWide })
    let split = page.replacingOccurrences(of: "[--tag <tag> ...]", with: "[--tag <tag>\n       ...]")
    #expect(HelpLayoutCheck.problems(split, width: 80, usageTokens: Self.tokens(path)).contains { $0.kind == .usage })
    let stray = page.replacingOccurrences(of: "  -h, --help  ", with: "   -h, --help ")
    #expect(HelpLayoutCheck.problems(stray, width: 80, usageTokens: Self.tokens(path)).contains { $0.kind == .unknown })
  }

  @Test("the check does not flag separate rows, labels alone, examples or paragraphs")
  func acceptsSeparateUnits() {
    // A narrow row: the label alone, then its help; the next row starts at once. Two
    // paragraphs and an example between them, each short enough to join the next.
    let page = """
      OVERVIEW: Short.

      One.

      Two:
        pomo x
        pomo y
      Three.

      USAGE: pomo x [--a]

      OPTIONS:
        --a
            Help.
        -h, --help
            Show.

      """
    #expect(HelpLayoutCheck.problems(page, width: 50, usageTokens: ["pomo x", "[--a]"]).isEmpty)
    let wide = """
      OVERVIEW: Short.

      USAGE: pomo x [--a-rather-long-option-name <value>]

      OPTIONS:
        --a-rather-long-option-name <value>
                                Help.
        -h, --help              Show.

      """
    #expect(
      HelpLayoutCheck.problems(wide, width: 80, usageTokens: ["pomo x", "[--a-rather-long-option-name <value>]"])
        .isEmpty)
  }

  /// The pages pinned whole in other tests, with where; every other page is pinned below.
  static let pinnedElsewhere: [[String]: String] = [
    ["pomo"]: "CommandLineTests.rootHelp",
    ["pomo", "completions"]: "CompletionTests.help",
    ["pomo", "presets", "new"]: "PresetEditingTests.newHelp",
    ["pomo", "presets", "schema"]: "PresetEditingTests.schemaHelp",
  ]

  @Test("every help page is pinned whole at 80 columns", arguments: pages)
  func pinned(path: [String]) {
    let page = helpPage(path, width: 80)
    if let expected = Self.pinned[path] {
      #expect(page == expected)
      #expect(Self.pinnedElsewhere[path] == nil, "pinned twice")
    } else {
      #expect(Self.pinnedElsewhere[path] != nil, "\(path.joined(separator: " ")) --help is not pinned:\n\(page)")
    }
  }

  static let pinned: [[String]: String] = [
    ["pomo", "pause"]: """
    OVERVIEW: Pause the running session.

    Pausing a paused session changes nothing, but for one the away policy paused:
    the pause is then yours, and 'pomo back' leaves it paused. 'pomo resume' or
    'pomo toggle' goes on; the phase's deadline moves by the pause.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo pause

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "toggle"]: """
    OVERVIEW: Pause the running session, or resume it if paused.

    What space does in the session's terminal; handy for a status bar's click.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo toggle

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "skip"]: """
    OVERVIEW: End the current phase now and start the next.

    The phase is recorded as skipped (not completed). Skipping the last phase ends
    the session.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo skip

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "extend"]: """
    OVERVIEW: Lengthen the current phase of the running session.

    Adds DURATION (default 1m) to the current phase, as + does in the session's
    terminal for a minute. The journal records the extension with the phase.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo extend [<duration>]

    ARGUMENTS:
      <duration>              How much longer, such as 5m, 90s or 1:30 (default:
                              1m).

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "next"]: """
    OVERVIEW: Continue a phase that waits for confirmation.

    A phase that waits for confirmation (a preset's "advance": "confirm") goes on to
    the next phase; otherwise nothing changes.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo next

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "rep"]: """
    OVERVIEW: Count a round of the running AMRAP, or give the reps a phase asks for.

    Without N, marks one more round done in a phase that counts them (a preset's
    "count": "rounds", an AMRAP), as r does in the session's terminal. With N,
    answers the phase that asks for its reps ("count": "reps") once it has ended, as
    typing N and Enter does. The journal records the count with the phase. With no
    such phase running, or no phase asking, it says so and exits 1.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo rep [<reps>]

    ARGUMENTS:
      <reps>                  The reps done, a whole number from 0 to 9999.

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "stop"]: """
    OVERVIEW: Stop the running session.

    The session is recorded as interrupted (quit), as after q in its terminal, and
    its own pomo exits with status 130. 'pomo resume' continues it later.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's summary, as its own terminal prints it when it
    ends, and exits 0; with no session running it says so and exits 1.

    USAGE: pomo stop

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "attach"]: """
    OVERVIEW: Show the running session live, with its keys, in this terminal.

    The session's own feed draws the status line (see 'pomo status --follow'); keys
    go to the session as commands: space pauses and resumes (or goes on from a phase
    that waits, as enter does), s skips, + adds a minute, q stops the session (and
    prints its summary), d detaches and leaves it running, ? lists the keys. Ctrl-C
    detaches too.

    USAGE: pomo attach [--color <when>] [--ascii]

    OPTIONS:
      --color <when>          Colour the display: auto, always or never (default:
                              auto; NO_COLOR turns it off).
      --ascii                 Draw the bar with ASCII characters (the default when
                              the locale is not UTF-8).
      -h, --help              Show help information.

    """,
    ["pomo", "tag"]: """
    OVERVIEW: Add tags to the running session.

    The session is recorded with them when it ends; a tag it has already stays once.
    'pomo untag' takes one off, and hooks that run after see them (POMO_TAGS).

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo tag <tag> ...

    ARGUMENTS:
      <tag>                   A tag to add.

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "untag"]: """
    OVERVIEW: Take tags off the running session.

    A tag the session does not have changes nothing.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo untag <tag> ...

    ARGUMENTS:
      <tag>                   A tag to take off.

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "note"]: """
    OVERVIEW: Set the running session's note.

    The note replaces the one the session had (from 'pomo start --note', say); with
    no text, or an empty one, the session has no note. It is recorded when the
    session ends.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo note [<text>]

    ARGUMENTS:
      <text>                  The note (quote it for spaces).

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "away"]: """
    OVERVIEW: Tell the running session you have left.

    The phase does what the config's "away" policy says for its kind: "pause" pauses
    it until 'pomo back'; "run" counts the time and records the span away; "ask"
    counts it and asks, on your return, whether to keep it, drop it or end the
    session. Reports leave time away out of focus unless it was kept. Use it from a
    screen locker or an idle daemon that pomo does not hear by itself (swayidle,
    hypridle, xss-lock, xidlehook: recipes in docs/configuration.md). Already away,
    nothing changes.

    Examples:
      pomo away
      pomo away --cause idle

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo away [--cause <cause>]

    OPTIONS:
      --cause <cause>         Why: lock, idle, sleep or command (the default).
      -h, --help              Show help information.

    """,
    ["pomo", "back"]: """
    OVERVIEW: Tell the running session you are back.

    The span away closes; a phase the "pause" policy paused goes on, and under "ask"
    the session asks what to do with the time ('pomo keep', 'pomo drop'). Not away,
    nothing changes.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo back

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "keep"]: """
    OVERVIEW: Keep the time away the session asks about.

    Under the "ask" away policy, the session asks on your return whether the time
    away counts: this keeps it, as the key k does, and reports count it as focus.
    'pomo drop' drops it; 'pomo edit ID --keep-away' decides later.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo keep

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "drop"]: """
    OVERVIEW: Drop the time away the session asks about.

    Under the "ask" away policy, the session asks on your return whether the time
    away counts: this drops it, as the key d does, and reports leave it out. 'pomo
    keep' keeps it; 'pomo edit ID --drop-away' decides later.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo drop

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "mark"]: """
    OVERVIEW: Mark an interruption of the running Pomodoro.

    As the Pomodoro Technique keeps them: internal for one that came from you (a
    thought, the urge to check mail), external for one from outside (a call, a
    knock). The mark is recorded with the focus phase, with its time and note, and
    shows as ' (internal) or - (external) in the live line, 'pomo status', 'pomo
    log' and 'pomo report'; i and e mark them in the session's terminal. Outside a
    focus phase (during a break, or with no session) it says so and exits 1.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints the session's new status line, as 'pomo status' would, and
    exits 0; with no session running it says so and exits 1.

    USAGE: pomo mark <kind> [<note>]

    ARGUMENTS:
      <kind>                  internal or external.
      <note>                  What it was (quote it for spaces).

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "void"]: """
    OVERVIEW: Void the running Pomodoro and begin it again.

    As the Pomodoro Technique says of a Pomodoro that was interrupted for good: it
    is void, and a new one begins. The focus phase ends now, void, and the same
    focus begins again from its start; the session goes on. With --stop the session
    ends there instead, recorded with "status": "void". A void Pomodoro never counts
    as done nor as cut short: reports show its time apart, as void, not as focus,
    and Pomodoros done before it still count. The reason, when given, is recorded.
    Outside a focus phase (during a break, or with no session) it says so and exits
    1; 'pomo stop' ends a session at any time.

    The command goes to the running session over its control socket, in
    $XDG_RUNTIME_DIR/pomo (else $XDG_STATE_HOME/pomo), which only your user can
    reach. It prints 'void: the Pomodoro is void, a new one begins' (with --stop,
    'void: the Pomodoro is void, the session ended'), and exits 0; with no session
    running it says so and exits 1.

    USAGE: pomo void [<reason>] [--stop]

    ARGUMENTS:
      <reason>                Why (quote it for spaces).

    OPTIONS:
      --stop                  End the session with the void Pomodoro.
      -h, --help              Show help information.

    """,
    ["pomo", "start"]: """
    OVERVIEW: Start a session from a preset.

    Keys while running: space pauses and resumes, s skips to the next phase, + adds
    a minute to the current phase, i and e mark an internal or external interruption
    of focus, q quits. Ctrl-Z suspends pomo but not the timer (pause first to stop
    it): after fg, phases that ran out meanwhile end at their time, and until then
    commands from other shells fail, saying so.

    Enter goes on from a phase that waits for confirmation (--confirm); ? (or h)
    lists the keys where the terminal is too narrow to show them.

    When stdout is not a terminal, pomo prints one plain line per phase start and
    end instead of the live display. Every session is recorded in the journal,
    completed or not.

    Instead of a preset, a timer: 25m is one focus phase of 25 minutes; 50m/10m is
    rounds of work and rest, until q or 'pomo stop' unless --rounds says how many;
    @14:30 is one focus phase until 14:30. A preset file, then a preset's name, wins
    over reading the word as a timer.

    Times of day (--until, --at, @) are the next time the clock reads them: today,
    or tomorrow once today's has gone by. 14:30 alone is a duration (14 minutes 30
    seconds).

    Examples:
      pomo start work --tag thesis --note "chapter 3"
      pomo start hiit --rounds 8
      pomo start 25m
      pomo start work --until 17:00
      pomo start @14:30
      pomo start work --at 09:00
      pomo start work --ago 10m
      pomo start 40s/20s -r 8 --warmup 2m --cooldown 2m --big --voice
      pomo start ~/my-preset.json --dry-run

    USAGE: pomo start <preset> [--rounds <n>] [--until <time>] [--at <time>]
           [--ago <duration>] [--task <task>] [--warmup <duration>]
           [--cooldown <duration>] [--dry-run] [--tag <tag> ...] [--note <text>]
           [--detach] [--journal <path>] [--color <when>] [--ascii] [--big]
           [--voice] [--no-bell] [--no-notify] [--no-input] [--confirm]
           [--no-confirm]

    ARGUMENTS:
      <preset>                A preset's name (see 'pomo presets'), the path of a
                              preset file, or a timer: 25m, 50m/10m, @14:30.

    OPTIONS:
      -r, --rounds <n>        Run the preset's round this many times (1 to 10000)
                              instead of its own count.
      --until <time>          End at this time (17:00, or a date and time): the
                              preset's rounds fill the time, the last phase
                              shortened.
      --at <time>             Start at this time (09:00, or a date and time),
                              counting down to it.
      --ago <duration>        Start as if begun this long ago (10m): the record
                              starts then, and the phases have that much less left.
      --task <task>           Work on a task (its id, as 'pomo task list' shows it):
                              each focus completed counts toward it. Or a
                              Taskwarrior task (tw:12): its description is the note,
                              its project a tag; it is annotated with the focus.
      --warmup <duration>     With a timer like 40s/20s: a warm-up phase this long
                              before the rounds.
      --cooldown <duration>   With a timer like 40s/20s and --rounds: a cool-down
                              phase this long after them.
      --dry-run               Print the expanded plan and exit; nothing runs and
                              nothing is recorded.
      -t, --tag <tag>         Tag the session in the journal (repeatable).
      --note <text>           A note for the session's journal record.
      --detach                Run in the background with no terminal and return at
                              once; 'pomo status' shows it and 'pomo stop' ends it.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --color <when>          Colour the display: auto, always or never (default:
                              auto; NO_COLOR turns it off).
      --ascii                 Draw the bar with ASCII characters (the default when
                              the locale is not UTF-8).
      --big                   Fill the terminal with the time left in large figures
                              (config "display": "big").
      --voice                 Speak each phase change, the 3-2-1 cue and the end
                              (config "voice": true).
      --no-bell               Do not ring the terminal bell at phase changes.
      --no-notify             Do not send desktop notifications.
      --no-input              Do not read keys from the terminal.
      --confirm               Wait for space or 'pomo next' when a phase's time is
                              up, counting overtime.
      --no-confirm            Go on to the next phase at once, even if the preset
                              says "advance": "confirm".
      -h, --help              Show help information.

    """,
    ["pomo", "resume"]: """
    OVERVIEW: Resume a paused session, or the last interrupted one.

    While a session runs, its pause ends (through its control socket, as 'pomo
    pause' does), and its new status line is printed.

    Otherwise the last interrupted session goes on. A session is interrupted by q,
    Ctrl-C, 'pomo stop', a signal, a crash or a power loss. Resuming runs the rest
    of its plan as a new journal record that names the one it continues. It runs
    where and as 'pomo start' would: --detach runs it in the background, and the
    display options apply.

    USAGE: pomo resume [--detach] [--journal <path>] [--color <when>] [--ascii]
           [--big] [--voice] [--no-bell] [--no-notify] [--no-input] [--confirm]
           [--no-confirm]

    OPTIONS:
      --detach                Run in the background with no terminal and return at
                              once; 'pomo status' shows it and 'pomo stop' ends it.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --color <when>          Colour the display: auto, always or never (default:
                              auto; NO_COLOR turns it off).
      --ascii                 Draw the bar with ASCII characters (the default when
                              the locale is not UTF-8).
      --big                   Fill the terminal with the time left in large figures
                              (config "display": "big").
      --voice                 Speak each phase change, the 3-2-1 cue and the end
                              (config "voice": true).
      --no-bell               Do not ring the terminal bell at phase changes.
      --no-notify             Do not send desktop notifications.
      --no-input              Do not read keys from the terminal.
      --confirm               Wait for space or 'pomo next' when a phase's time is
                              up, counting overtime.
      --no-confirm            Go on to the next phase at once, even if the preset
                              says "advance": "confirm".
      -h, --help              Show help information.

    """,
    ["pomo", "status"]: """
    OVERVIEW: Show what is running now, for prompts and status bars.

    Text: "WORK focus 14:29 (42%, round 2/4)", "PAUSED focus 14:29 (42%, round 2/4)"
    or "idle". With --format json (or --json), an object whose "state" is "running",
    "paused" or "idle"; docs/status-bars.md documents every field. --format waybar
    and --format i3blocks print the JSON those bars read. A template prints its text
    with each {field} filled in; the fields are phase, remaining, kind, badge,
    state, preset, remaining_seconds, percent, session_percent, round, rounds,
    phase_index, phase_count, deadline, started, tags, pid, goal; {{ and }} are
    braces. When nothing runs, waybar, i3blocks and templates print an empty text,
    so the bar hides the module. With the config's daily_goal, JSON and the {goal}
    field show today's focus against it, such as "3:10/4:00".

    With --follow, a line at every visible change (each second, each phase, pause
    and resume), in the format chosen, pushed by the running session over its
    control socket; the idle form when it ends; then the next session's lines. It
    waits without using the CPU and runs until its output is closed.

    Examples:
      pomo status --format waybar
      pomo status --format '{badge} {phase} {remaining} {round}/{rounds}'
      pomo status --follow --format waybar

    USAGE: pomo status [--format <format>] [--json] [--follow] [--journal <path>]

    OPTIONS:
      --format <format>       text (the default), json, waybar, i3blocks or a
                              template such as '{kind} {phase} {remaining}'.
      --json                  Print JSON: the same as --format json.
      -f, --follow            Print a line at every visible change, pushed by the
                              running session, and keep following later sessions.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "log"]: """
    OVERVIEW: Show the latest sessions, newest first.

    USAGE: pomo log [--limit <n>] [--json] [--journal <path>] [--strict]

    OPTIONS:
      -n, --limit <n>         How many sessions to show (default 10).
      --json                  Print JSON instead of text.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --strict                Treat a damaged journal line as an error (exit 65)
                              instead of skipping it.
      -h, --help              Show help information.

    """,
    ["pomo", "report"]: """
    OVERVIEW: Summarize the journal: focus by day, totals, streak.

    With no range, the current week. Weeks start on Monday (ISO 8601) unless
    --week-start or the config key week_start says sunday. Days are local days in
    the time zone of TZ or the system; they begin at midnight, or at the config's
    day_start ("04:00": focus before four counts for the day before). Time spent
    across the start of a day is shared between the two days.

    What counts (docs/journal.md): a Pomodoro is done when its focus ran its planned
    time. A focus skipped or stopped before its end is focus time, but not a done
    Pomodoro, and its session is cut short (DONE/CUT). The streak counts days with a
    completed focus session. A workout (hiit, tabata, a quick timer like 40s/20s) is
    never focus: its time and sessions are shown apart; --kind keeps one or the
    other. Quick timers share one row of the preset table; --timers shows each
    apart.

    --tasks lists the tasks done in the range (see 'pomo task'), each estimate
    against the Pomodoros it took, and for each week the share of tasks finished
    within one Pomodoro of their estimate; --tag keeps the tasks with that tag.

    --year draws a calendar heatmap: a column per week, a row per weekday, four
    shades of focus; then focus by month, the best week and the streaks. --hours
    shows focus by weekday and hour of the day over the range. With the config's
    daily_goal ("4h"), days that met it are marked and counted.

    --format svg writes a picture (day bars, or the heatmap for a year); --format
    html a self-contained page with the picture and the tables. --output writes to a
    file.

    Examples:
      pomo report --week
      pomo report --week last --tag thesis
      pomo report --year
      pomo report --hours --month last
      pomo report --tasks --month
      pomo report --month 2026-11 --format csv > november.csv
      pomo report --year 2026 --format html --output 2026.html
      pomo report --from 2026-01-01 --to 2026-03-31 --format json

    USAGE: pomo report [--week [<week>]] [--month [<month>]] [--year [<year>]]
           [--today] [--from <date>] [--to <date>] [--hours] [--tasks]
           [--week-start <day>] [--format <format>] [--output <file>]
           [--tag <tag> ...] [--preset <name>] [--kind <kind>] [--timers]
           [--color <when>] [--journal <path>] [--strict]

    OPTIONS:
      --week [<week>]         A week: this (the default), last, 2026-W48, or a date
                              in it.
      --month [<month>]       A month: this (the default), last or 2026-11.
      --year [<year>]         A year as a heatmap: 2026, last, or by default the 12
                              months to this week.
      --today                 Today only.
      --from <date>           The first day of a custom range (YYYY-MM-DD).
      --to <date>             The last day of a custom range (YYYY-MM-DD; default:
                              today).
      --hours                 Focus by weekday and hour of the day over the range.
      --tasks                 The tasks done in the range, estimate against actual,
                              and the estimates' record by week.
      --week-start <day>      The first day of the week: monday or sunday.
      --format <format>       text (the default), json, csv, svg or html.
      -o, --output <file>     Write the report to this file instead of stdout.
      -t, --tag <tag>         Only sessions with this tag (repeatable: all must
                              match).
      --preset <name>         Only sessions of this preset.
      --kind <kind>           Only focus, only workouts, or all (the default: each
                              apart).
      --timers                Each quick timer (25m, 40s/20s) in a row of its own,
                              not all in one.
      --color <when>          Colour the text: auto, always or never.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --strict                Treat a damaged journal line as an error (exit 65)
                              instead of skipping it.
      -h, --help              Show help information.

    """,
    ["pomo", "presets"]: """
    OVERVIEW: List the presets: built-in ones and your own.

    Your presets are the *.json files in $XDG_CONFIG_HOME/pomo/presets (by default
    ~/.config/pomo/presets). One with the same name as a built-in preset replaces
    it. 'pomo presets new NAME' starts one from a copy of another.

    USAGE: pomo presets [<subcommand>]

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      show                    Show a preset's plan: each phase's start, duration,
                              kind and round.
      new                     Start a preset of your own from a copy of another.
      schema                  Print the JSON Schema (draft 2020-12) for preset
                              files.

      See 'pomo presets <subcommand> --help' for detailed help.

    """,
    ["pomo", "presets", "show"]: """
    OVERVIEW: Show a preset's plan: each phase's start, duration, kind and round.

    With --json, print the preset as a preset file instead: canonical JSON (keys in
    a fixed order, exact durations, defaults left out) that loads back to the same
    plan.

    USAGE: pomo presets show <preset> [--rounds <n>] [--json]

    ARGUMENTS:
      <preset>                A preset's name (see 'pomo presets') or the path of a
                              preset file.

    OPTIONS:
      -r, --rounds <n>        Run the preset's round this many times (1 to 10000)
                              instead of its own count.
      --json                  Print the preset's JSON (with --rounds, that many
                              rounds) instead of its plan.
      -h, --help              Show help information.

    """,
    ["pomo", "import"]: """
    OVERVIEW: Add sessions from another journal or another tool.

    Without --from, the format is recognized from the file's first characters.
    --from pomo: a pomo journal (JSON Lines), or pomo's 'export --format json' (an
    array of its records); each record (sessions and corrections) whose id yours
    lacks is appended as it stands, byte for byte. --from timewarrior (or timew):
    the JSON of 'timew export'; each closed interval becomes a one-phase focus
    session with its tags, its annotation as the note. --from watson: Watson's
    frames file; project and tags become tags. --from openpomodoro: an Open Pomodoro
    Format history file; the description becomes the note.

    Sessions from another tool get ids derived from that tool's own (a name-based
    UUID), so importing the same file again adds nothing. Everything new is appended
    in one durable write; what cannot be read is skipped and named, and the others
    are imported, but the exit status is then 65. Sessions that share time with
    another are imported all the same, and counted and named. A file that holds
    something but gives no session (new or already present) exits 65.

    Examples:
      timew export | pomo import --from timew -
      pomo import ~/.config/watson/frames
      pomo import laptop-journal.jsonl

    USAGE: pomo import <file> [--from <tool>] [--journal <path>] [--strict]

    ARGUMENTS:
      <file>                  The file to read, or - for standard input.

    OPTIONS:
      --from <tool>           What the file is: pomo, timewarrior (or timew), watson
                              or openpomodoro (default: recognized).
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --strict                Treat a damaged journal line as an error (exit 65)
                              instead of skipping it.
      -h, --help              Show help information.

    """,
    ["pomo", "manual"]: """
    OVERVIEW: Print the manual page, pomo(1), in roff (mdoc).

    Read it with 'pomo manual | man -l -', or install it (Scripts/install.sh does):

      pomo manual > ~/.local/share/man/man1/pomo.1

    USAGE: pomo manual

    OPTIONS:
      -h, --help              Show help information.

    """,
    ["pomo", "add"]: """
    OVERVIEW: Record a session that was not timed.

    The preset's phases are laid out from --start, each run in full. --end cuts the
    plan short there (the session is then recorded as interrupted unless --status
    says otherwise), or lengthens its last phase when it comes after the plan's end.
    A duration instead of a preset records one focus phase of that length.

    A time is 09:00 (today), yesterday 14:30, 2026-11-30 09:00, an RFC 3339 time, or
    -90m (that long ago). A local time that a change of clocks skips or repeats is
    refused: give its UTC offset. A session that would share time with another is
    refused, naming it, unless --allow-overlap. 'pomo undo' takes the session out
    again.

    Examples:
      pomo add work --start 09:00
      pomo add 25m --start -40m --tag reading
      pomo add work --start 'yesterday 14:30' --end 'yesterday 15:40'

    USAGE: pomo add <preset> [--start <when>] [--end <when>] [--tag <tag> ...]
           [--note <text>] [--status <status>] [--rounds <n>] [--allow-overlap]
           [--journal <path>]

    ARGUMENTS:
      <preset>                A preset name or file, or a duration such as 25m.

    OPTIONS:
      --start <when>          When the session started (required).
      --end <when>            When it ended.
      -t, --tag <tag>         A tag (repeatable).
      --note <text>           A note.
      --status <status>       completed, interrupted or void (default: from --end).
      -r, --rounds <n>        Run the preset's round this many times (1 to 10000)
                              instead of its own count.
      --allow-overlap         Record the session even where it shares time with
                              another.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "edit"]: """
    OVERVIEW: Correct a recorded session.

    The journal keeps every line it had: the change is a new line, an amendment,
    that every reader applies ('pomo undo' takes it back). Moving the start moves
    the whole session; moving the end shortens or lengthens its last phase. Times
    are written as for 'pomo add'. A running session cannot be edited, and a session
    is not moved onto the time of another unless --allow-overlap.

    'last' is the session recorded last: the one that just ended or was just added
    (by the time its line was written), whenever it started. A running session is
    not recorded yet; 'pomo undo' goes by the same times.

    Examples:
      pomo edit last --tag thesis --untag misc
      pomo edit 3f2a1b4c --start 'yesterday 09:30'
      pomo edit last --end -10m --note 'phone call'
      pomo edit last --keep-away

    USAGE: pomo edit <id> [--tag <tag> ...] [--untag <tag> ...] [--note <text>]
           [--start <when>] [--end <when>] [--preset <name>] [--status <status>]
           [--keep-away] [--drop-away] [--allow-overlap] [--journal <path>]

    ARGUMENTS:
      <id>                    A session: its id, a unique prefix of it of at least 4
                              characters (as 'pomo log' shows), or last (the session
                              recorded or added last).

    OPTIONS:
      -t, --tag <tag>         Add a tag (repeatable).
      --untag <tag>           Remove a tag (repeatable).
      --note <text>           Set the note ('' removes it).
      --start <when>          Move the session to start then.
      --end <when>            End the session then.
      --preset <name>         Set the preset's name.
      --status <status>       Set the status: completed, interrupted or void.
      --keep-away             Count the session's time away as focus (its spans away
                              kept).
      --drop-away             Leave the session's time away out (its spans away
                              dropped).
      --allow-overlap         Record the session even where it shares time with
                              another.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "delete"]: """
    OVERVIEW: Delete a recorded session.

    The journal keeps the session's line and gains a deletion, which every reader
    applies: 'pomo undo' brings the session back. A running session cannot be
    deleted. 'last' is the session recorded last: the one that just ended or was
    just added, whenever it started.

    USAGE: pomo delete <id> [--journal <path>]

    ARGUMENTS:
      <id>                    A session: its id, a unique prefix of it of at least 4
                              characters (as 'pomo log' shows), or last (the session
                              recorded or added last).

    OPTIONS:
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "undo"]: """
    OVERVIEW: Take back the latest add, edit or delete.

    The latest correction not yet undone (by the time it was made, on any machine)
    is revoked by a new line in the journal. Run it again to take back the one
    before. Right after 'pomo add', it takes the session out again: the same session
    that 'pomo edit last' and 'pomo delete last' name, the one recorded last.

    USAGE: pomo undo [--journal <path>]

    OPTIONS:
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "export"]: """
    OVERVIEW: Print sessions as CSV, JSON, iCalendar or Timewarrior.

    Every session by default; --from/--to, --week, --month, --year and --today
    choose a range as for 'pomo report', and --tag and --preset filter. Sessions are
    exported as they now stand, corrections applied.

    csv: a row per session (id, start, end, preset, status, focus_seconds,
    rest_seconds, paused_seconds, tags joined by ;, note), as RFC 4180 says. json:
    the sessions as journal records. ics: an iCalendar file (RFC 5545), an event per
    session. timewarrior: the shape of 'timew export', an interval per stretch of
    focus (time away and pauses left out, so the total is the report's), tagged with
    the session's tags or, when it has none, its preset's name.

    Timewarrior (1.4) has no 'timew import': --into adds the intervals to its
    database instead, into the data files it reads (data/YYYY-MM.data, by the local
    month of their start), sorted as it keeps them. An interval already there (the
    same start and end) is not added twice, so running it again adds only what is
    new; one that would share time with another is left out and named, as
    Timewarrior refuses overlapping intervals. Its list of tags (data/tags.data)
    counts the new tags.

    Examples:
      pomo export --format csv > sessions.csv
      pomo export --format ics --month last > november.ics
      pomo export --format timewarrior --into "${TIMEWARRIORDB:-$HOME/.timewarrior}"

    USAGE: pomo export [--format <format>] [--week [<week>]] [--month [<month>]]
           [--year [<year>]] [--today] [--from <date>] [--to <date>]
           [--tag <tag> ...] [--preset <name>] [--week-start <day>]
           [--into <folder>] [--journal <path>] [--strict]

    OPTIONS:
      --format <format>       csv, json (the default), ics or timewarrior.
      --week [<week>]         A week: this (the default), last, 2026-W48, or a date
                              in it.
      --month [<month>]       A month: this (the default), last or 2026-11.
      --year [<year>]         A year: 2026, last, or by default the 12 months to
                              this week.
      --today                 Today only.
      --from <date>           The first day of a custom range (YYYY-MM-DD).
      --to <date>             The last day of a custom range (YYYY-MM-DD; default:
                              today).
      -t, --tag <tag>         Only sessions with this tag (repeatable: all must
                              match).
      --preset <name>         Only sessions of this preset.
      --week-start <day>      The first day of the week: monday or sunday.
      --into <folder>         With --format timewarrior: add the intervals to this
                              Timewarrior database instead of printing them.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      --strict                Treat a damaged journal line as an error (exit 65)
                              instead of skipping it.
      -h, --help              Show help information.

    """,
    ["pomo", "journal"]: """
    OVERVIEW: Show the journal's files, one per machine.

    The journal is a folder ($XDG_DATA_HOME/pomo/journal/) holding one JSON Lines
    file per machine, <host>-<id>.jsonl, so that Syncthing, Nextcloud, Dropbox or
    git can carry it: each machine appends only to its own file, and every command
    reads all of them (sync-conflict copies too, each session counted once).
    --journal and POMO_JOURNAL take a folder or a single file.

    For each file: its host, its sessions and corrections, the first and last
    session it holds, its damaged lines, and whether it is a conflict copy.

    USAGE: pomo journal [--json] [--journal <path>]

    OPTIONS:
      --json                  Print JSON instead of text.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "task"]: """
    OVERVIEW: Plan the day's tasks with estimates in Pomodoros.

    A task is a line in the journal with a title, an estimate in Pomodoros and tags;
    'pomo start work --task ID' works on it, and each focus phase the session
    completes counts one Pomodoro toward it. Edits and 'done' are amendments, so
    'pomo undo' takes them back, and tasks travel with the journal folder to your
    other machines.

    Examples:
      pomo task add "write the intro" --estimate 3 --tag thesis
      pomo task list
      pomo start work --task 3f2a
      pomo task done 3f2a

    USAGE: pomo task [<subcommand>]

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      add                     Add a task, with an estimate in Pomodoros; print its
                              id.
      list                    List today's tasks: open ones and those done today,
                              estimate against actual.
      done                    Mark a task done.
      edit                    Change a task's title, estimate or tags, or open it
                              again.

      See 'pomo task <subcommand> --help' for detailed help.

    """,
    ["pomo", "task", "add"]: """
    OVERVIEW: Add a task, with an estimate in Pomodoros; print its id.

    Prints the task's short id, for 'pomo start work --task ID' and 'pomo task done
    ID'. 'pomo undo' takes the task back.

    Example:
      pomo task add "write the intro" --estimate 3 --tag thesis

    USAGE: pomo task add <title> [--estimate <n>] [--tag <tag> ...]
           [--journal <path>]

    ARGUMENTS:
      <title>                 What there is to do.

    OPTIONS:
      -e, --estimate <n>      How many Pomodoros it should take (1 to 99).
      -t, --tag <tag>         Tag the task (repeatable).
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "task", "list"]: """
    OVERVIEW: List today's tasks: open ones and those done today, estimate against
    actual.

    Each task shows its Pomodoros against its estimate, in dots and in numbers: 2/3
    is two of three, 4/3 +1 one over. Days begin at the config's day_start. With the
    config key "taskwarrior": true, Taskwarrior's pending tasks follow (use them
    with 'pomo start work --task tw:ID').

    USAGE: pomo task list [--all] [--json] [--journal <path>]

    OPTIONS:
      --all                   Every task, done on any day.
      --json                  Print JSON instead of text.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "task", "done"]: """
    OVERVIEW: Mark a task done.

    The task keeps its Pomodoros and shows in today's list and in 'pomo report
    --tasks'. 'pomo undo' (or 'pomo task edit ID --open') opens it again.

    USAGE: pomo task done <id> [--journal <path>]

    ARGUMENTS:
      <id>                    A task: a unique prefix of its id of at least 4
                              characters (as 'pomo task list' shows it), or last.

    OPTIONS:
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
    ["pomo", "task", "edit"]: """
    OVERVIEW: Change a task's title, estimate or tags, or open it again.

    The change is an amendment in the journal, which 'pomo undo' takes back.

    Examples:
      pomo task edit 3f2a --estimate 4
      pomo task edit 3f2a --title "write the introduction" --tag thesis

    USAGE: pomo task edit <id> [--title <text>] [--estimate <n>] [--tag <tag> ...]
           [--untag <tag> ...] [--open] [--journal <path>]

    ARGUMENTS:
      <id>                    A task: a unique prefix of its id of at least 4
                              characters (as 'pomo task list' shows it), or last.

    OPTIONS:
      --title <text>          A new title.
      -e, --estimate <n>      A new estimate in Pomodoros (1 to 99).
      -t, --tag <tag>         Add a tag (repeatable).
      --untag <tag>           Remove a tag (repeatable).
      --open                  Open a done task again.
      --journal <path>        The journal: a folder (one file per machine) or a
                              single file (default: $POMO_JOURNAL, else
                              $XDG_DATA_HOME/pomo/journal/).
      -h, --help              Show help information.

    """,
  ]
}
