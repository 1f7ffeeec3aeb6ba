import Testing

@testable import PomoIndex
@testable import PomoJournal

/// The one rule for every cache made from report indexes (the day totals, the streak, the ids
/// several files hold): it stands while each file it was made from is the same file, on the
/// same build of its index, no shorter.
@Suite("Staleness of caches made from indexes")
struct StalenessTests {
  static func mark(_ path: UInt64, build: UInt64 = 7, lines: Int64, inode: UInt64 = 1) -> IndexMark {
    IndexMark(path: path, device: 1, inode: inode, build: build, lines: lines)
  }

  static let was = [mark(1, lines: 10), mark(2, lines: 20)]

  @Test(
    "each change of what a cache stands on",
    arguments: [
      ([mark(1, lines: 10), mark(2, lines: 20)], Staleness.Standing.current),
      ([mark(2, lines: 20), mark(1, lines: 10)], .current),
      ([mark(1, lines: 12), mark(2, lines: 20)], .grown(covered: [10, 20])),
      ([mark(1, lines: 10), mark(2, lines: 20), mark(3, lines: 5)], .grown(covered: [10, 20, 0])),
      ([mark(1, lines: 9), mark(2, lines: 20)], .stale),
      ([mark(1, build: 8, lines: 10), mark(2, lines: 20)], .stale),
      ([mark(1, lines: 10, inode: 2), mark(2, lines: 20)], .stale),
      ([mark(1, lines: 10)], .stale),
    ])
  func standing(now: [IndexMark], expected: Staleness.Standing) {
    #expect(Staleness.standing(of: Self.was, on: now) == expected)
  }
}
