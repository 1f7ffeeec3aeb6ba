import Foundation

/// A fresh folder under the system temp directory, removed by `cleanUp()`, or by `with` once
/// the test that asked for it is done.
package struct TemporaryFolder {
  package let path: String

  package init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("pomo-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.path
  }

  package func file(_ relative: String) -> String { path + "/" + relative }

  @discardableResult
  package func write(_ relative: String, _ text: String) throws -> String {
    let full = file(relative)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: true, encoding: .utf8)
    return full
  }

  package func read(_ relative: String) -> String? { try? String(contentsOfFile: file(relative), encoding: .utf8) }

  package func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

  /// Runs `body` with a fresh folder and removes the folder after, however `body` ends.
  package static func with<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    return try body(folder)
  }
}
