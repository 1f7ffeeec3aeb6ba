import Foundation
import Testing

@testable import PomoKit
@testable import PomoReport
@testable import PomoJournal
@testable import PomoTerminal
@testable import PomoCore
@testable import PomoPlatform

/// A fresh folder under the system temp directory, removed by `cleanUp()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("pomo-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.path
  }

  func file(_ relative: String) -> String { path + "/" + relative }

  @discardableResult
  func write(_ relative: String, _ text: String) throws -> String {
    let full = file(relative)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: true, encoding: .utf8)
    return full
  }

  func read(_ relative: String) -> String? { try? String(contentsOfFile: file(relative), encoding: .utf8) }

  func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs pomo in-process with captured output, as the command-line tests need.
struct InProcess {
  var environment: [String: String]
  var width = 80

  /// A UTF-8 locale, as most people have; under another, pomo prints only ASCII.
  init(home: String) {
    environment = ["HOME": home, "COLUMNS": "80", "LANG": "C.UTF-8"]
  }

  func run(_ words: String...) -> (status: Int32, out: String, err: String) {
    run(words)
  }

  func run(_ words: [String]) -> (status: Int32, out: String, err: String) {
    let out = TextBuffer()
    let err = TextBuffer()
    var env = environment
    env["COLUMNS"] = "\(width)"
    let context = Context(environment: env, output: out, errors: err)
    let status = Pomo.main(["pomo"] + words, context: context)
    return (status, out.text, err.text)
  }
}

/// The package's top folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// The built `pomo` binary, beside the test bundle in the build folder.
var pomoBinary: String {
  var url = Bundle.main.bundleURL
  for _ in 0..<4 {
    let candidate = url.appendingPathComponent("pomo").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    url.deleteLastPathComponent()
  }
  return packageRoot + "/.build/debug/pomo"
}

struct Finished {
  var status: Int32
  var out: String
  var err: String
}

/// Runs the real binary as a user would, with only the given environment, and waits.
func runPomo(_ arguments: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
  throws -> Finished
{
  try runProgram([pomoBinary] + arguments, environment: environment, stdin: stdin, timeout: timeout)
}

/// Runs a program (`argv[0]` a full path) with only the given environment, and waits.
func runProgram(_ argv: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
  throws -> Finished
{
  let arguments = Array(argv.dropFirst())
  let process = Process()
  process.executableURL = URL(fileURLWithPath: argv[0])
  process.arguments = arguments
  process.environment = environment
  let outPipe = Pipe()
  let errPipe = Pipe()
  process.standardOutput = outPipe
  process.standardError = errPipe
  let inPipe = Pipe()
  process.standardInput = inPipe
  try process.run()
  if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
  try? inPipe.fileHandleForWriting.close()
  // Read both pipes while the process runs, so a large output cannot block it.
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData = errPipe.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning {
    process.terminate()
    Issue.record("pomo \(arguments) did not finish in \(timeout) s")
  }
  process.waitUntilExit()
  group.wait()
  return Finished(
    status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
    err: String(decoding: errData, as: UTF8.self))
}

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds (generous:
/// CI is a loaded 2-core machine); true if it held.
func waitUntil(_ timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  return condition()
}

/// The records of a journal file, in file order (none when it does not exist).
func journalRecords(_ path: String) throws -> [JournalRecord] {
  let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  return try text.split(separator: "\n").map { try JournalRecord(line: Array($0.utf8)) }
}

/// The journal file, relative to `home`, of the machine that HOME stands for: in the default
/// folder, named for the host and the machine id. The id is made here ("testaa") when the
/// HOME has none yet, so a test knows the name before pomo first runs.
func journalFile(_ home: String, host: String = Platform.hostName()) -> String {
  let state = home + "/.local/state/pomo"
  try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
  if !FileManager.default.fileExists(atPath: state + "/machine-id") {
    try? "testaa\n".write(toFile: state + "/machine-id", atomically: true, encoding: .utf8)
  }
  let id = JournalFolder.machineID(stateDirectory: state)
  return ".local/share/pomo/journal/" + JournalFolder.fileName(host: host, id: id)
}
