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

/// The zone the C library uses (so TZ is honoured), with its name for reports.
public struct SystemZone: TimeZoneRules {
  public let identifier: String

  public init(environment: [String: String]) {
    identifier = Self.name(environment)
  }

  public func offset(at unixSeconds: Double) -> Int { Platform.localOffset(at: unixSeconds) }

  /// TZ when set ("Europe/Berlin", ":Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"), "UTC" when
  /// TZ is something the C library cannot use (it keeps UTC then), else the target of
  /// /etc/localtime, else /etc/timezone, else "UTC".
  static func name(_ environment: [String: String]) -> String {
    if let tz = environment["TZ"], !tz.isEmpty {
      return TZVariable.name(tz, zoneFileExists: { isZoneFile($0, environment) }) ?? "UTC"
    }
    var buffer = [CChar](repeating: 0, count: 1024)
    let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
    if n > 0 {
      let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let range = target.firstRange(of: "zoneinfo/") { return String(target[range.upperBound...]) }
    }
    if let bytes = try? Platform.readFile("/etc/timezone") {
      let text =
        String(decoding: bytes, as: UTF8.self).trimmedSpaces().split(separator: "\n").first.map(String.init) ?? ""
      if !text.isEmpty { return text }
    }
    return "UTC"
  }

  /// One line for stderr when TZ is set to something that is neither a zone nor a POSIX TZ
  /// rule, or nil when TZ is fine or unset.
  public static func warning(_ environment: [String: String]) -> String? {
    guard let tz = environment["TZ"], !tz.isEmpty,
      TZVariable.name(tz, zoneFileExists: { isZoneFile($0, environment) }) == nil
    else { return nil }
    let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    return "pomo: warning: TZ '\(TextLayout.inert(tz))' is neither a time zone in \(folder) nor a POSIX TZ rule; "
      + "times are in UTC"
  }

  /// Whether `name` (absolute, or relative to TZDIR or /usr/share/zoneinfo) is a regular file.
  static func isZoneFile(_ name: String, _ environment: [String: String]) -> Bool {
    let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    let path = name.hasPrefix("/") ? name : folder + "/" + name
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
