import Foundation

/// A script a test hands to python3 to read what pomo wrote as a real parser would (a JSON
/// Schema validator, Python's `csv`, the `icalendar` package).
package struct PythonScript {
  /// Why python3 could not run the script; the test fails with this as its message, so a
  /// machine without the tools fails instead of passing silently.
  package struct Unavailable: Error, CustomStringConvertible {
    package var description: String
  }

  /// The script's text; it exits 3 when `module` cannot be imported.
  package var text: String
  /// The Python module the script needs beside the standard library.
  package var module: String
  /// What the error calls the script when it fails for another reason ("the validator").
  package var name = "python3"

  package init(_ text: String, module: String, name: String = "python3") {
    self.text = text
    self.module = module
    self.name = name
  }

  /// Runs the script over `arguments`; what it printed, or `Unavailable` naming what is
  /// missing and how to install it.
  package func run(_ arguments: [String]) async throws -> Finished {
    let run = try await runProgram(
      [RequiredTool.path(of: "python3") ?? "/usr/bin/python3", "-c", text] + arguments,
      environment: ["PATH": RequiredTool.searchPath, "LC_ALL": "C.UTF-8"])
    guard run.status == 0 else {
      let reason =
        switch run.status {
        case 127: "python3 was not found"
        case 3: "python3 has no \(module) module"
        default: "\(name) failed (exit \(run.status)): \(run.err)"
        }
      throw Unavailable(
        description: "\(reason); run Scripts/test-deps.sh to install python3 and its \(module) module")
    }
    return run
  }
}
