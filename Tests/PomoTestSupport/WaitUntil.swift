import Foundation

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds (generous:
/// CI is a loaded 2-core machine); true if it held.
package func waitUntil(_ timeout: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  return condition()
}
