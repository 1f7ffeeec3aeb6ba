import Foundation
import Testing

/// pomo ships one executable and no library, so nothing in it is `public`: what another target
/// of the package uses is `package`, what only its own target uses is internal (CONTRIBUTING.md,
/// "Access levels"). A `public` creeps in with a copied snippet and compiles; only this notices.
@Suite("Access levels: nothing under Sources/ is public")
struct AccessLevelTests {
  /// The package's top folder, from this file's path (`Tests/PomoKitTests/…`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The `public` declarations in `text`, as "line: text" (comments and string literals aside:
  /// only a line whose code starts with a modifier list holding `public` counts).
  static func publicDeclarations(in text: String) -> [String] {
    let modifier = try! Regex(#"^\s*(@[A-Za-z]+(\([^)]*\))?\s+)*((nonisolated|static|final|override|mutating|convenience|required|indirect|lazy|open)\s+)*public\b"#)
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { k, line in
      line.contains(modifier) ? "\(k + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
    }
  }

  @Test("every Swift file under Sources/ declares nothing public")
  func nothingPublic() throws {
    let sources = Self.root + "/Sources"
    let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "the sources were found: \(files.count) files under \(sources)")
    for file in files.sorted() {
      let found = Self.publicDeclarations(in: try String(contentsOfFile: sources + "/" + file, encoding: .utf8))
      #expect(found.isEmpty, "Sources/\(file) declares public (make it package, or internal): \(found.prefix(3))")
    }
  }

  @Test("the check finds public declarations and leaves comments, strings and package alone")
  func theCheckSeesThem() {
    let text = """
      public struct A {}
        @inlinable public func f() {}
        static public let x = 1
      /// public in a comment
      let s = "public"
      package struct B {}
      """
    #expect(Self.publicDeclarations(in: text).map { $0.prefix(2) } == ["1:", "2:", "3:"])
  }
}
