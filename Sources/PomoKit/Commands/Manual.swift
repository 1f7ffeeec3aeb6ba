import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo manual`: the manual page, pomo(1), generated from the command specs.
  package enum Manual: Command {
    package static let spec = CommandSpec(
      name: "manual",
      abstract: "Print the manual page, pomo(1), in roff (mdoc).",
      discussion: """
        Read it with 'pomo manual | man -l -', or install it (Scripts/install.sh does):

          pomo manual > ~/.local/share/man/man1/pomo.1
        """)

    /// The date of this version, as the manual shows it ("December 6, 2026"): the date of the
    /// CHANGELOG's current version.
    static var date: String { longDate(BuildInfo.date) }

    /// "2026-12-06" as "December 6, 2026"; any other text as it is.
    static func longDate(_ iso: String) -> String {
      let parts = iso.split(separator: "-").compactMap { Int($0) }
      guard parts.count == 3, (1...12).contains(parts[1]) else { return iso }
      return "\(LocalCalendar.monthNames[parts[1] - 1]) \(parts[2]), \(parts[0])"
    }

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      context.output.write(ManualPage.render(root: Pomo.node, version: Pomo.version, date: date))
      return ExitCode.success
    }
  }
}
