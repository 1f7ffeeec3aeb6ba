import PomoCore

/// A day table's rows, shares or hours, in order of day, then `order`: in an array, or where
/// they lie in the pages of the cache file read (which the table keeps), one run a page.
package struct SortedRun<T: DayTable.Entry> {
  private var owned: [T] = []
  private var pages: [UnsafeBufferPointer<T>] = []

  package init() {}
  package init(_ pages: [UnsafeBufferPointer<T>]) { self.pages = pages.filter { !$0.isEmpty } }

  var array: [T] { pages.isEmpty ? owned : Array(pages.joined()) }

  package func withBuffer<R>(_ body: (UnsafeBufferPointer<T>) -> R) -> R {
    if pages.count == 1 { return body(pages[0]) }
    return (pages.isEmpty ? owned : array).withUnsafeBufferPointer(body)
  }

  /// Each entry of a day in `days`, in order.
  package func forEach(in days: ClosedRange<Int64>, _ body: (T) -> Void) {
    func each(_ all: UnsafeBufferPointer<T>) {
      let lo = SortedSearch.partition(all.count) { all[$0].day >= days.lowerBound }
      let hi = SortedSearch.partition(all.count) { all[$0].day > days.upperBound }
      for k in lo..<max(lo, hi) where days.contains(all[k].day) { body(all[k]) }
    }
    if pages.isEmpty { owned.withUnsafeBufferPointer(each) } else { pages.forEach(each) }
  }

  /// Adds the entries of `new`, in order: entries of the same day and order are added
  /// together, and those that come to nothing dropped.
  package mutating func add(_ new: inout [T]) {
    if !pages.isEmpty {
      owned = array
      pages = []
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
