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
    render(rows: rows.count, width: width, unicode: unicode) { rows[$0][$1] }
  }

  /// The same, with `count` rows whose cells `cell(row, column)` gives (the free text is the
  /// cell after the columns): a table of a million rows need not hold an array for each.
  package func render(rows count: Int, width: Int, unicode: Bool, cell: (_ row: Int, _ column: Int) -> String)
    -> String
  {
    let n = columns.count
    let perRow = free == nil ? n : n + 1
    // Each cell measured once, in one pass over the rows (a log of a million sessions has
    // seven million): its width where it is plain ASCII, written as it is; else -1, and it is
    // made inert and measured by its characters where it is written.
    var plainWidths = [Int32](repeating: -1, count: count * perRow)
    var widths = columns.map { TextLayout.width($0.header) }
    var freeWidth = free.map(TextLayout.width) ?? 0
    for r in 0..<count {
      for c in 0..<perRow {
        let text = cell(r, c)
        var width = text.utf8.count
        if TextLayout.isPlainASCII(text) {
          plainWidths[r * perRow + c] = Int32(clamping: width)
        } else {
          width = TextLayout.width(text)
        }
        if c < n { widths[c] = max(widths[c], width) } else { freeWidth = max(freeWidth, width) }
      }
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
    let layout = Layout(
      widths: widths, freeBelow: freeBelow, room: limit - used() - gap, limit: limit, unicode: unicode)

    // Written as bytes: a log of a million sessions is a million lines. Room for them all
    // at once, where a growing array would copy them several times.
    var out: [UInt8] = []
    out.reserveCapacity((count + 1) * max(0, used() + gap + min(freeWidth, layout.room, 32) + 1))
    let header = columns.map(\.header) + (free.map { [$0] } ?? [])
    write(line: { header[$0] }, plainWidth: { _ in -1 }, layout, into: &out)
    for r in 0..<count {
      write(line: { cell(r, $0) }, plainWidth: { plainWidths[r * perRow + $0] }, layout, into: &out)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// How the lines of a table are laid out: each column's width, and where the free text goes.
  private struct Layout {
    var widths: [Int]
    /// Whether the free text has lines of its own, under its row.
    var freeBelow: Bool
    /// The columns the free text has on its row.
    var room: Int
    var limit: Int
    var unicode: Bool
  }

  /// Writes a row's line (and its free text's lines under it) into `out`: its cells by
  /// `line(column)`, each plain ASCII one's width by `plainWidth(column)` (-1 for another).
  private func write(
    line: (Int) -> String, plainWidth: (Int) -> Int32, _ layout: Layout, into out: inout [UInt8]
  ) {
    let n = columns.count
    let start = out.count
    for c in 0..<n {
      if c > 0 { Self.put(Self.gap, into: &out) }
      var text = line(c)
      let plain = Int(plainWidth(c))
      var width = plain
      // A plain cell that fits is written as it is; another is made inert, measured and cut.
      if plain < 0 || plain > layout.widths[c] {
        text = TextLayout.inert(text)
        width = TextLayout.width(text)
        if width > layout.widths[c] {
          switch columns[c].cut {
          case .never: break
          case .end: text = TextLayout.truncate(text, layout.widths[c], unicode: layout.unicode)
          case .start: text = Self.truncateStart(text, layout.widths[c], unicode: layout.unicode)
          }
          width = TextLayout.width(text)
        }
      }
      let padding = max(0, layout.widths[c] - width)
      if !columns[c].alignLeft { out.append(contentsOf: repeatElement(0x20, count: padding)) }
      Self.put(text, into: &out)
      if columns[c].alignLeft { out.append(contentsOf: repeatElement(0x20, count: padding)) }
    }
    let freeText = free == nil ? "" : line(n)
    guard !freeText.isEmpty else {
      Self.trim(&out, from: start)
      return out.append(0x0A)
    }
    if layout.freeBelow {
      Self.trim(&out, from: start)
      out.append(0x0A)
      let below = TextLayout.wrap(
        TextLayout.inert(freeText), width: max(layout.limit, Self.indent + 10), indent: Self.indent,
        hanging: Self.indent)
      Self.put(below, into: &out)
      return out.append(0x0A)
    }
    Self.put(Self.gap, into: &out)
    Self.put(TextLayout.truncate(freeText, layout.room, unicode: layout.unicode), into: &out)
    out.append(0x0A)
  }

  /// Appends the text's bytes in one copy (appending `text.utf8` takes a slower, general path).
  private static func put(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { out.append(contentsOf: $0) }
  }

  /// Takes the spaces and tabs off both ends of the line that starts at `start`.
  private static func trim(_ out: inout [UInt8], from start: Int) {
    while out.count > start, out.last == 0x20 || out.last == 0x09 { out.removeLast() }
    let lead = out[start...].prefix { $0 == 0x20 || $0 == 0x09 }.count
    if lead > 0 { out.removeSubrange(start..<start + lead) }
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
