import PomoCore

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

  /// The text's UTF-8 bytes, from `line` or, for an escaped string, from `decoded` (the
  /// line's `ScannedLine.decoded`), handed to `body`.
  package func withUTF8<R>(
    in line: UnsafeBufferPointer<UInt8>, decoded: [String], _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    guard self.decoded >= 0 else { return body(UnsafeBufferPointer(rebasing: line[from..<to])) }
    var string = decoded[self.decoded]
    return string.withUTF8(body)
  }

  /// The text, from `line` or `decoded` (as `withUTF8`).
  package func string(in line: UnsafeBufferPointer<UInt8>, decoded: [String]) -> String {
    self.decoded >= 0
      ? decoded[self.decoded] : String(decoding: UnsafeBufferPointer(rebasing: line[from..<to]), as: UTF8.self)
  }
}
