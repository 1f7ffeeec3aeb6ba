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

/// Copies the built binary to `path`, its folder made, through `cp`: no descriptor open for
/// writing on the copy ever lives in the test process. One would be inherited by a child that
/// another test forks meanwhile, and running the copy would fail with "Text file busy"
/// (ETXTBSY) until that child execs.
package func copyPomoBinary(to path: String) async throws {
  try FileManager.default.createDirectory(
    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
  let copy = try await runProgram(["/bin/cp", pomoBinary, path], environment: [:])
  guard copy.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
}
