import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// Everything help and the parser need to know about one command.
package struct CommandSpec: Sendable {
  package var name: String
  package var abstract: String
  package var discussion: String?
  package var arguments: [ArgumentSpec]
  package var options: [OptionSpec]

  package init(
    name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  /// The options every command has.
  static let helpOption = OptionSpec("help", short: "h", help: "Show help information.")
}
