import PomoCore
import PomoPlatform

extension LiveDisplay: LiveView {}

/// `--big`: the time left in large figures filling the terminal, on the alternate screen.
///
/// The screen is a pure rendering (`BigScreen`); this writes only the rows that changed. A
/// terminal smaller than 20 x 8 gets the one-line status line instead, at the top. When the
/// session ends the normal screen comes back with the plan's head, the phases done and the
/// summary on it, as the one-line display leaves them.
package final class BigDisplay: LiveView {
  package let output: any TextOutput
  package private(set) var columns: Int
  package private(set) var rows: Int
  package let style: DisplayStyle
  package let clockTime: (Double) -> String
  package private(set) var barCells = 40
  /// What each row shows now; nil after the screen was cleared.
  private var drawn: [String]?
  /// The lines the normal screen gets at the end: the head and every phase done.
  private var history: [String] = []
  private var onAlternateScreen = false
  /// Whether keys are read, so the screen may say which to press.
  package let keyHint: Bool
  private var hints = KeyHints.full(confirm: false)
  /// After `?`: the whole list of keys, wrapped, where one row had no room for it.
  private var showingKeys = false
  private var lastEngine: SessionEngine?
  /// Warnings given as the session started (on stderr, which the alternate screen hides),
  /// shown at the bottom until the first phase ends.
  package var notices: [String] = []

  package init(
    output: any TextOutput, columns: Int, rows: Int, style: DisplayStyle, keyHint: Bool = false,
    clockTime: @escaping (Double) -> String
  ) {
    self.keyHint = keyHint
    self.output = output
    self.columns = columns
    self.rows = rows
    self.style = style
    self.clockTime = clockTime
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for event in events {
      switch event {
      case .sessionStarted:
        hints = KeyHints.full(engine.plan)
        history.append(PlanText.header(engine.plan))
        enter()
      case .phaseEnded, .slept, .answered, .away, .back, .awayAsking, .awayDecided:
        if case .phaseEnded = event { notices = [] }
        if let line = EventText.line(event, engine, clockTime: clockTime) { history.append(line) }
      case .sessionEnded:
        leave()
        let lines = history.enumerated().map { i, line in
          i == 0
            ? TextLayout.truncate(line, columns - 1, unicode: style.unicode)
            : PhaseLogLine.fit(line, room: columns - 1, unicode: style.unicode)
        }
        output.write(
          lines.map { ANSI.paint($0, ANSI.dim, when: style.color) + "\n" }.joined()
            + SessionSummary.render(engine, width: columns, unicode: style.unicode))
        return
      default:
        break
      }
    }
    lastEngine = engine
    guard let snapshot = engine.snapshot else { return }
    let next = engine.plan.phases.indices.contains(engine.index + 1) ? engine.plan.phases[engine.index + 1] : nil
    let screen: [String]
    if let big = BigScreen.render(
      snapshot, next: next, columns: columns, rows: rows, style: style, footer: footer(snapshot))
    {
      screen = big
      barCells = max(1, columns - 1)
    } else {
      let counting = KeyHints.counting(snapshot, keys: keyHint)
      let line = StatusLine.render(
        snapshot, width: columns, style: style, hint: counting?.full, shortHint: counting?.short)
      screen = [line.text] + Array(repeating: "", count: max(0, rows - 1))
      barCells = line.barCells
    }
    draw(screen)
  }

  /// The bottom rows: how to go on while a phase waits; else the keys when they fit in a row
  /// (or after `?`, wrapped), else `? keys`.
  private func footer(_ snapshot: SessionSnapshot) -> [String] {
    let room = columns - 1
    return notices.map { TextLayout.truncate($0, room, unicode: style.unicode) } + keysFooter(snapshot)
  }

  /// How to go on while a phase waits; else the keys when they fit in a row (or after `?`,
  /// wrapped), else `? keys`.
  private func keysFooter(_ snapshot: SessionSnapshot) -> [String] {
    if snapshot.overtime != nil { return [KeyHints.waiting(keys: keyHint, open: snapshot.phase.open)] }
    // A question for reps is the one thing to answer now.
    if snapshot.question != nil, let counting = KeyHints.counting(snapshot, keys: keyHint) { return [counting.full] }
    guard keyHint else { return [] }
    let room = columns - 1
    if TextLayout.width(hints) <= room { return [hints] }
    if showingKeys {
      return KeyHints.list(hints, width: columns).map { TextLayout.truncate($0, room, unicode: style.unicode) }
    }
    return [KeyHints.short]
  }

  /// `?` or `h`: the whole list of keys at the bottom, or back to `? keys`.
  package func showKeys() {
    showingKeys.toggle()
    if let lastEngine { sessionDidUpdate(lastEngine, events: []) }
  }

  /// Writes the rows that differ from what is on the screen, each from its first column.
  private func draw(_ screen: [String]) {
    var text = ""
    if drawn == nil { text += "\u{1B}[H\u{1B}[2J" }
    for (row, line) in screen.enumerated() where drawn == nil || drawn!.count != screen.count || drawn![row] != line {
      text += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
    }
    drawn = screen
    if !text.isEmpty { output.write(text) }
  }

  private func enter() {
    guard !onAlternateScreen else { return }
    onAlternateScreen = true
    drawn = nil
    output.write(ANSI.enterAlternateScreen + ANSI.hideCursor)
  }

  private func leave() {
    guard onAlternateScreen else { return }
    onAlternateScreen = false
    output.write(ANSI.reset + ANSI.leaveAlternateScreen + ANSI.showCursor)
  }

  package func release() { leave() }

  package func invalidate() {
    enter()
    drawn = nil
  }

  package func resize(to columns: Int, rows: Int?) {
    self.columns = columns
    if let rows { self.rows = rows }
    drawn = nil
  }
}
