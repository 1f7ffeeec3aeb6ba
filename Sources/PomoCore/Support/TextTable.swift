/// A table of columns, then one free-text column (a description, the tags), laid out in a width.
///
/// Where the width has no limit (output to a pipe or a file without `COLUMNS`) every cell is
/// whole, so `grep` and `cut` see every field. Where it has one, the columns that may be cut
/// are narrowed, widest first and never below their floor, each cut cell ending in an
/// ellipsis; the free-text column takes what is left of the line, and where too little is left
/// it moves to a line of its own under its row, wrapped there, so no column ever vanishes.
package struct TextTable {
  /// Which end of a cell a cut keeps.
  package enum Cut: Sendable {
    /// Never cut: the column is as wide as its widest cell.
    case never
    /// Keeps the start: names. Cut first to `soft` columns, then, where the line needs it, down
    /// to `floor`.
    case end(soft: Int, floor: Int)
    /// Keeps the end: paths, whose file name says the most.
    case start(soft: Int, floor: Int)
  }

  package struct Column: Sendable {
    package var header: String
    package var alignLeft: Bool
    package var cut: Cut

    package init(_ header: String, alignLeft: Bool = true, cut: Cut = .never) {
      self.header = header
      self.alignLeft = alignLeft
      self.cut = cut
    }

    var limits: (soft: Int, floor: Int)? {
      switch cut {
      case .never: nil
      case .end(let soft, let floor), .start(let soft, let floor): (soft, floor)
      }
    }
  }

  package var columns: [Column]
  /// The free-text column's header (nil: none).
  package var free: String?
  /// The fewest columns the free text may have on its row; with fewer it goes under the row.
  package var freeFloor: Int

  package init(_ columns: [Column], free: String? = nil, freeFloor: Int = 12) {
    self.columns = columns
    self.free = free
    self.freeFloor = freeFloor
  }

  /// The gap between columns.
  static let gap = "  "
  /// Where the free text starts when it has a line of its own.
  static let indent = 4

  /// The table's lines, each ending in a newline: the header, then a line per row (and its free
  /// text under it where the width needs that). A row has a cell per column, then the free text
  /// (when the table has a free column). Lines are at most `width - 1` columns where the
  /// columns' floors allow, so a terminal never wraps them.
  package func render(_ rows: [[String]], width: Int, unicode: Bool) -> String {
    let n = columns.count
    // Measured in one pass over the rows: a log of a million sessions has seven million
    // cells. A cell is made inert where it is written (`width` measures it so already).
    var widths = columns.map { TextLayout.width($0.header) }
    var freeWidth = free.map(TextLayout.width) ?? 0
    for row in rows {
      for c in 0..<n { widths[c] = max(widths[c], TextLayout.width(row[c])) }
      if free != nil { freeWidth = max(freeWidth, TextLayout.width(row[n])) }
    }
    let limit = width - 1
    let natural = widths
    func used() -> Int { widths.reduce(0, +) + Self.gap.count * (n - 1) }
    /// Narrows the widest column that may be cut, never below `bound`, until the line leaves
    /// `free` columns for the free text.
    func narrow(leaving free: Int, bound: (_ soft: Int, _ floor: Int) -> Int) {
      while used() + free > limit {
        let candidates = (0..<n).filter { c in columns[c].limits.map { widths[c] > bound($0.soft, $0.floor) } ?? false }
        guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return }
        widths[widest] -= 1
      }
    }
    let gap = Self.gap.count
    // First the free text whole, with names cut to their soft width; then the free text on
    // its row at its floor, with names cut to theirs.
    narrow(leaving: free == nil ? 0 : gap + freeWidth) { soft, _ in soft }
    narrow(leaving: free == nil ? 0 : gap + min(freeWidth, freeFloor)) { _, floor in floor }
    let freeBelow = free != nil && limit - used() - gap < min(freeWidth, freeFloor)
    if freeBelow {
      // The free text has lines of its own: the columns need only fit themselves.
      widths = natural
      narrow(leaving: 0) { soft, _ in soft }
      narrow(leaving: 0) { _, floor in floor }
    }
    let room = limit - used() - gap

    // Written as bytes: a log of a million sessions is a million lines. Room for them all
    // at once, where a growing array would copy them several times.
    var out: [UInt8] = []
    out.reserveCapacity((rows.count + 1) * max(0, used() + gap + min(freeWidth, room, 32) + 1))
    /// Appends the text's bytes in one copy (appending `text.utf8` takes a slower, general path).
    func put(_ text: String) {
      var text = text
      text.withUTF8 { out.append(contentsOf: $0) }
    }
    func cell(_ text: String, _ c: Int) {
      let column = columns[c]
      var text = TextLayout.inert(text)
      var width = TextLayout.width(text)
      if width > widths[c] {
        switch column.cut {
        case .never: break
        case .end: text = TextLayout.truncate(text, widths[c], unicode: unicode)
        case .start: text = Self.truncateStart(text, widths[c], unicode: unicode)
        }
        width = TextLayout.width(text)
      }
      let padding = max(0, widths[c] - width)
      if !column.alignLeft { out.append(contentsOf: repeatElement(0x20, count: padding)) }
      put(text)
      if column.alignLeft { out.append(contentsOf: repeatElement(0x20, count: padding)) }
    }
    /// Takes the spaces and tabs off both ends of the line that starts at `start`.
    func trim(from start: Int) {
      while out.count > start, out.last == 0x20 || out.last == 0x09 { out.removeLast() }
      let lead = out[start...].prefix { $0 == 0x20 || $0 == 0x09 }.count
      if lead > 0 { out.removeSubrange(start..<start + lead) }
    }
    func line(_ cells: [String]) {
      let start = out.count
      for c in 0..<n {
        if c > 0 { put(Self.gap) }
        cell(cells[c], c)
      }
      guard free != nil, !cells[n].isEmpty else {
        trim(from: start)
        return out.append(0x0A)
      }
      if freeBelow {
        trim(from: start)
        out.append(0x0A)
        let below = TextLayout.wrap(
          TextLayout.inert(cells[n]), width: max(limit, Self.indent + 10), indent: Self.indent, hanging: Self.indent)
        put(below)
        return out.append(0x0A)
      }
      put(Self.gap)
      put(TextLayout.truncate(cells[n], room, unicode: unicode))
      out.append(0x0A)
    }
    line(columns.map(\.header) + (free.map { [$0] } ?? []))
    for row in rows { line(row) }
    return String(decoding: out, as: UTF8.self)
  }

  /// `s` cut to at most `n` columns from its start, beginning with the ellipsis when it was cut.
  package static func truncateStart(_ s: String, _ n: Int, unicode: Bool) -> String {
    guard n > 0 else { return "" }
    let s = TextLayout.inert(s)
    guard TextLayout.width(s) > n else { return s }
    var kept: [Character] = []
    var used = 0
    for c in s.reversed() {
      let w = TextLayout.width(of: c)
      if used + w > n - 1 { break }
      kept.append(c)
      used += w
    }
    return TextLayout.ellipsis(unicode: unicode) + String(kept.reversed())
  }
}
