import Foundation
import Testing

@testable import PomoKit
@testable import PomoTerminal
@testable import PomoCore
@testable import PomoPlatform
import PomoTestSupport

/// Output to a pipe or a file is not cut at 80 columns: fields are whole for `grep` and `cut`,
/// unless `COLUMNS` says how wide to be. Prose (help) still wraps at 80.
@Suite("output that is not a terminal")
struct OutputWidthTests {
  static let longTag = "a-tag-that-is-much-longer-than-anything-a-terminal-line-leaves-room-for"

  func environment(_ home: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
    ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(extra) { $1 }
  }

  @Test("output to a pipe is not cut at 80 columns: log, presets, report and dry runs keep their fields whole")
  func pipedOutputIsWhole() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home)
    let added = try runPomo(
      ["add", "work", "--start", "2026-11-30T09:00", "--tag", "code review", "--tag", Self.longTag], environment: env)
    #expect(added.status == 0, "\(added.err)")
    let log = try runPomo(["log"], environment: env)
    #expect(log.out.contains("code review,\(Self.longTag)\n"), "\(log.out)")
    let presets = try runPomo(["presets"], environment: env)
    #expect(!presets.out.contains("…"), "\(presets.out)")
    #expect(presets.out.contains(try #require(try PresetCatalog.builtIns().first { $0.name == "hiit" }).description))
    let report = try runPomo(["report", "--from", "2026-11-30", "--to", "2026-11-30"], environment: env)
    #expect(report.out.contains(Self.longTag + " "), "\(report.out)")
    let name = "a phase whose name is cut at eighty columns but whole in a pipe"
    let file = try home.write("long.json", #"{"round": [{"name": "\#(name)", "kind": "work", "duration": "1m"}]}"#)
    let dry = try runPomo(["start", file, "--dry-run"], environment: env)
    #expect(dry.out.contains(name), "\(dry.out)\(dry.err)")
  }

  @Test("COLUMNS still sets the width of output to a pipe")
  func columnsStillCuts() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home, ["COLUMNS": "80"])
    #expect(try runPomo(["add", "work", "--start", "2026-11-30T09:00", "--tag", Self.longTag], environment: env).status == 0)
    let log = try runPomo(["log"], environment: env)
    #expect(log.out.split(separator: "\n").allSatisfy { $0.count < 80 }, "\(log.out)")
    #expect(try runPomo(["presets"], environment: env).out.contains("…"))
  }

  @Test("help to a pipe still wraps at 80 columns")
  func helpWraps() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let help = try runPomo(["start", "--help"], environment: environment(home))
    #expect(help.status == 0)
    #expect(help.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test("the one width: COLUMNS, else the terminal's, else none for a pipe and 80 for a terminal of unknown size")
  func width() {
    func context(_ env: [String: String], terminal: Bool, columns: Int?) -> Context {
      Context(
        environment: env, output: TextBuffer(), errors: TextBuffer(), stdoutIsTerminal: terminal,
        terminalColumns: columns)
    }
    #expect(context([:], terminal: false, columns: nil).width == Context.unlimited)
    #expect(context([:], terminal: false, columns: nil).wrapWidth == 80)
    #expect(context(["COLUMNS": "50"], terminal: false, columns: nil).width == 50)
    #expect(context([:], terminal: true, columns: 120).width == 120)
    #expect(context([:], terminal: true, columns: nil).width == 80)
  }
}
