import PomoCore

/// A day table's rows, shares or hours, in order of day, then `order`: in an array, or where
/// they lie in the cache file read (which the table keeps).
struct SortedRun<T: DayTable.Entry> {
  private var owned: [T] = []
  private var mapped: UnsafeBufferPointer<T>?

  init() {}
  init(_ mapped: UnsafeBufferPointer<T>) { self.mapped = mapped }

  var array: [T] { mapped.map { Array($0) } ?? owned }

  func withBuffer<R>(_ body: (UnsafeBufferPointer<T>) -> R) -> R {
    if let mapped { return body(mapped) }
    return owned.withUnsafeBufferPointer(body)
  }

  /// Each entry of a day in `days`, in order.
  func forEach(in days: ClosedRange<Int64>, _ body: (T) -> Void) {
    withBuffer { all in
      let lo = SortedSearch.partition(all.count) { all[$0].day >= days.lowerBound }
      let hi = SortedSearch.partition(all.count) { all[$0].day > days.upperBound }
      for k in lo..<max(lo, hi) where days.contains(all[k].day) { body(all[k]) }
    }
  }

  /// Adds the entries of `new`, in order: entries of the same day and order are added
  /// together, and those that come to nothing dropped.
  mutating func add(_ new: inout [T]) {
    if let mapped {
      owned = Array(mapped)
      self.mapped = nil
    }
    guard let first = new.first else { return }
    if owned.isEmpty {
      // The first (a first build's only one): taken whole, not copied.
      swap(&owned, &new)
      owned.removeAll(where: \.isZero)
    } else if let last = owned.last, (last.day, last.order) < (first.day, first.order) {
      // All after: nothing to add together (the parts of a first build come so).
      owned.reserveCapacity(owned.count + new.count)
      for item in new where !item.isZero { owned.append(item) }
    } else {
      var result: [T] = []
      result.reserveCapacity(owned.count + new.count)
      var i = 0
      for item in new {
        while i < owned.count && (owned[i].day, owned[i].order) < (item.day, item.order) {
          result.append(owned[i])
          i += 1
        }
        if i < owned.count && (owned[i].day, owned[i].order) == (item.day, item.order) {
          var sum = owned[i]
          sum.add(item, sign: 1)
          if !sum.isZero { result.append(sum) }
          i += 1
        } else if !item.isZero {
          result.append(item)
        }
      }
      result += owned[i...]
      owned = result
    }
  }
}
