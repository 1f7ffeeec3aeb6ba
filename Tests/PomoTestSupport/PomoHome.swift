import Foundation

/// The one end-to-end fixture: a temporary HOME to run the real binary in as a user would, an
/// environment that holds nothing of the caller's, and the preset files a test names.
package struct PomoHome {
  package let folder: TemporaryFolder
  package var environment: [String: String]

  /// A preset of two 1-second phases and one of 25 minutes: what most end-to-end tests run.
  package static let tinyPreset =
    #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#
  package static let longPreset = #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}"#

  /// - Parameters:
  ///   - presets: preset files to write in HOME, by name (`tiny` becomes `HOME/tiny.json`)
  ///   - environment: added to (or replacing) HOME, PATH and LANG
  package init(
    presets: [String: String] = ["tiny": tinyPreset, "long": longPreset], environment extra: [String: String] = [:]
  ) throws {
    folder = try TemporaryFolder()
    environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(extra) { $1 }
    for (name, text) in presets { try folder.write(name + ".json", text) }
  }

  package var path: String { folder.path }

  /// The path of a preset file this HOME holds.
  package func preset(_ name: String) -> String { folder.file(name + ".json") }

  /// Runs the real binary in this HOME and waits for it.
  package func run(_ words: [String], stdin: String? = nil, timeout: TimeInterval = 60) throws -> Finished {
    try runPomo(words, environment: environment, stdin: stdin, timeout: timeout)
  }

  package func run(_ words: String...) throws -> Finished { try run(words) }

  /// The real binary on a pseudo-terminal in this HOME.
  package func terminal(_ words: [String], columns: UInt16 = 80, rows: UInt16 = 24) throws -> PseudoTerminal {
    try PseudoTerminal(words, environment: environment, columns: columns, rows: rows)
  }

  package func cleanUp() { folder.cleanUp() }
}
