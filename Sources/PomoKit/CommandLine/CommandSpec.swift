import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

/// Everything help and the parser need to know about one command.
public struct CommandSpec: Sendable {
  public var name: String
  public var abstract: String
  public var discussion: String?
  public var arguments: [ArgumentSpec]
  public var options: [OptionSpec]

  public init(
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
