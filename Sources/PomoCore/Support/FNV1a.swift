import PomoPlatform

/// FNV-1a, 64 bits: a fast hash for ids and file regions in the journal index (not for
/// anything an attacker chooses to collide).
public struct FNV1a {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func add<S: Sequence<UInt8>>(_ bytes: S) {
    for b in bytes {
      value ^= UInt64(b)
      value = value &* 0x100_0000_01b3
    }
  }

  public static func hash<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
    var h = FNV1a()
    h.add(bytes)
    return h.value
  }

  public static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}
