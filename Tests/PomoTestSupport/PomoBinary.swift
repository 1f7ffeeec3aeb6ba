import Foundation

/// The package's top folder, found from this file's path.
package let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// The built `pomo` binary, beside the test bundle in the build folder.
package var pomoBinary: String {
  var url = Bundle.main.bundleURL
  for _ in 0..<4 {
    let candidate = url.appendingPathComponent("pomo").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    url.deleteLastPathComponent()
  }
  return packageRoot + "/.build/debug/pomo"
}

/// The README and every page of docs/, one after the other: what tests that hold the
/// documentation to the binary read.
package func documentationText() throws -> String {
  let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs").filter { $0.hasSuffix(".md") }
  return try (["README.md"] + docs.sorted().map { "docs/" + $0 }).map {
    try String(contentsOfFile: packageRoot + "/" + $0, encoding: .utf8)
  }.joined(separator: "\n")
}
