import Foundation
import Testing

/// Runs the real binary as a user would, with only the given environment, and waits.
package func runPomo(_ arguments: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
  throws -> Finished
{
  try runProgram([pomoBinary] + arguments, environment: environment, stdin: stdin, timeout: timeout)
}

/// Runs a program (`argv[0]` a full path) with only the given environment, and waits.
package func runProgram(_ argv: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
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
