import Foundation
import Testing

/// Runs the real binary as a user would, with only the given environment, and waits.
package func runPomo(_ arguments: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
  async throws -> Finished
{
  try await runProgram([pomoBinary] + arguments, environment: environment, stdin: stdin, timeout: timeout)
}

/// Runs a program (`argv[0]` a full path) with only the given environment, and waits.
///
/// The wait suspends and the pipes are read on threads of their own, so the cooperative pool's
/// few threads run other tests meanwhile (see `waitUntil`).
package func runProgram(_ argv: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60)
  async throws -> Finished
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
  // Close-on-exec, every end: the child gets its own through dup2, and no program another test
  // starts meanwhile inherits one, which would hold the output open, and this wait, for as
  // long as that program runs.
  for pipe in [outPipe, errPipe, inPipe] {
    for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
  }
  try process.run()
  // Read both pipes while the process runs, so a large output cannot block it.
  async let outData = onOwnThread { outPipe.fileHandleForReading.readDataToEndOfFile() }
  async let errData = onOwnThread { errPipe.fileHandleForReading.readDataToEndOfFile() }
  if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
  try? inPipe.fileHandleForWriting.close()
  await process.waitForExit(timeout: timeout)
  return Finished(
    status: process.terminationStatus, out: String(decoding: await outData, as: UTF8.self),
    err: String(decoding: await errData, as: UTF8.self))
}

/// Runs `body`, which blocks, on a thread of its own, and suspends until it returns.
package func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
