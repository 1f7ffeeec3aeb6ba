import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

/// Random and mutated messages fed to the reader: each gives a message or a typed error,
/// never a crash, a hang or a huge allocation.
@Suite("DBus reader fuzz")
struct DBusFuzzTests {
  @Test("thousands of random, bit-flipped, cut, lengthened and spliced messages give a message or a typed error")
  func mutations() throws {
    var random = SplitMix64(state: 0xD_B05)
    let peakBefore = Self.peakMemory()
    var decoded = 0
    var refused = 0
    for round in 0..<6000 {
      var message = DBusMessage.signal(
        path: "/org/pomo/\(round)", interface: "org.pomo.Fuzz", member: "M",
        body: (0..<Int.random(in: 0...3, using: &random)).map { _ in
          Self.value(of: Self.type(depth: 0, using: &random), depth: 0, using: &random)
        })
      message.serial = UInt32(round + 1)
      let valid = try message.encoded()
      #expect(try DBusMessage(decoding: valid) == message, "round \(round): a valid message must read back")
      let mutated = Self.mutate(valid, round: round, using: &random)
      switch Self.feed(mutated, using: &random) {
      case .success(let count): decoded += count
      case .failure(let error):
        refused += 1
        _ = error.description
      }
      // The pure decoder alone, on the whole bytes.
      _ = try? DBusMessage(decoding: mutated)
    }
    #expect(decoded > 300, "some mutations leave a valid message")
    #expect(refused > 3000, "most mutations are refused")
    if let peakBefore, let peakAfter = Self.peakMemory() {
      #expect(peakAfter - peakBefore < 256 << 20, "peak memory grew by \(peakAfter - peakBefore) bytes")
    }
  }

  @Test(
    "nesting beyond the specification's depth is a typed error, within it a message",
    arguments: [
      (variants: 10, fails: false), (variants: 64, fails: false), (variants: 65, fails: true),
      (variants: 5000, fails: true),
    ])
  func deepVariants(variants: Int, fails: Bool) {
    // A body of signature "v": `variants` variants, one in the other, around a byte.
    var body: [UInt8] = []
    for _ in 1..<variants { body += [1, UInt8(ascii: "v"), 0] }
    body += [1, UInt8(ascii: "y"), 0, 7]
    let bytes = Self.rawMessage(signature: Array("v".utf8), body: body)
    do {
      let message = try DBusMessage(decoding: bytes)
      #expect(!fails)
      var value = message.body[0]
      var depth = 0
      while case .variant(let inner) = value {
        depth += 1
        value = inner
      }
      #expect(depth == variants)
      #expect(value == .byte(7))
    } catch {
      #expect(fails)
      #expect(error.description.contains("nested more than 64 deep"), "\(error)")
    }
  }

  @Test(
    "signatures nested too deep or too long are refused",
    arguments: [
      String(repeating: "a", count: 40) + "y",
      String(repeating: "(", count: 40) + "y" + String(repeating: ")", count: 40),
      String(repeating: "a{y", count: 40) + "y" + String(repeating: "}", count: 40), "a{vy}", "(", "a", "{yy}", "h",
    ])
  func deepSignatures(signature: String) {
    let bytes = Self.rawMessage(signature: Array(signature.utf8), body: [0, 0, 0, 0])
    #expect(throws: DBusError.self) { try DBusMessage(decoding: bytes) }
  }

  @Test("claimed lengths far beyond the bytes there are allocate nothing and are refused")
  func hugeLengths() {
    for length: UInt32 in [0xFFFF_FFFF, 64 << 20, (64 << 20) + 1, 0x7FFF_FFFF, 1 << 20] {
      let le = withUnsafeBytes(of: length.littleEndian) { Array($0) }
      for signature in ["s", "ay", "a(yv)", "o"] {
        let bytes = Self.rawMessage(signature: Array(signature.utf8), body: le + [0, 0, 0, 0])
        #expect(throws: DBusError.self) { try DBusMessage(decoding: bytes) }
      }
    }
    var buffer = DBusMessageBuffer()
    buffer.append([UInt8(ascii: "l"), 1, 0, 1, 0xFF, 0xFF, 0xFF, 0x07, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x03])
    #expect(throws: DBusError.self) { try buffer.next() }
  }

  // MARK: - Making inputs

  /// Feeds `bytes` in random pieces and takes messages until none is left: how many came
  /// whole, or the first error. The loop is bounded: a reader that hangs fails the test.
  static func feed(_ bytes: [UInt8], using random: inout SplitMix64) -> Result<Int, DBusError> {
    var buffer = DBusMessageBuffer(limit: 1 << 16)
    var offset = 0
    var count = 0
    var firstError: DBusError?
    var steps = 0
    while offset < bytes.count {
      let piece = Int.random(in: 1...64, using: &random)
      buffer.append(Array(bytes[offset..<min(bytes.count, offset + piece)]))
      offset += piece
      #expect(buffer.pendingCount <= bytes.count)
      while true {
        steps += 1
        if steps > 4 * bytes.count + 100 {
          Issue.record("the reader did not finish")
          return .success(count)
        }
        do {
          guard try buffer.next() != nil else { break }
          count += 1
        } catch {
          firstError = firstError ?? error
          if buffer.broken != nil { return .failure(error) }
        }
      }
    }
    if let firstError { return .failure(firstError) }
    return .success(count)
  }

  static func mutate(_ bytes: [UInt8], round: Int, using random: inout SplitMix64) -> [UInt8] {
    var bytes = bytes
    switch round % 6 {
    case 0:
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &random)
      }
    case 1:
      bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
    case 2:
      let lengths: [UInt32] = [
        0xFFFF_FFFF, 0x7FFF_FFFF, 64 << 20, (64 << 20) + 1, 128 << 20, UInt32.random(in: 0...1000, using: &random),
      ]
      let at = Int.random(in: 0..<(bytes.count / 4), using: &random) * 4
      let value = lengths.randomElement(using: &random)!
      withUnsafeBytes(of: value.littleEndian) {
        for (index, byte) in $0.enumerated() where at + index < bytes.count { bytes[at + index] = byte }
      }
    case 3:
      let at = Int.random(in: 0...bytes.count, using: &random)
      bytes.insert(
        contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
        at: at)
    case 4:
      // A valid message followed by junk, or two messages, one damaged.
      var tail = bytes
      tail[Int.random(in: 0..<tail.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      bytes += tail
    default:
      for index in 16..<bytes.count where Int.random(in: 0..<8, using: &random) == 0 {
        bytes[index] = UInt8.random(in: 0...255, using: &random)
      }
    }
    return bytes
  }

  static func type(depth: Int, using random: inout SplitMix64) -> DBusType {
    let basics: [DBusType] = [
      .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath, .signature,
    ]
    if depth >= 3 || Int.random(in: 0..<3, using: &random) > 0 { return basics.randomElement(using: &random)! }
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .variant
    case 1: return .array(type(depth: depth + 1, using: &random))
    case 2:
      return .structure((0..<Int.random(in: 1...3, using: &random)).map { _ in type(depth: depth + 1, using: &random) })
    default:
      return .array(
        .dictEntry(key: basics.randomElement(using: &random)!, value: type(depth: depth + 1, using: &random)))
    }
  }

  static func value(of type: DBusType, depth: Int, using random: inout SplitMix64) -> DBusValue {
    switch type {
    case .byte: .byte(.random(in: 0...255, using: &random))
    case .boolean: .boolean(.random(using: &random))
    case .int16: .int16(.random(in: .min ... .max, using: &random))
    case .uint16: .uint16(.random(in: .min ... .max, using: &random))
    case .int32: .int32(.random(in: .min ... .max, using: &random))
    case .uint32: .uint32(.random(in: .min ... .max, using: &random))
    case .int64: .int64(.random(in: .min ... .max, using: &random))
    case .uint64: .uint64(.random(in: .min ... .max, using: &random))
    case .double: .double(Double(Int.random(in: -1000...1000, using: &random)) / 8)
    case .string: .string(["", "a", "pomo", "grüße", "🍅 focus"].randomElement(using: &random)!)
    case .objectPath: .objectPath(["/", "/a", "/org/pomo/x_1"].randomElement(using: &random)!)
    case .signature: .signature(["", "s", "a{sv}", "(iu)"].randomElement(using: &random)!)
    case .variant: .variant(value(of: Self.type(depth: depth + 1, using: &random), depth: depth + 1, using: &random))
    // Never drawn: a descriptor's index needs a descriptor with the message.
    case .unixFD: .unixFD(0)
    case .array(let element):
      .array(
        element,
        (0..<Int.random(in: 0...3, using: &random)).map { _ in value(of: element, depth: depth + 1, using: &random) })
    case .structure(let fields): .structure(fields.map { value(of: $0, depth: depth + 1, using: &random) })
    case .dictEntry(let key, let valueType):
      .dictEntry(
        value(of: key, depth: depth + 1, using: &random), value(of: valueType, depth: depth + 1, using: &random))
    }
  }

  /// A signal whose signature field and body are given as raw bytes, so they can break rules
  /// the writer refuses to break.
  static func rawMessage(signature: [UInt8], body: [UInt8]) -> [UInt8] {
    var writer = DBusWriter()
    let bodyLength = withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) }
    var bytes: [UInt8] = [UInt8(ascii: "l"), 4, 0, 1] + bodyLength + [1, 0, 0, 0]
    try! writer.write(
      .array(
        .structure([.byte, .variant]),
        [
          .structure([.byte(1), .variant(.objectPath("/p"))]), .structure([.byte(2), .variant(.string("a.b"))]),
          .structure([.byte(3), .variant(.string("M"))]),
        ]))
    // Written at offset 0, the array's first structure starts at 8; in the message it starts
    // at 16, so the padding inside lines up.
    var fields = Array(writer.bytes[8...])
    while (16 + fields.count) % 8 != 0 { fields.append(0) }
    fields += [8, 1, UInt8(ascii: "g"), 0, UInt8(truncatingIfNeeded: signature.count)] + signature + [0]
    bytes += withUnsafeBytes(of: UInt32(fields.count).littleEndian) { Array($0) } + fields
    while bytes.count % 8 != 0 { bytes.append(0) }
    return bytes + body
  }

  /// The process's peak resident memory (VmHWM), where the system says it.
  static func peakMemory() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }
}
