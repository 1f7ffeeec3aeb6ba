import PomoJournal
/// The special sessions and what each adds to the table. Read from the cache file as bytes,
/// each decoded only when a line about its session arrives: a journal with 10,000 corrected
/// sessions does not build them all for every report.
struct Specials: Sendable {
  /// Each session's id prefix and what it adds, encoded.
  private var all: [UInt64: (prefix: UInt64, bytes: ArraySlice<UInt8>)] = [:]
  /// Whether one read back from the file could not be decoded.
  private(set) var damaged = false

  init() {}

  func contains(_ hash: UInt64) -> Bool { all[hash] != nil }

  /// What a session added, decoded.
  mutating func adds(_ hash: UInt64) -> DayTable.Changes? {
    guard let raw = all[hash] else { return nil }
    guard let adds = Self.decode(raw.bytes) else {
      damaged = true
      return nil
    }
    return adds
  }

  mutating func set(_ hash: UInt64, prefix: UInt64, adds: DayTable.Changes) {
    all[hash] = (prefix, Self.encode(adds)[...])
  }

  func encode(into out: inout CacheWriter) {
    out.put(Int64(all.count))
    for (hash, raw) in all.sorted(by: { $0.key < $1.key }) {
      out.put(hash)
      out.put(raw.prefix)
      out.put(Int64(raw.bytes.count))
      out.put(bytes: Array(raw.bytes))
    }
  }

  /// Reads the list: each entry's hash, prefix and bytes, not yet decoded.
  init?(_ input: inout CacheReader) {
    guard let count = input.int(), count >= 0, count <= input.remaining / 24 else { return nil }
    for _ in 0..<count {
      guard let hash = input.word(), let prefix = input.word(), let bytes = input.block() else { return nil }
      all[hash] = (prefix, bytes)
    }
  }

  /// A special session's adds as a table's names, rows, shares and hours.
  private static func encode(_ adds: DayTable.Changes) -> [UInt8] {
    var table = DayTable()
    table.apply([adds])
    var out = CacheWriter(magic: [])
    DayTotals.put(table.names, into: &out)
    out.put(raw: table.rows)
    out.put(raw: table.shares)
    out.put(raw: table.hours)
    return out.bytes
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> DayTable.Changes? {
    var input = CacheReader(bytes)
    guard let names = DayTotals.names(from: &input),
      let rows = input.raw(DayTable.Row.self),
      let shares = input.raw(DayTable.Share.self),
      let hours = input.raw(DayTable.HourCell.self),
      input.atEnd, shares.allSatisfy({ $0.name >= 0 && Int($0.name) < names.count })
    else { return nil }
    return DayTable.Changes(names: names, rows: rows, shares: shares, hours: hours)
  }
}
