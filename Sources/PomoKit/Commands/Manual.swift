import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo manual`: the manual page, pomo(1), generated from the command specs.
  public enum Manual: Command {
    public static let spec = CommandSpec(
      name: "manual",
      abstract: "Print the manual page, pomo(1), in roff (mdoc).",
      discussion: """
        Read it with 'pomo manual | man -l -', or install it (Scripts/install.sh does):

          pomo manual > ~/.local/share/man/man1/pomo.1
        """)

    /// The date of this version, as the manual shows it; change it with `Pomo.version`.
    static let date = "December 1, 2026"

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      context.output.write(ManualPage.render(root: Pomo.node, version: Pomo.version, date: date))
      return ExitCode.success
    }
  }
}
