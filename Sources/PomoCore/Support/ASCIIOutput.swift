import PomoPlatform

/// Text output for a locale that is not UTF-8: whatever passes has nothing outside ASCII (see
/// `TextLayout.ascii`). pomo's own glyphs are chosen by `DisplayStyle.unicode` before this;
/// what it catches is text people wrote, such as a phase named in another script.
package final class ASCIIOutput: TextOutput {
  package let base: any TextOutput
  package init(_ base: any TextOutput) { self.base = base }
  package func write(_ text: String) { base.write(TextLayout.ascii(text)) }
  package var isClosed: Bool { base.isClosed }
  package var failure: FileSystemError? { base.failure }
}
