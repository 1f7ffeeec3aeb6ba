import Foundation

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds (generous:
/// CI is a loaded 2-core machine); true if it held.
///
/// It suspends between checks instead of blocking: Swift Testing runs tests on the cooperative
/// pool, which has one thread per core, so a test that blocked a thread while it waited would
/// hold up every other test that could have run meanwhile.
package func waitUntil(_ timeout: TimeInterval = 60, _ condition: () async -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if await condition() { return true }
    await pause(milliseconds: 20)
  }
  return await condition()
}

/// Lets `milliseconds` of real time pass without holding a thread: the gap between two checks
/// of a condition, or a span a test needs the wall clock to cover (an interval a program
/// measures in whole seconds). Never a stand-in for waiting on a condition.
package func pause(milliseconds: Int) async {
  // Cancellation ends the sleep early; the caller's own deadline still bounds its wait.
  try? await Task.sleep(for: .milliseconds(milliseconds))
}
