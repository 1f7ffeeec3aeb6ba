/// Whole numbers written as ASCII digits straight into bytes, with no string made: the one
/// digit writer of JSON (`JSONWriter`) and of timestamps (`RFC3339.format`).
package enum DecimalText {
  /// The digits of `n`, zeros before them to make at least `width`.
  package static func append(_ n: UInt64, width: Int = 1, to out: inout [UInt8]) {
    var m = n
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { raw in
      var k = raw.count
      repeat {
        k -= 1
        raw[k] = 0x30 + UInt8(m % 10)
        m /= 10
      } while m > 0
      if raw.count - k < width { out.append(contentsOf: repeatElement(0x30, count: width - (raw.count - k))) }
      out.append(contentsOf: raw[k...])
    }
  }
}
