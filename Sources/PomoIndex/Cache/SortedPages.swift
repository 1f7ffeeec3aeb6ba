import PomoCore
import PomoJournal
import PomoPlatform

extension JournalIndex.PrefixEntry: PageEntry {
  package var pageKey: UInt64 { prefix }
}

/// A sorted list of the report index's cache file (`IndexCache`): the pages written when the
/// file was last written whole, each a block of its own whose first key the file's directory
/// holds, and the entries appended since (few, sorted, in memory).
///
/// A lookup reads only the pages its keys can be on, so an append checks its ids without
/// reading the million others. Each page is checked (`CacheFile`) when it is read, before it
/// is used, and kept for the next lookup. A page that fails makes the lookup nil: the cache
/// is then rebuilt, never trusted.
package final class SortedPages<Entry: PageEntry> {
  package struct Page {
    var offset: Int64
    var count: Int
    var firstKey: UInt64
  }

  let pages: [Page]
  /// Entries appended since the pages were written, sorted.
  private(set) var tail: [Entry]
  private let store: IndexCache.Reader?
  private var read: [Int: [Entry]] = [:]

  init(pages: [Page], tail: [Entry], store: IndexCache.Reader?) {
    self.pages = pages
    self.tail = tail
    self.store = store
  }

  /// A list held in memory alone (`--no-cache`, or just built).
  convenience init(_ entries: [Entry]) {
    self.init(pages: [], tail: entries, store: nil)
  }

  var count: Int { pages.reduce(0) { $0 + $1.count } + tail.count }

  func adding(_ more: [Entry]) {
    if !more.isEmpty { tail = JournalIndex.merge(tail, more) }
  }

  /// Page `k`, read and checked on first use.
  private func page(_ k: Int) -> [Entry]? {
    if let entries = read[k] { return entries }
    let page = pages[k]
    guard let store,
      let payload = store.block(
        at: page.offset, length: page.count * MemoryLayout<Entry>.stride, tag: IndexCache.Tag.page)
    else { return nil }
    let entries = [Entry](unsafeUninitializedCapacity: page.count) { target, count in
      payload.withUnsafeBytes { UnsafeMutableRawBufferPointer(target).copyMemory(from: $0) }
      count = page.count
    }
    // A page must hold what the directory says: sorted, starting at its key.
    guard entries.first?.pageKey == page.firstKey, zip(entries, entries.dropFirst()).allSatisfy({ $0.0 <= $0.1 })
    else { return nil }
    read[k] = entries
    return entries
  }

  /// Every entry, sorted; nil when a page fails its checks.
  func all() -> [Entry]? {
    var result: [Entry] = []
    result.reserveCapacity(count)
    for k in pages.indices {
      guard let entries = page(k) else { return nil }
      result += entries
      read[k] = nil
    }
    return JournalIndex.merge(result, tail)
  }

  /// The entries whose key is in `keys`, sorted; nil when a page they may be on fails.
  func entries(in keys: ClosedRange<UInt64>) -> [Entry]? {
    var result: [Entry] = []
    // Page k holds keys from its first key up to the next page's (equal keys may straddle).
    var k = max(0, SortedSearch.partition(pages.count) { pages[$0].firstKey >= keys.lowerBound } - 1)
    while k < pages.count && pages[k].firstKey <= keys.upperBound {
      guard let entries = page(k) else { return nil }
      result += entries.lazy.filter { keys.contains($0.pageKey) }
      k += 1
    }
    let low = SortedSearch.partition(tail.count) { tail[$0].pageKey >= keys.lowerBound }
    let high = SortedSearch.partition(tail.count) { tail[$0].pageKey > keys.upperBound }
    return JournalIndex.merge(result, Array(tail[low..<max(low, high)]))
  }
}
