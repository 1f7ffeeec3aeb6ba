/// Collects the bytes read from a bus and hands back whole messages: the pure part of a
/// connection, fed by a non-blocking read, so an event loop never waits for the rest of one.
///
/// A message whose framing is sound but whose content is not is dropped with a typed error,
/// and the next one is read. A broken frame (a wrong byte order mark, a length beyond the
/// specification's) leaves no way to find the next message: the buffer stays `broken`.
public struct DBusMessageBuffer: Sendable {
  /// The longest message kept; a longer one (up to the specification's limit) is skipped as
  /// it arrives, so memory stays bounded whatever a peer sends.
  public let limit: Int
  private var bytes: [UInt8] = []
  private var start = 0
  /// Bytes of a message too large to keep that are still to be dropped.
  private var skipping = 0
  /// Why the stream can no longer be read, once it cannot.
  public private(set) var broken: DBusError?

  public init(limit: Int = 8 << 20) {
    self.limit = min(limit, DBusMessage.maximumLength)
  }

  /// The bytes held, not yet handed back as messages.
  public var pendingCount: Int { bytes.count - start }

  /// Whether the bytes held end in the middle of a message.
  public var isMidMessage: Bool { pendingCount > 0 || skipping > 0 }

  public mutating func append(_ received: [UInt8]) {
    guard broken == nil else { return }
    var received = received[...]
    if skipping > 0 {
      let dropped = min(skipping, received.count)
      skipping -= dropped
      received = received.dropFirst(dropped)
    }
    if start > 0 && start >= bytes.count / 2 {
      bytes.removeFirst(start)
      start = 0
    }
    bytes.append(contentsOf: received)
  }

  /// The next whole message, nil when its bytes have not all arrived. Throws for a message
  /// that is malformed or too large (it is dropped; call again for the next) or when the
  /// stream is broken (it stays so).
  public mutating func next() throws(DBusError) -> DBusMessage? {
    if let broken { throw broken }
    let total: Int
    do {
      guard let length = try DBusMessage.length(header: bytes[start...]) else { return nil }
      total = length
    } catch {
      broken = error
      throw error
    }
    if total > limit {
      let dropped = min(total, pendingCount)
      start += dropped
      skipping = total - dropped
      throw .messageTooLarge(length: total, limit: limit)
    }
    guard pendingCount >= total else { return nil }
    let whole = Array(bytes[start..<(start + total)])
    start += total
    return try DBusMessage(decoding: whole)
  }
}
