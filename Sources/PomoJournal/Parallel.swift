import Dispatch
import PomoPlatform

/// Work spread over every core, the results kept in order.
enum Parallel {
  /// `work(k)` for each k in 0..<count, on every core; `empty` fills the slots until then.
  static func map<T>(_ count: Int, empty: T, _ work: (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
    results.initialize(repeating: empty)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let output = results
    withoutActuallyEscaping(work) { work in
      nonisolated(unsafe) let job = work
      DispatchQueue.concurrentPerform(iterations: count) { k in output[k] = job(k) }
    }
    return Array(results)
  }

  /// The same for work that can fail: the first failure (in order) is thrown.
  static func tryMap<T>(_ count: Int, empty: T, _ work: (Int) throws(FileSystemError) -> T) throws(FileSystemError)
    -> [T]
  {
    let results = map(count, empty: Result<T, FileSystemError>.success(empty)) { k in
      Result { () throws(FileSystemError) in try work(k) }
    }
    return try results.map { result throws(FileSystemError) in try result.get() }
  }
}
