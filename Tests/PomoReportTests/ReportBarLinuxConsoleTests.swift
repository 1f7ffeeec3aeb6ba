import Testing

@testable import PomoReport
@testable import PomoCore

@Suite("Report bars the Linux console can draw")
struct ReportBarLinuxConsoleTests {
  @Test("TERM=linux: the report's bars are whole cells of █, never the eighth blocks")
  func linuxConsole() {
    let style = DisplayStyle.resolve(color: nil, environment: ["TERM": "linux", "LANG": "C.UTF-8"], isTerminal: true)
    #expect(style.unicode && !style.partialBlocks)
    for step in 0...160 {
      let fraction = Double(step) / 160
      let report = ANSI.strip(ReportText.bar(fraction, width: 20, style: style))
      #expect(Set(report).isSubset(of: ["█", " "]), "\(fraction): \(report)")
    }
  }
}
