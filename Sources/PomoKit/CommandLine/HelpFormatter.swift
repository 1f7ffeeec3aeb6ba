import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// Lays out help pages the way swift-argument-parser does:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, wrapped to the width.
enum HelpFormatter {
  static let labelWidth = 26

  static func help(for command: CommandNode, path: [String], width: Int) -> String {
    let spec = command.spec
    let width = max(40, width)
    var text = TextLayout.wrap("OVERVIEW: " + spec.abstract, width: width, indent: 0) + "\n"
    if let discussion = spec.discussion {
      text +=
        "\n"
        + paragraphs(discussion).map { TextLayout.wrap($0, width: width, indent: 0, hanging: leadingSpaces($0)) }
        .joined(separator: "\n") + "\n"
    }
    text += "\n" + usageLines("USAGE: ", command: command, path: path, width: width) + "\n"

    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments {
        text += row("<\(argument.name)>", argument.help, width: width)
      }
    }
    text += "\nOPTIONS:\n"
    for option in spec.options + [CommandSpec.helpOption] + (path.count == 1 ? rootOptions : []) {
      text += row(option.label, option.help, width: width)
    }
    let subcommands = command.subcommands
    if !subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for sub in subcommands {
        text += row(sub.spec.name, sub.spec.abstract, width: width)
      }
      if path.count == 1 {
        text += row("help", "Show help for a command.", width: width)
      }
      let helpHint = path.count == 1 ? "pomo help <subcommand>" : "\(path.joined(separator: " ")) <subcommand> --help"
      text +=
        "\n" + TextLayout.wrap("  See '\(helpHint)' for detailed help.", width: width, indent: 0, hanging: 2) + "\n"
    }
    return text
  }

  static let versionOption = OptionSpec("version", help: "Show the version.")
  static let noCacheOption = OptionSpec(
    "no-cache", help: "Answer from the journal alone: read and write no cache (also POMO_NO_CACHE=1).")
  /// `--no-cache` may come anywhere before `--`: it is the whole run's, not a command's.
  static let noCacheFlag = "--" + noCacheOption.long
  /// The options of `pomo` itself, given before a command.
  static let rootOptions = [noCacheOption, versionOption]

  /// The usage, wrapped between its parts so that no option is split across lines.
  static func usageLines(_ label: String, command: CommandNode, path: [String], width: Int) -> String {
    var lines: [String] = []
    var line = label
    for token in usageTokens(for: command, path: path) {
      if line.count + 1 + token.count > width && line.count > label.count {
        lines.append(line)
        line = String(repeating: " ", count: label.count) + token
      } else {
        line += (line.count > label.count ? " " : "") + token
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// "pomo start", "<preset>", "[--rounds <n>]", ...
  static func usageTokens(for command: CommandNode, path: [String]) -> [String] {
    let spec = command.spec
    var words = [path.joined(separator: " ")]
    words += spec.arguments.map(\.usage)
    words += spec.options.map(\.usage)
    if !command.subcommands.isEmpty {
      words.append(
        spec.arguments.isEmpty && spec.options.isEmpty && path.count == 1 ? "<subcommand>" : "[<subcommand>]")
    }
    return words
  }

  /// A label and its help in two columns; on a narrow terminal the help goes under the label.
  private static func row(_ label: String, _ help: String, width: Int) -> String {
    let first = "  " + label
    if width < 60 {
      return first + "\n" + TextLayout.wrap("      " + help, width: width, indent: 0, hanging: 6) + "\n"
    }
    let pad = labelWidth
    if first.count + 2 > pad {
      return first + "\n"
        + TextLayout.wrap(String(repeating: " ", count: pad) + help, width: width, indent: 0, hanging: pad)
        + "\n"
    }
    let line = first + String(repeating: " ", count: pad - first.count) + help
    return TextLayout.wrap(line, width: width, indent: 0, hanging: pad) + "\n"
  }

  /// The discussion's source lines as the units to wrap: consecutive lines that start at the
  /// margin are one paragraph (the source wraps them for its own width, not the terminal's);
  /// an indented line (an example) stands alone; blank lines stay.
  static func paragraphs(_ discussion: String) -> [String] {
    var result: [String] = []
    var joining = false
    for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty {
        result.append("")
        joining = false
      } else if line.first == " " {
        result.append(String(line))
        joining = false
      } else if joining {
        result[result.count - 1] += " " + line
      } else {
        result.append(String(line))
        joining = true
      }
    }
    return result
  }

  private static func leadingSpaces<S: StringProtocol>(_ s: S) -> Int {
    s.prefix(while: { $0 == " " }).count
  }
}
