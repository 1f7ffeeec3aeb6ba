/// A WAV file made into a sound that never ends: its header, saying the sound is as long as a
/// WAV may be, then its samples over and over, which the player reads on stdin
/// (`ChildProcess.startLooping`). The samples are fed as they are (any format a WAV holds);
/// the player reads the header to know what they are.
package struct WAVLoop: Equatable, Sendable {
  /// The file's header up to its samples, the length of its data made the longest a WAV may
  /// say: more than 13 hours of CD sound.
  package let head: [UInt8]
  /// The samples, repeated whole until they last at least `shortest` seconds, so the guard
  /// that feeds them writes in chunks worth the call.
  package let loop: [UInt8]
  /// How many bytes of `loop` a second of sound takes.
  package let bytesPerSecond: Int

  package static let shortest = 1

  /// The most bytes a second a header may say its sound takes: 384 kHz in 8 channels of 64-bit
  /// samples is 24.6 MB. A header that says more is a broken or hostile one, whose second of
  /// loop would take gigabytes.
  package static let largestByteRate = 32 << 20

  /// Why a file cannot be looped.
  package enum Problem: Error, Equatable, CustomStringConvertible {
    case notWAV
    case noFormat
    case noSound
    case byteRate(Int)

    package var description: String {
      switch self {
      case .notWAV: "is not a WAV file (RIFF WAVE)"
      case .noFormat: "has no format chunk a player can read"
      case .noSound: "holds no sound"
      case .byteRate(let rate): "says its sound takes \(rate) bytes a second, more than any player plays"
      }
    }
  }

  package init(wav bytes: [UInt8]) throws(Problem) {
    func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
    func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func long(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
    guard bytes.count >= 12, text(0) == "RIFF", text(8) == "WAVE" else { throw .notWAV }
    var at = 12
    var format: (start: Int, size: Int)?
    var data: Range<Int>?
    while at + 8 <= bytes.count, data == nil {
      let size = long(at + 4)
      let body = at + 8
      switch text(at) {
      case "fmt " where size >= 16 && body + size <= bytes.count:
        format = (at, size)
      case "data" where format != nil:
        // A length past the end (a stream's 0xFFFFFFFF) is what the file holds.
        data = body..<min(bytes.count, body + size)
      default:
        break
      }
      at = body + size + (size & 1)
    }
    guard let format else { throw .noFormat }
    let fmt = format.start + 8
    let blockAlign = word(fmt + 12)
    let bytesPerSecond = long(fmt + 8)
    guard blockAlign > 0, bytesPerSecond > 0 else { throw .noFormat }
    guard bytesPerSecond <= Self.largestByteRate else { throw .byteRate(bytesPerSecond) }
    guard let data, data.count >= blockAlign else { throw .noSound }
    let frames = Array(bytes[data.lowerBound..<data.lowerBound + data.count / blockAlign * blockAlign])
    var loop = frames
    while loop.count < bytesPerSecond * Self.shortest { loop += frames }
    let padded = format.size + (format.size & 1)
    let length = (Int(Int32.max) - 20 - padded) / blockAlign * blockAlign
    var head: [UInt8] = []
    func put(_ text: String) { head += Array(text.utf8) }
    func put32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { head += $0 } }
    put("RIFF")
    put32(4 + 8 + padded + 8 + length)
    put("WAVE")
    head += bytes[format.start..<fmt + format.size]
    if format.size & 1 == 1 { head.append(0) }
    put("data")
    put32(length)
    self.head = head
    self.loop = loop
    self.bytesPerSecond = bytesPerSecond
  }
}
