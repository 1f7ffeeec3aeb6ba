/// An entry of a sorted list the index keeps in pages (`SortedPages`): plain bytes, ordered,
/// with the 8-byte key the pages are found by.
package protocol PageEntry: BitwiseCopyable, Comparable {
  var pageKey: UInt64 { get }
}

extension UInt64: PageEntry {
  package var pageKey: UInt64 { self }
}
