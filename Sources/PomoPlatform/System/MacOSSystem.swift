#if canImport(Darwin)
  import Darwin

  /// What macOS spells its own way, beside `LinuxSystem.swift`. Written for macOS but never
  /// built or tested there: see docs/platforms.md.
  extension Platform {
    /// `kern.bootsessionuuid`, or nil.
    static func systemBootID() -> String? {
      var size = 0
      guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 1 else { return nil }
      var buffer = [CChar](repeating: 0, count: size)
      guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
      return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A stat's modification and change times (`st_mtimespec`, `st_ctimespec`).
    static func statTimes(_ info: stat) -> (modified: timespec, changed: timespec) {
      (info.st_mtimespec, info.st_ctimespec)
    }

    /// Nil: `pomo start --detach` needs this program's path, and macOS has no
    /// `/proc/self/exe` (`_NSGetExecutablePath` would give it; not written yet).
    static func systemExecutablePath() -> String? {
      nil
    }
  }
#endif
