import Foundation
import Testing

/// The layers hold as `Package.swift` declares them. SwiftPM puts every module it has built
/// within reach of every target, so a file that imports a target its own does not declare
/// compiles whenever the build happens to have made that module first; nothing but this
/// notices. The list of layers in `Package.swift`'s comment and the one in docs/durability.md
/// are held to the same declarations, so the picture a reader trusts is the one the code keeps.
///
/// Everything is read from the files, nothing is listed here: a layer added to `Package.swift`
/// (and to both lists) is checked like the others.
@Suite("The package's layers: imports, Package.swift's list and docs/durability.md agree with the declared targets")
struct PackageLayersTests {
  /// A target as `Package.swift` declares it.
  struct Target: Equatable {
    var name: String
    /// `target`, `executableTarget`, `testTarget`, `plugin` …
    var kind: String
    /// Its folder from the package's top: `path:`, or `Sources/<name>` (`Plugins/`, `Tests/`).
    var folder: String
    /// The targets it declares it uses, by name.
    var dependencies: [String]
  }

  /// A line of a list of layers: `PomoReport → PomoJournal, PomoCore, PomoPlatform`.
  struct Entry: Equatable {
    var name: String
    var uses: [String]
  }

  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// The package's top folder, from this file's path (`Tests/PomoKitTests/…`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: root + "/" + path, encoding: .utf8)
  }

  // MARK: - Reading Package.swift

  static let kinds = ["target", "executableTarget", "testTarget", "plugin", "systemLibrary", "binaryTarget", "macro"]

  /// The manifest with its comments blanked (a `//` outside a string, to the end of its line).
  static func code(_ manifest: String) -> String {
    manifest.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var kept = ""
      var inString = false
      var previous: Character = " "
      for character in line {
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString && character == "/" && previous == "/" {
          kept.removeLast()
          break
        }
        kept.append(character)
        previous = character
      }
      return kept
    }.joined(separator: "\n")
  }

  /// The quoted string after `key: "` in `text`, if there is one.
  static func string(_ key: String, in text: Substring) -> String? {
    guard let from = text.range(of: key + ": \"")?.upperBound, let to = text[from...].firstIndex(of: "\"") else {
      return nil
    }
    return String(text[from..<to])
  }

  /// The names in the list after `key: [` in `text`: nil when there is no such list; an
  /// error when the list holds anything but quoted names (a `.product(…)` this test cannot
  /// place).
  static func names(_ key: String, in text: Substring, of target: String) throws -> [String]? {
    guard let key = text.range(of: key + ":"), let open = text[key.upperBound...].firstIndex(of: "["),
      text[key.upperBound..<open].allSatisfy(\.isWhitespace), let close = text[open...].firstIndex(of: "]")
    else { return nil }
    return try text[text.index(after: open)..<close].split(separator: ",").compactMap { item in
      let item = item.trimmingCharacters(in: .whitespacesAndNewlines)
      if item.isEmpty { return nil }
      guard item.count >= 2, item.hasPrefix("\""), item.hasSuffix("\""), !item.dropFirst().dropLast().contains("\"")
      else { throw Unreadable(description: "Package.swift: \(target) names \(item), not a target by its name") }
      return String(item.dropFirst().dropLast())
    }
  }

  /// The targets `manifest` declares, in its order.
  static func targets(in manifest: String) throws -> [Target] {
    let code = code(manifest)
    let starts = kinds.flatMap { kind in code.ranges(of: "." + kind + "(").map { ($0.lowerBound, kind) } }
      .sorted { $0.0 < $1.0 }
    return try starts.enumerated().map { index, start in
      let end = index + 1 < starts.count ? starts[index + 1].0 : code.endIndex
      let text = code[start.0..<end]
      guard let name = string("name", in: text) else {
        throw Unreadable(description: "Package.swift: a .\(start.1) without a name")
      }
      let home = start.1 == "plugin" ? "Plugins" : start.1 == "testTarget" ? "Tests" : "Sources"
      let folder = string("path", in: text) ?? home + "/" + name
      return Target(
        name: name, kind: start.1, folder: folder, dependencies: try names("dependencies", in: text, of: name) ?? [])
    }
  }

  /// The targets the products are built from: the products' own and all they use, in the
  /// manifest's order.
  static func layers(in manifest: String, _ targets: [Target]) throws -> [Target] {
    let code = code(manifest)
    var wanted: [String] = []
    for kind in ["executable", "library"] {
      for range in code.ranges(of: "." + kind + "(") {
        wanted += try names("targets", in: code[range.upperBound...], of: "a product") ?? []
      }
    }
    var reached = Set<String>()
    while let name = wanted.popLast() {
      guard reached.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
      wanted += target.dependencies
    }
    return targets.filter { reached.contains($0.name) }
  }

  // MARK: - Reading the sources

  /// The modules a Swift file imports and the lines that say so: `import X`, `@testable import
  /// X`, `public import X`, `import struct X.Y`, inside `#if` or not.
  static func imports(in source: String) -> [(module: String, line: Int)] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
      while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) { words = words.dropFirst() }
      guard words.first == "import" else { return nil }
      words = words.dropFirst()
      let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
      if let word = words.first, kinds.contains(word) { words = words.dropFirst() }
      guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
      return (String(module), index + 1)
    }
  }

  /// The Swift files under `folder`, from the package's top, sorted.
  static func swiftFiles(in folder: String) -> [String] {
    let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  /// Each import of a target that the importing file's own target does not declare, and each
  /// declared dependency of a layer that none of its files imports, as a line to show.
  /// `files` holds the text of every Swift file under `Sources/`, by its path.
  static func importProblems(_ targets: [Target], layers: [Target], files: [String: String]) -> [String] {
    let names = Set(targets.map(\.name))
    var problems: [String] = []
    for target in targets where target.folder.hasPrefix("Sources/") {
      var imported = Set<String>()
      for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(target.folder + "/") {
        for (module, line) in imports(in: text) where names.contains(module) && module != target.name {
          imported.insert(module)
          if !target.dependencies.contains(module) {
            problems.append(
              "\(path):\(line): imports \(module), which \(target.name) does not declare in Package.swift")
          }
        }
      }
      if layers.contains(target) {
        for unused in target.dependencies where !imported.contains(unused) && names.contains(unused) {
          problems.append("Package.swift: \(target.name) declares \(unused), which none of its files imports")
        }
      }
    }
    return problems
  }

  /// The targets `name` reaches through its declared dependencies, itself among them.
  static func reach(_ name: String, _ targets: [Target]) -> Set<String> {
    var reached = Set<String>()
    var wanted = [name]
    while let next = wanted.popLast() {
      guard reached.insert(next).inserted, let target = targets.first(where: { $0.name == next }) else { continue }
      wanted += target.dependencies
    }
    return reached
  }

  /// Each import under `Tests/` of a target the file's own target does not reach through its
  /// declarations: a test lives in the target of the highest layer it uses, and sees only
  /// that layer and those below it. `files` holds the text of every Swift file under `Tests/`.
  static func testImportProblems(_ targets: [Target], files: [String: String]) -> [String] {
    let names = Set(targets.map(\.name))
    var problems: [String] = []
    for target in targets where target.folder.hasPrefix("Tests/") {
      let reached = reach(target.name, targets)
      for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix(target.folder + "/") {
        for (module, line) in imports(in: text) where names.contains(module) && !reached.contains(module) {
          problems.append(
            "\(path):\(line): imports \(module), which \(target.name) does not reach through Package.swift")
        }
      }
    }
    return problems
  }

  // MARK: - Reading the lists of layers

  /// The layers a list names, from its lines: `Name → A, B` or `Name` alone (one that uses
  /// none). Any other line (a description, a blank) is not part of it.
  static func entries(_ lines: [Substring]) -> [Entry] {
    func isName(_ text: Substring) -> Bool {
      !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
    return lines.compactMap { line in
      let parts = line.split(separator: "→", maxSplits: 1, omittingEmptySubsequences: false)
      let name = parts[0].trimmingCharacters(in: .whitespaces)[...]
      guard isName(name) else { return nil }
      guard parts.count == 2 else { return Entry(name: String(name), uses: []) }
      let uses = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces)[...] }
      guard uses.allSatisfy(isName) else { return nil }
      return Entry(name: String(name), uses: uses.map(String.init))
    }
  }

  /// Where the list `place` says other than the declarations: a layer left out or named twice,
  /// a name that is no layer, other dependencies than the declared ones, a layer listed below
  /// one it uses.
  static func listProblems(_ entries: [Entry], layers: [Target], place: String) -> [String] {
    var problems: [String] = []
    let names = entries.map(\.name)
    for layer in layers {
      let count = names.filter { $0 == layer.name }.count
      if count == 0 { problems.append("\(place) leaves out \(layer.name)") }
      if count > 1 { problems.append("\(place) names \(layer.name) \(count) times") }
    }
    for (index, entry) in entries.enumerated() {
      guard let layer = layers.first(where: { $0.name == entry.name }) else {
        problems.append("\(place) names \(entry.name), which is not a layer of Package.swift")
        continue
      }
      if Set(entry.uses) != Set(layer.dependencies) || entry.uses.count != Set(entry.uses).count {
        problems.append(
          "\(place) says \(entry.name) → \(entry.uses.joined(separator: ", ")), but Package.swift declares "
            + "\(entry.name) → \(layer.dependencies.joined(separator: ", "))")
      }
      for used in entry.uses {
        if let below = names.firstIndex(of: used), below < index {
          problems.append("\(place) lists \(used) above \(entry.name), which uses it")
        }
      }
    }
    return problems
  }

  /// The comment lines of `Package.swift`, without their `//`.
  static func commentLines(_ manifest: String) -> [Substring] {
    manifest.split(separator: "\n").compactMap { line in
      let text = line.drop(while: \.isWhitespace)
      return text.hasPrefix("//") ? text.dropFirst(2) : nil
    }
  }

  /// The section of docs/durability.md on the layers: its first code block (the list), and the
  /// rows of its table as (target, folder).
  static func documentedLayers(_ doc: String) throws -> (list: [Substring], rows: [(name: String, folder: String)]) {
    guard let heading = doc.range(of: "\n## The code's layers\n") else {
      throw Unreadable(description: "docs/durability.md: no section \"## The code's layers\"")
    }
    let rest = doc[heading.upperBound...]
    let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    let blocks = section.components(separatedBy: "```")
    guard blocks.count >= 3 else { throw Unreadable(description: "docs/durability.md: the layers have no list") }
    let rows = section.split(separator: "\n").compactMap { line -> (String, String)? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("| `"), cells.count >= 2 else { return nil }
      return (cells[0].trimmingCharacters(in: ["`"]), cells[1].trimmingCharacters(in: ["`"]))
    }
    return (blocks[1].split(separator: "\n"), rows)
  }

  // MARK: - The package as it is

  @Test(
    "every file under Sources/ imports only targets its own target declares, and each layer imports all it declares")
  func importsMatchTheDeclarations() throws {
    let manifest = try Self.read("Package.swift")
    let targets = try Self.targets(in: manifest)
    var files: [String: String] = [:]
    for target in targets where target.folder.hasPrefix("Sources/") {
      for path in Self.swiftFiles(in: target.folder) { files[path] = try Self.read(path) }
    }
    #expect(files.count > 100, "found only \(files.count) Swift files under Sources/")
    let problems = Self.importProblems(targets, layers: try Self.layers(in: manifest, targets), files: files)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("every file under Tests/ imports only what its test target reaches: a test lives with the highest layer it uses")
  func testImportsMatchTheDeclarations() throws {
    let targets = try Self.targets(in: try Self.read("Package.swift"))
    var files: [String: String] = [:]
    for target in targets where target.folder.hasPrefix("Tests/") {
      for path in Self.swiftFiles(in: target.folder) { files[path] = try Self.read(path) }
    }
    #expect(files.count > 100, "found only \(files.count) Swift files under Tests/")
    let problems = Self.testImportProblems(targets, files: files)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("Package.swift's list of layers: each layer once, above what it uses, with its declared dependencies")
  func packageListMatchesTheDeclarations() throws {
    let manifest = try Self.read("Package.swift")
    let layers = try Self.layers(in: manifest, try Self.targets(in: manifest))
    #expect(layers.count >= 5, "the products reach only \(layers.map(\.name))")
    let problems = Self.listProblems(
      Self.entries(Self.commentLines(manifest)), layers: layers, place: "Package.swift's list of layers")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(
    "docs/durability.md's list and table of layers: each layer once, above what it uses, its dependencies, its folder")
  func documentedLayersMatchTheDeclarations() throws {
    let manifest = try Self.read("Package.swift")
    let layers = try Self.layers(in: manifest, try Self.targets(in: manifest))
    let doc = try Self.documentedLayers(try Self.read("docs/durability.md"))
    var problems = Self.listProblems(
      Self.entries(doc.list), layers: layers, place: "docs/durability.md's list of layers")
    for layer in layers where !doc.rows.contains(where: { $0.name == layer.name }) {
      problems.append("docs/durability.md's table of layers leaves out \(layer.name)")
    }
    for row in doc.rows {
      guard let layer = layers.first(where: { $0.name == row.name }) else {
        problems.append("docs/durability.md's table of layers names \(row.name), which is not a layer of Package.swift")
        continue
      }
      if row.folder != layer.folder {
        problems.append(
          "docs/durability.md's table puts \(row.name) in \(row.folder), Package.swift in \(layer.folder)")
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  // MARK: - The checks themselves

  static let sample = """
    let package = Package(
      name: "sample",
      products: [.executable(name: "tool", targets: ["tool"])],
      targets: [
        // The layers:
        //   tool → Top
        //   Top → Bottom
        //     what it does
        //   Bottom
        .executableTarget(name: "tool", dependencies: ["Top"]),
        .target(name: "Top", dependencies: ["Bottom"], plugins: ["Embed"]),
        .target(name: "Bottom"),
        .target(name: "Aside", dependencies: ["Bottom"]),
        .executableTarget(name: "Embedder"),
        .plugin(name: "Embed", capability: .buildTool(), dependencies: ["Embedder"]),
        .target(name: "Helpers", dependencies: ["Top"], path: "Tests/Helpers"),
        .testTarget(name: "TopTests", dependencies: ["Top", "Helpers"]),
      ]
    )
    """

  @Test(
    "the manifest's targets, their folders and dependencies are read as declared; the layers are what the products use")
  func readsTheManifest() throws {
    let targets = try Self.targets(in: Self.sample)
    #expect(targets.map(\.name) == ["tool", "Top", "Bottom", "Aside", "Embedder", "Embed", "Helpers", "TopTests"])
    #expect(targets[1] == Target(name: "Top", kind: "target", folder: "Sources/Top", dependencies: ["Bottom"]))
    #expect(targets[5].folder == "Plugins/Embed")
    #expect(targets[6].folder == "Tests/Helpers")
    #expect(try Self.layers(in: Self.sample, targets).map(\.name) == ["tool", "Top", "Bottom"])
    #expect(
      Self.entries(Self.commentLines(Self.sample)) == [
        Entry(name: "tool", uses: ["Top"]), Entry(name: "Top", uses: ["Bottom"]), Entry(name: "Bottom", uses: []),
      ])
  }

  @Test(
    "an import of a target the file's own target does not declare is caught, and so is a declared one never imported")
  func catchesAnUndeclaredImport() throws {
    let targets = try Self.targets(in: Self.sample)
    let layers = try Self.layers(in: Self.sample, targets)
    let files = [
      "Sources/tool/main.swift": "import Top\n",
      "Sources/Top/A.swift": "import Foundation\n#if canImport(Glibc)\n  import Glibc\n#endif\n",
      "Sources/Top/B.swift": "import Bottom\n@testable import Aside\n",
      "Sources/Aside/C.swift": "import struct Bottom.Thing\n",
    ]
    #expect(
      Self.importProblems(targets, layers: layers, files: files) == [
        "Sources/Top/B.swift:2: imports Aside, which Top does not declare in Package.swift"
      ])
    #expect(
      Self.importProblems(targets, layers: layers, files: files.filter { $0.key != "Sources/Top/B.swift" }) == [
        "Package.swift: Top declares Bottom, which none of its files imports"
      ])
  }

  @Test("a test file that imports a layer its test target does not reach is caught; one below it is not")
  func catchesATestImportAboveItsTarget() throws {
    let targets = try Self.targets(in: Self.sample)
    let files = [
      "Tests/TopTests/A.swift": "import Testing\n@testable import Top\n@testable import Bottom\nimport Helpers\n",
      "Tests/TopTests/B.swift": "@testable import Aside\n",
      "Tests/Helpers/C.swift": "import Top\n",
    ]
    #expect(
      Self.testImportProblems(targets, files: files) == [
        "Tests/TopTests/B.swift:1: imports Aside, which TopTests does not reach through Package.swift"
      ])
  }

  @Test(
    "a list of layers that leaves one out, names another, says other dependencies or puts one above its user is caught")
  func catchesAListThatDisagrees() throws {
    let layers = try Self.layers(in: Self.sample, try Self.targets(in: Self.sample))
    let list: [Substring] = ["tool → Top", "Bottom", "Top → Bottom, Aside", "Middle → Bottom"]
    #expect(
      Self.listProblems(Self.entries(list), layers: layers, place: "the list") == [
        "the list says Top → Bottom, Aside, but Package.swift declares Top → Bottom",
        "the list lists Bottom above Top, which uses it",
        "the list names Middle, which is not a layer of Package.swift",
      ])
    #expect(
      Self.listProblems(Self.entries(["tool → Top", "Top → Bottom"]), layers: layers, place: "the list") == [
        "the list leaves out Bottom"
      ])
  }
}
