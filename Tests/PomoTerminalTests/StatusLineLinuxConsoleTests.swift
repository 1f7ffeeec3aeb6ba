import Testing

@testable import PomoCore
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("StatusLine: a bar the Linux console can draw")
struct StatusLineLinuxConsoleTests {
  @Test("TERM=linux: whole cells of █ and ░, never the eighth blocks")
  func linuxConsole() {
    let style = DisplayStyle.resolve(color: nil, environment: ["TERM": "linux", "LANG": "C.UTF-8"], isTerminal: true)
    #expect(style.unicode && !style.partialBlocks)
    for step in 0...160 {
      let fraction = Double(step) / 160
      let bar = StatusLine.bar(fraction: fraction, width: 20, kind: .work, paused: false, style: style)
      #expect(bar.text.contains("\u{1B}["))  // colour is on: the glyphs are checked without it
      let text = ANSI.strip(bar.text)
      #expect(Set(text).isSubset(of: ["█", "░"]), "\(fraction): \(bar.text)")
      #expect(text.count == 20)
      #expect(text.filter { $0 == "█" }.count == Int((fraction * 20).rounded(.down)))
    }
  }

  @Test("other terminals keep the eighth blocks")
  func otherTerminals() {
    let style = DisplayStyle.resolve(
      color: nil, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"], isTerminal: true)
    #expect(style.partialBlocks)
    let bar = StatusLine.bar(fraction: 0.53, width: 10, kind: .work, paused: false, style: style)
    #expect(ANSI.strip(bar.text) == "█████▎░░░░")
  }
}
