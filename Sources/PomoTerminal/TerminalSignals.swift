import PomoCore
import PomoPlatform

/// Keeps the window title and the tab's progress in step with a live session, and puts them
/// back when it ends. Writes only when the text would change, so a tick that changes nothing
/// shown costs a string compare.
package final class TerminalSignals: SessionListener {
  package let output: any TextOutput
  package let settings: TerminalSignalSettings
  package let unicode: Bool
  private var lastTitle: String?
  private var lastProgress: TerminalSequence.Progress?
  private var titlePushed = false

  package init(output: any TextOutput, settings: TerminalSignalSettings, unicode: Bool) {
    self.output = output
    self.settings = settings
    self.unicode = unicode
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    if events.contains(where: { if case .sessionEnded = $0 { true } else { false } }) {
      release()
      return
    }
    guard let snapshot = engine.snapshot else { return }
    var text = ""
    if settings.title {
      if !titlePushed {
        text += TerminalSequence.pushTitle
        titlePushed = true
      }
      let title = TerminalSequence.titleText(snapshot, unicode: unicode)
      if title != lastTitle {
        text += TerminalSequence.title(title)
        lastTitle = title
      }
    }
    if settings.progress {
      let progress = TerminalSequence.progressState(snapshot)
      if progress != lastProgress {
        text += settings.wrapped(TerminalSequence.progress(progress))
        lastProgress = progress
      }
    }
    if !text.isEmpty { output.write(text) }
  }

  /// Puts the title and the tab back: an empty title for terminals without a title stack, then
  /// the saved one for those with it; the progress cleared.
  package func release() {
    var text = ""
    if titlePushed {
      text += TerminalSequence.title("") + TerminalSequence.popTitle
      titlePushed = false
    }
    if lastProgress != nil {
      text += settings.wrapped(TerminalSequence.progress(.clear))
    }
    lastTitle = nil
    lastProgress = nil
    if !text.isEmpty { output.write(text) }
  }
}
