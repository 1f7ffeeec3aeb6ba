import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Platform {
  /// Nanoseconds on the clock that runs through suspend (CLOCK_BOOTTIME on Linux).
  package static func bootNanoseconds() -> Int64 { Int64(cplatform_boot_nanoseconds()) }

  /// Nanoseconds on the clock that stops during suspend (CLOCK_MONOTONIC on Linux).
  package static func awakeNanoseconds() -> Int64 { Int64(cplatform_awake_nanoseconds()) }

  /// This boot's identity, so that a boot-clock instant written by one process is compared
  /// only with the same boot's clock: Linux's `/proc/sys/kernel/random/boot_id`, Darwin's
  /// `kern.bootsessionuuid`; nil when the system has none.
  package static func bootID() -> String? {
    let text = systemBootID() ?? ""
    return text.isEmpty ? nil : text
  }

  /// Where a symbolic link points, or nil.
  package static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `path` is a regular file (following links).
  package static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
