import PomoCore

/// How a session is named on the command line by its id, and known by the hash of it.
package enum SessionID {
  /// The fewest characters of an id that name a session, as git asks of an abbreviated
  /// commit: a slip of one key (`pomo edit 5`) must not pick a session at random.
  package static let shortestPrefix = 4

  /// Whether `text` is too short to be taken as a prefix (`last` and a whole short id still are).
  package static func isTooShort(_ text: String) -> Bool { text != "last" && text.count < shortestPrefix }

  /// Whether sorted `hashes` holds `hash`.
  package static func contains(_ hashes: [UInt64], _ hash: UInt64) -> Bool {
    let k = SortedSearch.firstIndex(in: hashes, notBelow: hash)
    return k < hashes.count && hashes[k] == hash
  }
}
