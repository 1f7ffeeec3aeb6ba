import PomoCore

/// The escape sequences that carry a session's state past the status line: the window title
/// (OSC 2), notifications (OSC 777, OSC 9, kitty's OSC 99) and progress in the tab (OSC 9;4).
///
/// Pure functions of their text. Every text is made inert first, so a phase name cannot end a
/// sequence early or start one of its own: no C0 or C1 control (ESC, BEL, ST) is left in it.
package enum TerminalSequence {
  /// The string terminator, ESC \.
  package static let st = "\u{1B}\\"
  /// Saves the window title on the terminal's stack (xterm's XTWINOPS 22).
  package static let pushTitle = "\u{1B}[22;0t"
  /// Restores the title saved by `pushTitle` (XTWINOPS 23).
  package static let popTitle = "\u{1B}[23;0t"

  /// How a notification is written.
  package enum NotifyKind: Equatable, Sendable {
    /// `OSC 777 ; notify ; title ; body`: urxvt, foot, WezTerm, Ghostty, VTE.
    case osc777
    /// `OSC 9 ; text`: iTerm2, WezTerm, Ghostty, kitty. One text only: title and body joined.
    case osc9
    /// kitty's `OSC 99`, title and body as two chunks of one notification.
    case kitty
  }

  /// The state the tab's progress shows (OSC 9;4 as Windows Terminal, ConEmu and Ghostty read it).
  package enum Progress: Equatable, Sendable {
    case normal(Int)
    case paused(Int)
    case clear
  }

  /// Text safe inside any OSC: control characters shown as `^X`, the way pomo shows them everywhere.
  package static func inert(_ text: String) -> String { TextLayout.inert(text) }

  package static func title(_ text: String) -> String {
    "\u{1B}]2;" + inert(text) + st
  }

  package static func notify(_ kind: NotifyKind, title: String, body: String) -> String {
    let title = inert(title)
    let body = inert(body)
    switch kind {
    case .osc777:
      // The title ends at the first ';'; the body is the rest.
      return "\u{1B}]777;notify;" + title.replacingSemicolons() + ";" + body + st
    case .osc9:
      // A text starting with a digit and ';' would read as one of ConEmu's OSC 9 commands.
      let text = body.isEmpty ? title : title + ": " + body
      let safe = text.first?.isNumber == true ? "pomo: " + text : text
      return "\u{1B}]9;" + safe + st
    case .kitty:
      // d=0: more chunks follow; p= says which part the payload is. Payloads may hold ';' and ':'.
      return "\u{1B}]99;i=pomo:d=0:p=title;" + title + st + "\u{1B}]99;i=pomo:d=1:p=body;" + body + st
    }
  }

  package static func progress(_ state: Progress) -> String {
    switch state {
    case .normal(let percent): "\u{1B}]9;4;1;\(min(100, max(0, percent)))" + st
    case .paused(let percent): "\u{1B}]9;4;4;\(min(100, max(0, percent)))" + st
    case .clear: "\u{1B}]9;4;0;0" + st
    }
  }

  /// A sequence wrapped for tmux to pass to the terminal outside it (`allow-passthrough on`):
  /// `ESC P tmux; … ESC \`, with every ESC inside doubled.
  package static func tmuxPassthrough(_ sequence: String) -> String {
    var inner = ""
    for scalar in sequence.unicodeScalars {
      if scalar == "\u{1B}" { inner.unicodeScalars.append(scalar) }
      inner.unicodeScalars.append(scalar)
    }
    return "\u{1B}Ptmux;" + inner + st
  }

  /// The window title for a moment of a session: `WORK 12:34 focus`, `PAUSED 12:34 focus`, or
  /// `WORK +0:42 focus` while the phase waits in overtime.
  package static func titleText(_ s: SessionSnapshot, unicode: Bool) -> String {
    let badge = s.paused ? "PAUSED" : s.phase.kind.rawValue.uppercased()
    let time = s.overtime.map(TimeText.overtime) ?? TimeText.countdown(s.remaining)
    return "\(badge) \(time) \(TextLayout.truncate(TextLayout.inert(s.phase.name), 40, unicode: unicode))"
  }

  /// The tab's progress for a moment of a session: the phase's percentage.
  package static func progressState(_ s: SessionSnapshot) -> Progress {
    let percent = s.overtime == nil ? Int((s.fraction * 100).rounded(.down)) : 100
    return s.paused ? .paused(percent) : .normal(percent)
  }
}

extension String {
  fileprivate func replacingSemicolons() -> String {
    String(unicodeScalars.map { $0 == ";" ? "," : Character($0) })
  }
}
