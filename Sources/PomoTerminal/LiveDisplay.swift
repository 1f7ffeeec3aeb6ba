import PomoCore
import PomoPlatform

/// The live status line on a terminal, redrawn in place, with finished phases scrolling above.
///
/// After a resize nothing on the screen can be trusted: a line drawn at the old width may now
/// take several rows (the terminal rewrapped it) or one row cut short (it did not), and the
/// cursor may have moved with it. So the display clears the screen and draws what it owns
/// again, laid out for the new width: the header, the finished phases (the latest, as many as
/// fit) and the live line.
package final class LiveDisplay: SessionListener {
  package let output: any TextOutput
  package private(set) var width: Int
  /// The terminal's height, when known: how many finished phases a redraw has room for.
  package private(set) var rows: Int?
  package let style: DisplayStyle
  package let clockTime: (Double) -> String
  /// Whether keys are read, so the header and the live line may say which to press.
  package let keyHint: Bool
  private var lastLine: String?
  /// The plan the header speaks of, set when the session starts.
  private var plan: Plan?
  /// The time `+` and `pomo extend` added, which the header's total includes.
  private var added: Duration = .zero
  /// The key hints for this plan (with `enter go on` when phases wait for confirmation).
  private var hints = KeyHints.full(confirm: false)
  /// The finished phases' lines, uncut, to draw again after a resize.
  private var finished: [String] = []
  /// Set by a resize: the next update clears the screen and draws everything.
  private var needsRedraw = false
  private var ended = false
  package private(set) var barCells = 40

  package init(
    output: any TextOutput, width: Int, style: DisplayStyle, keyHint: Bool, clockTime: @escaping (Double) -> String
  ) {
    self.output = output
    self.width = width
    self.style = style
    self.keyHint = keyHint
    self.clockTime = clockTime
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var text = ""
    if needsRedraw && !ended {
      text += redraw()
      needsRedraw = false
    }
    for event in events {
      switch event {
      case .sessionStarted:
        plan = engine.plan
        hints = KeyHints.full(engine.plan)
        text += ANSI.hideCursor + headerLine() + "\n"
      case .extended:
        // The header's total follows the time added: the screen is drawn again with it.
        let before = headerLine()
        plan = engine.plan
        added = engine.added
        if !ended, headerLine() != before { text += redraw() }
      case .phaseEnded, .slept, .answered, .away, .back, .awayAsking, .awayDecided:
        if let line = EventText.line(event, engine, clockTime: clockTime) {
          finished.append(line)
          text += ANSI.clearLine + dimmed(phaseLine: line) + "\n"
          lastLine = nil
        }
      case .sessionEnded:
        text += ANSI.clearLine + SessionSummary.render(engine, width: width, unicode: style.unicode) + ANSI.showCursor
        lastLine = nil
        ended = true
      default:
        break
      }
    }
    if let snapshot = engine.snapshot {
      let waits = snapshot.overtime != nil
      let counting = waits ? nil : KeyHints.counting(snapshot, keys: keyHint)
      let rendered = StatusLine.render(
        snapshot, width: width, style: style,
        hint: waits ? KeyHints.waiting(keys: keyHint, open: snapshot.phase.open) : counting?.full,
        shortHint: waits ? KeyHints.waitingShort(keys: keyHint, open: snapshot.phase.open) : counting?.short)
      barCells = rendered.barCells
      if rendered.text != lastLine {
        text += "\r" + rendered.text + "\u{1B}[K"
        lastLine = rendered.text
      }
    }
    if !text.isEmpty { output.write(text) }
  }

  /// The header with as much of the key hints as fits: all of them, or `? keys`.
  /// Where the line is narrow, "N phases" goes first, then the hints, and the total stays whole.
  private func headerLine() -> String {
    guard let plan else { return "" }
    let room = width - 1
    let heads = PlanText.headers(plan, added: added, room: room, unicode: style.unicode)
    let line = KeyHints.header(
      heads, hints: keyHint ? hints : nil, room: room, separator: " \(style.dot) ", unicode: style.unicode)
    return dimmed(line)
  }

  private func dimmed(_ line: String) -> String {
    ANSI.paint(TextLayout.truncate(line, width - 1, unicode: style.unicode), ANSI.dim, when: style.color)
  }

  /// A line of the phase log, fitted so that the phase's name stays longest.
  private func dimmed(phaseLine line: String) -> String {
    ANSI.paint(PhaseLogLine.fit(line, room: width - 1, unicode: style.unicode), ANSI.dim, when: style.color)
  }

  /// The screen cleared and drawn again at the current size; the live line follows.
  private func redraw() -> String {
    guard plan != nil else { return "" }
    var text = "\u{1B}[H\u{1B}[2J" + headerLine() + "\n"
    // The header, the finished phases and the live line: when they are more than the rows,
    // the latest phases are kept, so nothing scrolls the header away.
    let room = rows.map { max(0, $0 - 2) } ?? finished.count
    for line in finished.suffix(room) { text += dimmed(phaseLine: line) + "\n" }
    lastLine = nil
    return text
  }

  /// `?` or `h`: the keys, printed above the live line, for a header too narrow to list them.
  package func showKeys() {
    guard !ended else { return }
    let lines = KeyHints.list(hints, width: width).map { ANSI.clearLine + dimmed($0) + "\n" }
    output.write("\r" + lines.joined())
    lastLine = nil
  }

  /// Before the process stops (Ctrl-Z) or exits early: clear the line and show the cursor.
  package func release() {
    output.write(ANSI.clearLine + ANSI.showCursor)
    lastLine = nil
  }

  /// After `fg`: draw everything again.
  package func invalidate() {
    output.write(ANSI.hideCursor)
    lastLine = nil
  }

  /// After SIGWINCH: the next update draws the whole display again at the new size.
  package func resize(to columns: Int, rows: Int? = nil) {
    width = columns
    if let rows { self.rows = rows }
    needsRedraw = true
    invalidate()
  }
}
