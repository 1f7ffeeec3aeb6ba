import PomoPlatform

/// The zone the C library uses (so TZ is honoured), with its name for reports.
package struct SystemZone: TimeZoneRules {
  package let identifier: String

  package init(environment: [String: String]) {
    identifier = Self.name(environment)
  }

  package func offset(at unixSeconds: Double) -> Int { Platform.localOffset(at: unixSeconds) }

  /// The rules of the zone the C library reads: by this process's own TZ and TZDIR, since
  /// they are what `offset(at:)` follows.
  package var rules: ZoneRules? { ZoneRules.system(Platform.environment) }

  /// TZ when set ("Europe/Berlin", ":Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"), "UTC" when
  /// TZ is something the C library cannot use (it keeps UTC then), else the target of
  /// /etc/localtime, else /etc/timezone, else "UTC".
  package static func name(_ environment: [String: String]) -> String {
    if let tz = environment["TZ"], !tz.isEmpty {
      return TZVariable.name(tz, zoneFileExists: { isZoneFile($0, environment) }) ?? "UTC"
    }
    if let target = Platform.readLink("/etc/localtime") {
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
  package static func warning(_ environment: [String: String]) -> String? {
    guard let tz = environment["TZ"], !tz.isEmpty,
      TZVariable.name(tz, zoneFileExists: { isZoneFile($0, environment) }) == nil
    else { return nil }
    let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    return "pomo: warning: TZ '\(TextLayout.inert(tz))' is neither a time zone in \(folder) nor a POSIX TZ rule; "
      + "times are in UTC"
  }

  /// Whether `name` (absolute, or relative to TZDIR or /usr/share/zoneinfo) is a regular file.
  package static func isZoneFile(_ name: String, _ environment: [String: String]) -> Bool {
    let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    let path = name.hasPrefix("/") ? name : folder + "/" + name
    return Platform.isRegularFile(path)
  }
}
