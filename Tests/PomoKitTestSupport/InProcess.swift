import PomoKit
import PomoPlatform

/// Runs pomo in-process with captured output, as the command-line tests need.
package struct InProcess {
  package var environment: [String: String]
  package var width = 80

  /// A UTF-8 locale, as most people have; under another, pomo prints only ASCII.
  package init(home: String) {
    environment = ["HOME": home, "COLUMNS": "80", "LANG": "C.UTF-8"]
  }

  package func run(_ words: String...) -> (status: Int32, out: String, err: String) {
    run(words)
  }

  package func run(_ words: [String]) -> (status: Int32, out: String, err: String) {
    let out = TextBuffer()
    let err = TextBuffer()
    var env = environment
    env["COLUMNS"] = "\(width)"
    let context = Context(environment: env, output: out, errors: err)
    let status = Pomo.main(["pomo"] + words, context: context)
    return (status, out.text, err.text)
  }
}
