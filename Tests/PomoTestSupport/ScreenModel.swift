/// A tiny terminal for tests: enough of VT100 to know what a person would see after a
/// display's output (cursor moves, erases, the alternate screen), independent of the code
/// under test.
package struct ScreenModel {
  package private(set) var columns: Int
  package private(set) var rows: Int
  private var normal: [[Character]]
  private var alternate: [[Character]]
  package private(set) var onAlternate = false
  private var row = 0
  private var column = 0
  /// The cursor saved on entering the alternate screen, restored on leaving it.
  private var saved = (0, 0)

  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    normal = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    alternate = normal
  }

  private var cells: [[Character]] {
    get { onAlternate ? alternate : normal }
    set { if onAlternate { alternate = newValue } else { normal = newValue } }
  }

  /// The screen's rows, spaces at their ends dropped.
  package var lines: [String] {
    cells.map { line in
      var text = String(line)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  package var text: String { lines.joined(separator: "\n") }

  private mutating func newline() {
    if row == rows - 1 {
      var c = cells
      c.removeFirst()
      c.append(Array(repeating: " ", count: columns))
      cells = c
    } else {
      row += 1
    }
  }

  package mutating func feed(_ output: String) {
    let scalars = Array(output.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      i += 1
      switch s {
      case "\u{1B}":
        guard i < scalars.count else { return }
        let kind = scalars[i]
        i += 1
        if kind == "[" {
          var params = ""
          while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
            params.unicodeScalars.append(scalars[i])
            i += 1
          }
          guard i < scalars.count else { return }
          let final = scalars[i]
          i += 1
          csi(params, final)
        } else if kind == "]" || kind == "P" {
          // OSC and DCS strings: up to BEL or ST; nothing visible.
          while i < scalars.count {
            if scalars[i] == "\u{07}" {
              i += 1
              break
            }
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "\\" {
              i += 2
              break
            }
            if kind == "P", scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "\u{1B}" { i += 1 }
            i += 1
          }
        }
      case "\r": column = 0
      case "\n": newline()
      case "\u{07}", "\u{08}": break
      default:
        if column >= columns {
          column = 0
          newline()
        }
        var c = cells
        c[row][column] = Character(s)
        cells = c
        column += 1
      }
    }
  }

  private mutating func csi(_ params: String, _ final: Unicode.Scalar) {
    let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func n(_ i: Int, _ fallback: Int) -> Int { numbers.indices.contains(i) ? numbers[i] ?? fallback : fallback }
    switch final {
    case "H":
      row = min(rows - 1, max(0, n(0, 1) - 1))
      column = min(columns - 1, max(0, n(1, 1) - 1))
    case "A": row = max(0, row - n(0, 1))
    case "K":
      var c = cells
      for x in column..<columns { c[row][x] = " " }
      cells = c
    case "J":
      var c = cells
      if n(0, 0) == 2 {
        c = Array(repeating: Array(repeating: " ", count: columns), count: rows)
      } else {
        for x in column..<columns { c[row][x] = " " }
        for y in (row + 1)..<rows { c[y] = Array(repeating: " ", count: columns) }
      }
      cells = c
    case "h" where params == "?1049":
      if !onAlternate {
        saved = (row, column)
        onAlternate = true
        alternate = Array(repeating: Array(repeating: " ", count: columns), count: rows)
      }
    case "l" where params == "?1049":
      if onAlternate { (row, column) = saved }
      onAlternate = false
    default:
      break
    }
  }
}

extension ScreenModel {
  /// The window resized, as terminals do it: with `reflow` (tmux, VTE, kitty) a line that had
  /// wrapped (its row filled to the last column) is joined again and wrapped at the new width,
  /// the cursor moving with its cell; without (xterm) each row is cut or padded. Rows that no
  /// longer fit go off the top, as into the scrollback.
  package mutating func resize(columns newColumns: Int, rows newRows: Int, reflow: Bool) {
    let old = cells
    var lines: [[Character]] = []
    var cursorLine = 0
    var cursorOffset = 0
    if reflow {
      var current: [Character] = []
      for (y, line) in old.enumerated() {
        if y == row {
          cursorLine = lines.count
          cursorOffset = current.count + column
        }
        current += line
        if line.last != " " && y < old.count - 1 { continue }
        while current.last == " " { current.removeLast() }
        lines.append(current)
        current = []
      }
    } else {
      lines = old
      cursorLine = row
      cursorOffset = min(column, newColumns - 1)
    }
    var screen: [[Character]] = []
    var cursor = (0, 0)
    for (i, line) in lines.enumerated() {
      if i == cursorLine {
        let offset = reflow ? cursorOffset : min(cursorOffset, newColumns - 1)
        cursor = (screen.count + offset / newColumns, offset % newColumns)
      }
      let chunks = reflow ? Swift.max(1, (line.count + newColumns - 1) / newColumns) : 1
      for c in 0..<chunks {
        let part = Array(line.dropFirst(c * newColumns).prefix(newColumns))
        screen.append(part + Array(repeating: " ", count: newColumns - part.count))
      }
    }
    // Blank rows below the cursor go first; then rows off the top.
    while screen.count > newRows && screen.count - 1 > cursor.0 && screen.last!.allSatisfy({ $0 == " " }) {
      screen.removeLast()
    }
    let dropped = Swift.max(0, screen.count - newRows)
    screen.removeFirst(dropped)
    while screen.count < newRows { screen.append(Array(repeating: " ", count: newColumns)) }
    columns = newColumns
    rows = newRows
    cells = screen
    row = Swift.min(newRows - 1, Swift.max(0, cursor.0 - dropped))
    column = Swift.min(newColumns - 1, cursor.1)
  }
}
