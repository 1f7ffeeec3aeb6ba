import Foundation
import Testing

/// The trait of a suite whose tests run the built binary and wait on real time: each test
/// case runs on a thread of its own, outside Swift's cooperative pool, and only a few at once.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core: two on
/// CI. The waits in these tests suspend (`waitUntil`, `runPomo`), so without this trait every
/// one of them would start at once, and two hundred sessions, each starting processes, would
/// load the machine until a phase of a second ran late and a bound of seconds failed. And a
/// test that computes for seconds (a fuzzer, a recount) holds a pool thread meanwhile, so a
/// waiting test would hear late that its condition held, perhaps after a phase it had to catch
/// was over. Here a test's every step runs on its own thread, which the kernel schedules
/// beside the computing ones, and `EndToEndSlots.width` tests run together.
package struct EndToEndTrait: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  /// Each test case on its own, not the suite as a whole.
  package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite inside a suite with the trait: the outer one's slot holds already.
    if EndToEndSlots.held {
      try await function()
      return
    }
    let thread = await EndToEndSlots.shared.acquire()
    let started = Date()
    let outcome: Result<Void, any Error>
    do {
      try await EndToEndSlots.$held.withValue(true) {
        try await withTaskExecutorPreference(thread) { try await function() }
      }
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    await EndToEndSlots.shared.release(thread)
    EndToEndSlots.log(Date().timeIntervalSince(started), test)
    try outcome.get()
  }
}

extension Trait where Self == EndToEndTrait {
  /// See `EndToEndTrait`: on a thread of its own, a few at once.
  package static var endToEnd: Self { EndToEndTrait() }
}

/// The threads the end-to-end tests run on: at most `width`, each lent to one test at a time.
package actor EndToEndSlots {
  /// How many end-to-end tests run at once. Most of their time is spent waiting for phases of
  /// a second or two, so more than the cores; few enough that the processes they start
  /// (sessions, `pomo status`, buses) leave a loaded 2-core machine room to keep time.
  package static let width = 8

  package static let shared = EndToEndSlots()

  /// Whether the current task runs in a slot already.
  @TaskLocal package static var held = false

  /// With `POMO_TEST_TIMES` naming a file, each test case's seconds in its slot are added to
  /// it, a line each, to find the tests that make the run long.
  nonisolated static func log(_ seconds: Double, _ test: Test) {
    guard let path = ProcessInfo.processInfo.environment["POMO_TEST_TIMES"] else { return }
    let line = String(format: "%.3f", seconds) + "\t\(test.id)\t\(test.displayName ?? test.name)\n"
    timesLock.withLock {
      guard let handle = FileHandle(forWritingAtPath: path) ?? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
      }() else { return }
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    }
  }
  private static let timesLock = NSLock()

  private var idle: [TestThread] = []
  private var made = 0
  private var waiting: [CheckedContinuation<TestThread, Never>] = []

  /// A thread for one test, once one is free.
  package func acquire() async -> TestThread {
    if let thread = idle.popLast() { return thread }
    if made < Self.width {
      made += 1
      return TestThread()
    }
    return await withCheckedContinuation { waiting.append($0) }
  }

  package func release(_ thread: TestThread) {
    if waiting.isEmpty {
      idle.append(thread)
    } else {
      waiting.removeFirst().resume(returning: thread)
    }
  }
}

/// A thread that runs the jobs given to it one after another, for as long as the test run.
package final class TestThread: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "pomo end-to-end test"
    thread.start()
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
