import Foundation
import PomoKitTestSupport
import Testing

@testable import PomoCore

/// `pomo --help` and pomo(1) name the built-in presets; the catalog (the files in `Presets/`,
/// embedded at build time) is what `pomo presets` lists. They must name the same presets.
@Suite("The built-in presets named in help and the manual")
struct BuiltInPresetListTests {
  let pomo = InProcess(home: "/nonexistent-home")

  /// The names the catalog holds with no user folder: the built-ins, as `pomo presets` lists them.
  static func catalogNames() throws -> [String] {
    try PresetCatalog.load(userDirectory: nil).presets.map(\.name)
  }

  /// The comma-separated names after "Built-in presets: " in `text`, its lines joined first
  /// (help wraps them), up to the first " (" or ".".
  static func listedNames(in text: String) throws -> [String] {
    let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    let start = try #require(joined.range(of: "Built-in presets: "), "no list of built-in presets")
    let rest = joined[start.upperBound...]
    let end = rest.range(of: " (")?.lowerBound ?? rest.firstIndex(of: ".") ?? rest.endIndex
    return rest[..<end].components(separatedBy: ", ")
  }

  @Test("pomo --help lists every built-in preset the catalog has, in its order")
  func help() throws {
    let help = pomo.run("--help")
    #expect(help.status == 0)
    #expect(try Self.listedNames(in: help.out) == Self.catalogNames())
  }

  @Test("pomo(1) lists the same built-in presets")
  func manual() throws {
    let page = pomo.run("manual").out
    let section = try #require(page.range(of: ".Sh PRESETS\n"))
    #expect(try Self.listedNames(in: String(page[section.upperBound...])) == Self.catalogNames())
  }

  @Test("the catalog's built-ins are the embedded files, each named after its file")
  func namesAreFileNames() throws {
    #expect(try PresetCatalog.builtIns().map(\.name).sorted() == PresetCatalog.builtInNames)
    #expect(PresetCatalog.builtInNames.count == BuiltinPresetFiles.all.count)
  }
}
