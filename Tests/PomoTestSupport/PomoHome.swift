import Foundation
import PomoCore
import Testing

/// The one end-to-end fixture: a temporary HOME to run the real binary in as a user would, an
/// environment that holds nothing of the caller's, and the preset files a test names.
package struct PomoHome {
  package let folder: TemporaryFolder
  package var environment: [String: String]
  /// The processes `launch` started, which `cleanUp` kills if they still run.
  private let launched = Launched()

  /// A preset of two 1-second phases and one of 25 minutes: what most end-to-end tests run.
  package static let tinyPreset =
    #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#
  package static let longPreset = #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}]}"#

  /// - Parameters:
  ///   - presets: preset files to write in HOME, by name (`tiny` becomes `HOME/tiny.json`)
  ///   - environment: added to (or replacing) HOME, PATH and LANG
  ///   - config: the text of pomo's config file, `HOME/.config/pomo/config.json`, when given
  package init(
    presets: [String: String] = ["tiny": tinyPreset, "long": longPreset], environment extra: [String: String] = [:],
    config: String? = nil
  ) throws {
    folder = try TemporaryFolder()
    environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(extra) { $1 }
    for (name, text) in presets { try folder.write(name + ".json", text) }
    if let config { try folder.write(".config/pomo/config.json", config) }
  }

  /// Runs `body` in a new HOME and cleans it up after, however `body` ends: the opening and
  /// closing every end-to-end test would otherwise write out again.
  package static func with<T>(
    presets: [String: String] = ["tiny": tinyPreset, "long": longPreset], environment: [String: String] = [:],
    config: String? = nil, _ body: (PomoHome) async throws -> T
  ) async throws -> T {
    let home = try PomoHome(presets: presets, environment: environment, config: config)
    defer { home.cleanUp() }
    return try await body(home)
  }

  /// A fixture over a folder and an environment a suite made itself.
  package init(folder: TemporaryFolder, environment: [String: String]) {
    self.folder = folder
    self.environment = environment
  }

  package var path: String { folder.path }

  /// The path of a preset file this HOME holds.
  package func preset(_ name: String) -> String { folder.file(name + ".json") }

  /// A path in this HOME, from one relative to it.
  package func file(_ relative: String) -> String { folder.file(relative) }

  /// Writes a file in this HOME (its folders too); returns its path.
  @discardableResult
  package func write(_ relative: String, _ text: String) throws -> String { try folder.write(relative, text) }

  /// A file's text, nil when it cannot be read.
  package func read(_ relative: String) -> String? { folder.read(relative) }

  /// A file's lines (a log a stand-in writes), none when it is not there yet.
  package func lines(_ relative: String) -> [String] {
    (read(relative) ?? "").split(separator: "\n").map(String.init)
  }

  /// Writes an executable `HOME/bin/NAME` that runs `script` (a stand-in for a program pomo
  /// runs), and puts `HOME/bin` first on PATH so it is found before the system's; returns its
  /// path.
  @discardableResult
  package mutating func standIn(_ name: String, _ script: String) throws -> String {
    let program = try folder.write("bin/" + name, script)
    chmod(program, 0o755)
    let bin = folder.file("bin")
    let search = environment["PATH"] ?? "/usr/bin:/bin"
    if !search.hasPrefix(bin + ":") { environment["PATH"] = bin + ":" + search }
    return program
  }

  /// The folder of the running session's state file, its lock and its socket.
  package var stateFolder: String { folder.file(".local/state/pomo") }

  /// The running session's state file: there while a session runs.
  package var statePath: String { stateFolder + "/current.json" }

  /// Runs the real binary in this HOME and waits for it.
  package func run(_ words: [String], stdin: String? = nil, timeout: TimeInterval = 60) async throws -> Finished {
    try await runPomo(words, environment: environment, stdin: stdin, timeout: timeout)
  }

  package func run(_ words: String...) async throws -> Finished { try await run(words) }

  /// Runs `pomo WORDS` again and again, as `waitUntil` waits, until what it printed passes
  /// `check`, and returns that run; nil, with the last run's output recorded as an issue, when
  /// none did in `timeout` seconds.
  package func run(
    _ words: [String], until check: (Finished) -> Bool, timeout: TimeInterval = 60,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Finished? {
    var last: Finished?
    if await waitUntil(timeout, { last = try? await run(words); return last.map(check) ?? false }) { return last }
    Issue.record(
      "pomo \(words.joined(separator: " ")) never printed what was waited for: \(last?.out ?? "")\(last?.err ?? "")",
      sourceLocation: sourceLocation)
    return nil
  }

  /// What `pomo status --json` says now, empty when it says nothing readable.
  package func status() async -> [String: Any] {
    guard let out = try? await run(["status", "--json"]).out else { return [:] }
    return (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]) ?? [:]
  }

  /// The real binary on a pseudo-terminal in this HOME; `stdout` as in `PseudoTerminal`.
  package func terminal(_ words: [String], columns: UInt16 = 80, rows: UInt16 = 24, stdout: Int32? = nil) throws
    -> PseudoTerminal
  {
    try PseudoTerminal(words, environment: environment, columns: columns, rows: rows, stdout: stdout)
  }

  /// Starts the real binary in the background in this HOME (its working folder too), without
  /// waiting: its output goes
  /// to `HOME/NAME.out` and `HOME/NAME.err` when a name is given, else nowhere.
  /// - Parameters:
  ///   - prefix: a program to run pomo under (`faketime`, `setpriv`), as its first words
  ///   - program: another pomo binary (a copy), in place of the built one
  package func launch(
    _ arguments: [String], name: String? = nil, environment env: [String: String]? = nil, program: String? = nil,
    prefix: [String] = []
  ) throws -> Process {
    let argv = prefix + [program ?? pomoBinary] + arguments
    let process = Process()
    process.executableURL = URL(fileURLWithPath: argv[0])
    process.arguments = Array(argv.dropFirst())
    process.environment = env ?? environment
    // In HOME, as a user who just opened a terminal.
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.standardInput = FileHandle.nullDevice
    if let name {
      for stream in ["out", "err"] {
        guard FileManager.default.createFile(atPath: folder.file("\(name).\(stream)"), contents: nil) else {
          throw POSIXError(.EACCES)
        }
      }
      process.standardOutput = FileHandle(forWritingAtPath: folder.file(name + ".out"))
      process.standardError = FileHandle(forWritingAtPath: folder.file(name + ".err"))
    } else {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    try process.run()
    launched.add(process)
    return process
  }

  /// Kills the session running in this HOME, if any: a test's cleanup, which a `defer` cannot
  /// wait on `pomo stop` for. What the session would have recorded no longer matters.
  /// Only a process that runs pomo is killed: the pid of a session that died may have been
  /// given to another process since.
  package func killSession() {
    guard let data = FileManager.default.contents(atPath: statePath),
      let pid = (try? JSONParser.parse(Array(data)))?["pid"]?.intValue, pid > 0, pid <= Int(Int32.max),
      let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
      command.split(separator: 0).first.map({ String(decoding: $0, as: UTF8.self).hasSuffix("/pomo") }) == true
    else { return }
    kill(pid_t(pid), SIGKILL)
  }

  /// Kills what `launch` started that still runs and the session this HOME's state file names
  /// (a failed test's sessions, a detached one), and removes the folder.
  package func cleanUp() {
    for process in launched.all where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    killSession()
    folder.cleanUp()
  }

  /// The processes a home (and its copies) launched.
  private final class Launched: @unchecked Sendable {
    private let lock = NSLock()
    private var processes: [Process] = []

    func add(_ process: Process) { lock.withLock { processes.append(process) } }
    var all: [Process] { lock.withLock { processes } }
  }
}
