import PomoCore
import PomoPlatform

/// A string of a journal line as `RecordScanner` read it: where its bytes lie in the line
/// when they are its text (valid UTF-8, no escape: nearly every string pomo writes), or which
/// of the line's decoded texts (`ScannedLine.decoded`) an escape made of it. Plain values
/// only, so a scanned line's phases and tags are copied as bytes.
package struct ScannedText: Equatable, Sendable, BitwiseCopyable {
  package var from: Int
  package var to: Int
  /// -1 when the bytes are the text; else the place of the text in `ScannedLine.decoded`.
  package var decoded: Int

  package static let empty = ScannedText(from: 0, to: 0, decoded: -1)

  package init(from: Int, to: Int, decoded: Int = -1) {
    self.from = from
    self.to = to
    self.decoded = decoded
  }
}
