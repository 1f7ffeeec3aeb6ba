import PomoPlatform

/// FNV-1a, 64 bits: a fast hash for ids and file regions in the journal index (not for
/// anything an attacker chooses to collide).
package struct FNV1a {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  package mutating func add<S: Sequence<UInt8>>(_ bytes: S) {
    // Bytes that lie together in memory (an array, a native string's UTF-8) take the plain
    // loop: the generic one walks an iterator a byte at a time across modules.
    if bytes.withContiguousStorageIfAvailable({ add($0) }) != nil { return }
    for b in bytes {
      value ^= UInt64(b)
      value = value &* 0x100_0000_01b3
    }
  }

  /// The same, for bytes in memory: a plain loop, whatever module calls it.
  package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    var v = value
    for b in bytes {
      v ^= UInt64(b)
      v = v &* 0x100_0000_01b3
    }
    value = v
  }

  package static func hash<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
    var h = FNV1a()
    h.add(bytes)
    return h.value
  }

  package static func hash(_ text: String) -> UInt64 { hash(text.utf8) }
}
