import Foundation
import PomoTestSupport
import Testing

/// A terminal screen reduced to what wrapping needs: the cursor, and how often a line ran past
/// the last column and wrapped onto a new row.
struct WrappingScreen {
  let columns: Int
  var row = 0
  var column = 0
  var wraps = 0

  mutating func feed(_ text: String) {
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\u{1B}":
        guard let next = scalars.next() else { continue }
        if next == "]" {
          // An OSC string (the window title): shown nowhere on the screen; ends with BEL or ESC \.
          while let c = scalars.next(), c != "\u{07}" {
            if c == "\u{1B}" {
              _ = scalars.next()
              break
            }
          }
          continue
        }
        guard next == "[" else { continue }
        var parameters = ""
        while let c = scalars.next() {
          if (0x40...0x7E).contains(c.value) {
            if c == "A" { row -= Int(parameters) ?? 1 }
            break
          }
          parameters.unicodeScalars.append(c)
        }
      case "\r": column = 0
      case "\n": row += 1
      default:
        let width = oracleWidth(String(scalar))
        if column + width > columns {
          wraps += 1
          row += 1
          column = 0
        }
        column += width
      }
    }
  }
}

@Suite("End to end: text from files", .endToEnd)
struct EndToEndTextTests {
  @Test(
    "a 24-character CJK phase name does not wrap at 80 columns, and an escape sequence in a name (C1 CSI, which presets let through) shows as ^["
  )
  func wideAndHostileNames() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let preset = try home.write(
      "wide.json",
      #"{"round": [{"name": "集中作業時間集中作業時間集中作業時間集中作業時間", "kind": "work", "duration": "2s"}, {"name": "\u009b2J\u009b31mboom", "kind": "rest", "duration": "1s"}]}"#
    )
    let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    let pty = try PseudoTerminal(["start", preset], environment: environment, columns: 80)
    #expect(await pty.waitForExit() == 0)
    var screen = WrappingScreen(columns: 80)
    screen.feed(pty.text)
    #expect(screen.wraps == 0)
    // The line was redrawn many times, in place: the screen gained only the lines printed.
    #expect(pty.text.components(separatedBy: "集中作業").count > 3)
    #expect(screen.row == pty.text.filter { $0 == "\n" || $0 == "\r\n" }.count)
    #expect(pty.visible.contains("^[[2J^[[31mboom"))
    #expect(!pty.text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    #expect(!pty.text.contains("\u{1B}[2J"))
  }
}
