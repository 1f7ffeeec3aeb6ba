import PomoJournal
/// The smallest of a set of instants, in O(log n) per change.
package struct MinHeap {
  private var items: [Double] = []

  package var count: Int { items.count }
  package var minimum: Double { items.first ?? -.infinity }

  package mutating func insert(_ value: Double) {
    items.append(value)
    var k = items.count - 1
    while k > 0 {
      let parent = (k - 1) / 2
      guard items[k] < items[parent] else { break }
      items.swapAt(k, parent)
      k = parent
    }
  }

  package mutating func removeMinimum() {
    guard !items.isEmpty else { return }
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var k = 0
    while true {
      let left = 2 * k + 1
      let right = left + 1
      var smallest = k
      if left < items.count && items[left] < items[smallest] { smallest = left }
      if right < items.count && items[right] < items[smallest] { smallest = right }
      if smallest == k { return }
      items.swapAt(k, smallest)
      k = smallest
    }
  }
}
