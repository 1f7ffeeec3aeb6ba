import Foundation
import PomoKitTestSupport
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
}
