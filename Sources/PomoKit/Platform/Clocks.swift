import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension SessionClock {
  /// The real clocks: CLOCK_BOOTTIME for deadlines (it runs through suspend), CLOCK_MONOTONIC
  /// to measure the suspend, and the wall clock for timestamps.
  public static let system = SessionClock(
    now: { .nanoseconds(cplatform_boot_nanoseconds()) },
    awake: { .nanoseconds(cplatform_awake_nanoseconds()) },
    wallSeconds: { Platform.wallSeconds() })
}

extension Platform {
  /// "14:05:09" in the local time zone, for the plain log.
  public static func localClockTime(_ unixSeconds: Double) -> String {
    var t = time_t(unixSeconds.rounded(.down))
    var parts = tm()
    localtime_r(&t, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }
}
