import PomoCore

/// A zone read from its rules (a POSIX TZ rule or a TZif file's bytes), as `SystemZone` is
/// read through the C library, but without touching the process's TZ: in-process tests can
/// run under any zone, side by side.
package struct ZoneFromRules: TimeZoneRules {
  package let rules: ZoneRules?
  package let identifier: String

  package init(rules: ZoneRules?, identifier: String) {
    self.rules = rules
    self.identifier = identifier
  }

  /// The zone of a POSIX TZ rule such as "CET-1CEST,M3.5.0,M10.5.0/3".
  package init(posix: String) {
    self.init(rules: ZoneRules(posix: posix), identifier: posix)
  }

  package func offset(at t: Double) -> Int { rules!.offset(at: t) }
}
