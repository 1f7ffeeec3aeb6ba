import PomoCore
import PomoPlatform

/// Text output for a locale that is not UTF-8: whatever passes has nothing outside ASCII (see
/// `TextLayout.ascii`). pomo's own glyphs are chosen by `DisplayStyle.unicode` before this;
/// what it catches is text people wrote, such as a phase named in another script.
public final class ASCIIOutput: TextOutput {
  public let base: any TextOutput
  public init(_ base: any TextOutput) { self.base = base }
  public func write(_ text: String) { base.write(TextLayout.ascii(text)) }
  public var isClosed: Bool { base.isClosed }
}
