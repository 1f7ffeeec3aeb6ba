/// A fault-injecting file system: decides, for each call through the seam (`FileCalls`), to
/// let it run, fail it, make it short, or cut its file first, and keeps every call it saw.
///
/// It is a task-local value, so a test scopes it to the code it runs, with no global state:
///
///     let faults = FileFaults { $0.number == 3 ? .fail(ENOSPC) : nil }
///     try FileFaults.$current.withValue(faults) { try journal.append(lines: lines) }
///
/// When none is set (always, outside tests) the calls go straight to the system, at the cost of
/// one task-local read each. Task-locals do not reach the threads pomo starts itself, so
/// `Parallel` hands the injector of the code that starts a thread on to it; calls made there
/// are hooked too, though their order among threads is not fixed.
package final class FileFaults: @unchecked Sendable {
  /// The injector for the code running in this task (or on this thread), if any.
  @TaskLocal package static var current: FileFaults?

  private let matching: @Sendable (FileOperation.Kind, String) -> Bool
  private let decide: @Sendable (FileOperation) -> FileFault?
  private let lock = Lock()
  private var seen: [FileOperation] = []
  private var done: [(operation: FileOperation, fault: FileFault)] = []

  /// An injector that asks `decide` about each call; nil lets it run. The default only
  /// records the calls (a test's first run, to learn the steps of what it tests).
  package convenience init(_ decide: @escaping @Sendable (FileOperation) -> FileFault? = { _ in nil }) {
    self.init(only: { _, _ in true }, decide)
  }

  /// An injector that sees only the calls `only` picks, say those on one journal file: the
  /// others run unseen and unnumbered, so the k-th step of an append is the same call
  /// however much else the command around it does.
  package init(
    only matching: @escaping @Sendable (FileOperation.Kind, String) -> Bool,
    _ decide: @escaping @Sendable (FileOperation) -> FileFault? = { _ in nil }
  ) {
    self.matching = matching
    self.decide = decide
  }

  /// Every call seen, in order.
  package var operations: [FileOperation] { lock.withLock { seen } }

  /// The faults given so far, with the calls they were given to.
  package var injected: [(operation: FileOperation, fault: FileFault)] { lock.withLock { done } }

  /// Records a call and says what to do with it.
  package func next(_ kind: FileOperation.Kind, _ path: String) -> FileFault? {
    guard matching(kind, path) else { return nil }
    let operation = lock.withLock {
      let operation = FileOperation(kind: kind, path: path, number: seen.count)
      seen.append(operation)
      return operation
    }
    guard let fault = decide(operation) else { return nil }
    lock.withLock { done.append((operation, fault)) }
    return fault
  }
}
