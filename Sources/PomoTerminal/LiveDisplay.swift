import PomoCore
import PomoPlatform

/// The live status line on a terminal, redrawn in place, with finished phases scrolling above.
public final class LiveDisplay: SessionListener {
  package let output: any TextOutput
  public var width: Int
  package let style: DisplayStyle
  package let clockTime: (Double) -> String
  package let keyHint: Bool
  private var lastLine: String?
  /// Columns the last drawn line took, to clear it after the terminal narrows and rewraps it.
  private var lastWidth = 0
  public private(set) var barCells = 40

  public init(
    output: any TextOutput, width: Int, style: DisplayStyle, keyHint: Bool, clockTime: @escaping (Double) -> String
  ) {
    self.output = output
    self.width = width
    self.style = style
    self.keyHint = keyHint
    self.clockTime = clockTime
  }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var text = ""
    for event in events {
      switch event {
      case .sessionStarted:
        var head = PlanText.header(engine.plan)
        let hint = " \(style.dot) space pause, s skip, + 1 min, q quit"
        if keyHint && TextLayout.width(head + hint) < width { head += hint }
        let cut = TextLayout.truncate(head, width - 1, unicode: style.unicode)
        text += ANSI.hideCursor + ANSI.paint(cut, ANSI.dim, when: style.color) + "\n"
      case .phaseEnded, .slept:
        if let line = EventText.line(event, engine, clockTime: clockTime) {
          let cut = TextLayout.truncate(line, width - 1, unicode: style.unicode)
          text += ANSI.clearLine + ANSI.paint(cut, ANSI.dim, when: style.color) + "\n"
          lastLine = nil
        }
      case .sessionEnded:
        text += ANSI.clearLine + SessionSummary.render(engine, width: width, unicode: style.unicode) + ANSI.showCursor
        lastLine = nil
      default:
        break
      }
    }
    if let snapshot = engine.snapshot {
      let rendered = StatusLine.render(snapshot, width: width, style: style)
      barCells = rendered.barCells
      if rendered.text != lastLine {
        text += "\r" + rendered.text + "\u{1B}[K"
        lastLine = rendered.text
        lastWidth = TextLayout.width(ANSI.strip(rendered.text))
      }
    }
    if !text.isEmpty { output.write(text) }
  }

  /// Before the process stops (Ctrl-Z) or exits early: clear the line and show the cursor.
  public func release() {
    output.write(ANSI.clearLine + ANSI.showCursor)
    lastLine = nil
  }

  /// After `fg`: draw everything again.
  public func invalidate() {
    output.write(ANSI.hideCursor)
    lastLine = nil
  }

  /// After SIGWINCH: a narrower terminal rewraps the old line over several rows; clear them.
  public func resize(to columns: Int) {
    if columns < width && lastWidth > columns {
      let rows = (lastWidth - 1) / max(1, columns)
      output.write("\r\u{1B}[\(rows)A\u{1B}[J")
    }
    width = columns
    invalidate()
  }
}
