/// A point in time a wait must end by, on the boot clock (which counts through a suspend).
struct DBusDeadline {
  let end: Int64
  let seconds: Double

  init(_ timeout: Duration) {
    let (whole, fraction) = timeout.components
    let nanoseconds = whole * 1_000_000_000 + fraction / 1_000_000_000
    end = Platform.bootNanoseconds() + max(0, nanoseconds)
    seconds = Double(max(0, nanoseconds)) / 1e9
  }

  var remaining: Duration { .nanoseconds(max(0, end - Platform.bootNanoseconds())) }

  /// What is left, in whole milliseconds rounded up, for poll.
  var milliseconds: Int32 {
    let left = max(0, end - Platform.bootNanoseconds())
    return Int32(min(Int64(Int32.max), (left + 999_999) / 1_000_000))
  }
}
