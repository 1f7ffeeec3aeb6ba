#if os(Linux)
  import Glibc

  /// What Linux spells its own way, beside `MacOSSystem.swift`: the boot's identity, a stat's
  /// times, this program's path. Built and tested on every change.
  extension Platform {
    /// `/proc/sys/kernel/random/boot_id`, or nil.
    static func systemBootID() -> String? {
      guard let bytes = try? readFile("/proc/sys/kernel/random/boot_id", limit: 128) else { return nil }
      return String(decoding: bytes.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
    }

    /// A stat's modification and change times (`st_mtim`, `st_ctim`).
    static func statTimes(_ info: stat) -> (modified: timespec, changed: timespec) {
      (info.st_mtim, info.st_ctim)
    }

    /// This program's path, from `/proc/self/exe`.
    static func systemExecutablePath() -> String? {
      readLink("/proc/self/exe")
    }
  }
#endif
