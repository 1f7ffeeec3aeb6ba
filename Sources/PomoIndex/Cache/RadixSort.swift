import PomoJournal
/// A stable least-significant-digit radix sort on a 64-bit key, 11 bits at a time (six passes);
/// a digit that every key shares costs no pass. A few items are sorted by insertion.
enum RadixSort {
  static func sort<T>(_ items: inout [T], key: (T) -> UInt64) {
    let n = items.count
    guard n > 1 else { return }
    if n < 64 {
      // A few: an insertion sort (stable too) costs less than the digits' tables.
      for k in 1..<n {
        let item = items[k]
        let value = key(item)
        var j = k
        while j > 0 && key(items[j - 1]) > value {
          items[j] = items[j - 1]
          j -= 1
        }
        items[j] = item
      }
      return
    }
    let bits = 11
    let size = 1 << bits
    let passes = (64 + bits - 1) / bits
    let mask = UInt64(size - 1)
    var counts = [Int](repeating: 0, count: passes * size)
    var scratch = items
    counts.withUnsafeMutableBufferPointer { counts in
      items.withUnsafeMutableBufferPointer { items in
        scratch.withUnsafeMutableBufferPointer { scratch in
          for item in items {
            let k = key(item)
            for pass in 0..<passes {
              counts[pass * size + Int(truncatingIfNeeded: (k >> UInt64(pass * bits)) & mask)] += 1
            }
          }
          var source = items
          var target = scratch
          var inScratch = false
          for pass in 0..<passes {
            let digits = UnsafeMutableBufferPointer(rebasing: counts[(pass * size)..<((pass + 1) * size)])
            if digits.contains(n) { continue }
            var sum = 0
            for d in 0..<size {
              let c = digits[d]
              digits[d] = sum
              sum += c
            }
            let shift = UInt64(pass * bits)
            for item in source {
              let d = Int(truncatingIfNeeded: (key(item) >> shift) & mask)
              target[digits[d]] = item
              digits[d] += 1
            }
            swap(&source, &target)
            inScratch.toggle()
          }
          if inScratch { _ = items.update(fromContentsOf: scratch) }
        }
      }
    }
  }
}
