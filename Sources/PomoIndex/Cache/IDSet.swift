import PomoJournal
/// A set of id hashes (open addressing, linear probing): the hashes are spread already, so
/// a multiply picks the slot, and nothing is allocated per id.
struct IDSet {
  private var slots = [UInt64](repeating: 0, count: 1024)
  private var shift: UInt64 = 54
  /// 0 marks an empty slot, so the hash 0 is kept apart.
  private var hasZero = false
  private(set) var count = 0

  /// Adds `value`; whether it was new.
  mutating func insert(_ value: UInt64) -> Bool {
    if value == 0 {
      if hasZero { return false }
      hasZero = true
      count += 1
      return true
    }
    if (count + 1) * 2 > slots.count { grow(to: slots.count * 2) }
    let inserted = slots.withUnsafeMutableBufferPointer { Self.place(value, in: $0, shift: shift) }
    if inserted { count += 1 }
    return inserted
  }

  private static func place(_ value: UInt64, in slots: UnsafeMutableBufferPointer<UInt64>, shift: UInt64) -> Bool {
    let mask = slots.count - 1
    var k = Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> shift)
    while true {
      let here = slots[k]
      if here == value { return false }
      if here == 0 {
        slots[k] = value
        return true
      }
      k = (k + 1) & mask
    }
  }

  /// Makes room for `count` values in all, so the table does not grow (and move every value) on the way.
  mutating func reserve(_ count: Int) {
    var size = slots.count
    while count * 2 > size { size *= 2 }
    if size > slots.count { grow(to: size) }
  }

  /// Loads the slots where `values` would go, side by side, so the inserts that follow find
  /// them in the cache rather than waiting on memory for each in turn.
  mutating func warm(_ values: some Sequence<UInt64>) {
    var touched: UInt64 = 0
    let shift = shift
    slots.withUnsafeBufferPointer { slots in
      for value in values {
        touched &+= slots[Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> shift)]
      }
    }
    self.touched = touched
  }
  private var touched: UInt64 = 0

  /// Moves every value to a table of `size` slots (a power of two), allocated once.
  private mutating func grow(to size: Int) {
    let old = slots
    slots = [UInt64](repeating: 0, count: size)
    shift -= UInt64(size.trailingZeroBitCount - old.count.trailingZeroBitCount)
    let shift = shift
    slots.withUnsafeMutableBufferPointer { target in
      for value in old where value != 0 { _ = Self.place(value, in: target, shift: shift) }
    }
  }

  /// Every value, in no order.
  var elements: [UInt64] {
    var result: [UInt64] = []
    result.reserveCapacity(count)
    if hasZero { result.append(0) }
    for value in slots where value != 0 { result.append(value) }
    return result
  }
}
