/// Collects text in memory; tests read `text` afterwards.
package final class TextBuffer: TextOutput {
  package private(set) var text = ""
  package init() {}
  package func write(_ text: String) { self.text += text }
}
