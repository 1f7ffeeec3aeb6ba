/// Collects text in memory; tests read `text` afterwards.
public final class TextBuffer: TextOutput {
  public private(set) var text = ""
  public init() {}
  public func write(_ text: String) { self.text += text }
}
