import Foundation

/// A TZif file (RFC 8536, version 2) of a zone of a test's own, to put in a `TZDIR`: its
/// changes (instant and the type from then on), its types (offset east of UTC, DST or not,
/// abbreviation) and an optional POSIX rule for after the last change.
package struct TZifFile {
  package var changes: [(at: Int64, type: Int)]
  package var types: [(offset: Int32, dst: Bool, name: String)]
  package var footer = ""

  package init(
    changes: [(at: Int64, type: Int)], types: [(offset: Int32, dst: Bool, name: String)], footer: String = ""
  ) {
    self.changes = changes
    self.types = types
    self.footer = footer
  }

  package var bytes: [UInt8] {
    var names: [UInt8] = []
    var places: [UInt8] = []
    for type in types {
      places.append(UInt8(names.count))
      names += Array(type.name.utf8) + [0]
    }
    func be<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
    func block(wide: Bool) -> [UInt8] {
      var out = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
      for count in [0, 0, 0, changes.count, types.count, names.count] { out += be(UInt32(count)) }
      for change in changes { out += wide ? be(change.at) : be(Int32(clamping: change.at)) }
      out += changes.map { UInt8($0.type) }
      for (k, type) in types.enumerated() { out += be(type.offset) + [type.dst ? 1 : 0, places[k]] }
      return out + names
    }
    return block(wide: false) + block(wide: true) + Array("\n\(footer)\n".utf8)
  }

  /// Writes it as `name` (e.g. "Test/Shift") under `folder`, the TZDIR.
  package func write(_ name: String, in folder: String) throws {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
