import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Work spread over the cores, on threads pomo starts itself, and never more than a help:
/// each thread that cannot be had (RLIMIT_NPROC, a container's pids.max) leaves its share to
/// the threads that could, the calling one among them. So pomo never waits for a thread
/// (libdispatch retries forever when none can be made).
///
/// `POMO_NO_THREADS=1` keeps all work on the calling thread, as when no thread can be had.
package enum Parallel {
  /// The environment variable that keeps all work on the calling thread.
  package static let serialVariable = "POMO_NO_THREADS"

  /// Whether work may be spread over threads: not when `POMO_NO_THREADS` is set to anything
  /// but "0" or nothing.
  package static let threadsAllowed: Bool = {
    guard let value = getenv(serialVariable) else { return true }
    let text = String(cString: value)
    return text.isEmpty || text == "0"
  }()

  /// How many threads a section uses at most, the calling one included.
  package static let cores = threadsAllowed ? max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) : 1

  /// `work(k)` for each k in 0..<count, on up to `cores` threads (the items taken in turn,
  /// the calling thread among them); returns when every item is done. Work too small to pay
  /// for starting a thread (`spread` false) stays on the calling thread.
  package static func forEach(_ count: Int, spread: Bool = true, _ work: (Int) -> Void) {
    guard count > 0 else { return }
    let helpers = spread ? min(cores, count) - 1 : 0
    guard helpers > 0 else {
      for k in 0..<count { work(k) }
      return
    }
    withoutActuallyEscaping(work) { work in
      let items = Items(count: count, work: work)
      var threads: [WorkerThread] = []
      for _ in 0..<helpers {
        guard let thread = WorkerThread.start(items.run) else { break }
        threads.append(thread)
      }
      items.run()
      for thread in threads { thread.join() }
    }
  }

  /// `work(k)` for each k in 0..<count (see `forEach`), the results kept in order; `empty`
  /// fills the slots until then.
  package static func map<T>(_ count: Int, empty: T, _ work: (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let results = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
    results.initialize(repeating: empty)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let output = results
    forEach(count) { k in output[k] = work(k) }
    return Array(results)
  }

  /// The same for work that can fail: the first failure (in order) is thrown.
  package static func tryMap<T>(_ count: Int, empty: T, _ work: (Int) throws(FileSystemError) -> T)
    throws(FileSystemError) -> [T]
  {
    let results = map(count, empty: Result<T, FileSystemError>.success(empty)) { k in
      Result { () throws(FileSystemError) in try work(k) }
    }
    return try results.map { result throws(FileSystemError) in try result.get() }
  }

  /// Starts `work` beside the calling thread, or runs it now when no thread can be had or
  /// it is too small to pay for one (`spread` false); `wait()` on the result returns once it
  /// is done.
  package static func background(spread: Bool = true, _ work: @escaping () -> Void) -> Pending {
    if spread && threadsAllowed, let thread = WorkerThread.start(work) { return Pending(thread: thread) }
    work()
    return Pending(thread: nil)
  }

  /// Runs `work` on a thread of its own that nobody waits for; false (and nothing run) when
  /// no thread can be had.
  @discardableResult
  package static func detached(_ work: @escaping () -> Void) -> Bool {
    guard threadsAllowed, let thread = WorkerThread.start(work) else { return false }
    thread.detach()
    return true
  }

  /// Work started by `background`.
  package final class Pending: @unchecked Sendable {
    private var thread: WorkerThread?

    fileprivate init(thread: WorkerThread?) { self.thread = thread }

    /// Returns once the work is done (at once when it ran on the calling thread).
    package func wait() {
      thread?.join()
      thread = nil
    }

    deinit { thread?.join() }
  }

  /// The items of a `forEach`, handed out one at a time to whichever thread asks.
  private final class Items: @unchecked Sendable {
    private let count: Int
    private let work: (Int) -> Void
    private var next = 0
    private let lock = Lock()

    init(count: Int, work: @escaping (Int) -> Void) {
      self.count = count
      self.work = work
    }

    func run() {
      while true {
        let k = lock.withLock {
          defer { next += 1 }
          return next
        }
        guard k < count else { return }
        work(k)
      }
    }
  }
}

/// One pthread running a closure.
private final class WorkerThread: @unchecked Sendable {
  private var thread: UInt64 = 0

  /// What the thread runs; the thread holds it until it is done.
  private final class Body {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
  }

  /// A thread running `work`, or nil (and `work` not run) when the system gives none.
  ///
  /// A task-local value does not reach a thread pomo starts, so the file-system seam's
  /// injector of the starting code (`FileFaults.current`, set only by tests) is handed on:
  /// the files the thread reads fail as the test asked.
  static func start(_ work: @escaping () -> Void) -> WorkerThread? {
    let worker = WorkerThread()
    let faults = FileFaults.current
    let run = faults.map { faults in { FileFaults.$current.withValue(faults) { work() } } } ?? work
    let body = Unmanaged.passRetained(Body(run)).toOpaque()
    let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
      Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().work()
      return nil
    }
    guard cplatform_thread_start(entry, body, &worker.thread) == 0 else {
      Unmanaged<Body>.fromOpaque(body).release()
      return nil
    }
    return worker
  }

  func join() {
    _ = cplatform_thread_join(thread)
  }

  func detach() {
    _ = cplatform_thread_detach(thread)
  }
}
