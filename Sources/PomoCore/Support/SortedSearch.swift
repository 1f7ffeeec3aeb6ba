/// The one binary search of pomo's sorted tables: the chunks of an index, id hashes and
/// prefixes, corrections by session, quarter hours, days of the totals, a zone's changes.
package enum SortedSearch {
  /// The first index in `0..<count` where `isAtOrAfter` holds, or `count`; it must hold from
  /// there on (the table is sorted by what it asks).
  @inlinable
  package static func partition(_ count: Int, _ isAtOrAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if isAtOrAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The first index in sorted `values` whose value is not below `value`.
  @inlinable
  package static func firstIndex<T: Comparable>(in values: [T], notBelow value: T) -> Int {
    partition(values.count) { values[$0] >= value }
  }
}
