/// Collects the bytes read from a bus and hands back whole messages: the pure part of a
/// connection, fed by a non-blocking read, so an event loop never waits for the rest of one.
///
/// A message whose framing is sound but whose content is not is dropped with a typed error,
/// and the next one is read. A broken frame (a wrong byte order mark, a length beyond the
/// specification's) leaves no way to find the next message: the buffer stays `broken`.
///
/// With a `filter`, each message is judged on its header before its body is there: one the
/// filter does not admit is skipped like one too large, its body never decoded or kept.
///
/// Unix file descriptors come with the bytes of the message they belong to: the kernel hands
/// them over with the read that ends in that message's first bytes. Each is kept with the
/// place in the stream of the last byte of its read, so a message owns those that came
/// within its bytes; any other (of a message skipped, dropped, or never claimed) is closed
/// as soon as the stream has passed it.
package struct DBusMessageBuffer: Sendable {
  /// The longest message kept; a longer one (up to the specification's limit) is skipped as
  /// it arrives, so memory stays bounded whatever a peer sends.
  package let limit: Int
  private var bytes: [UInt8] = []
  private var start = 0
  /// Bytes of a message too large to keep that are still to be dropped.
  private var skipping = 0
  /// Why the stream can no longer be read, once it cannot.
  package private(set) var broken: DBusError?
  /// Which messages are decoded; nil for all (up to `limit`).
  package var filter: DBusMessageFilter?
  /// How many messages the filter has skipped.
  package private(set) var skippedCount = 0
  /// How many bytes the stream has brought in all, skipped ones too.
  private var streamEnd = 0
  /// The descriptors received and not yet given to a message, each with the place in the
  /// stream of the last byte that came with it.
  private var descriptors: [(at: Int, fd: DBusUnixFD)] = []

  package init(limit: Int = 8 << 20) {
    self.limit = min(limit, DBusMessage.maximumLength)
  }

  /// The bytes held, not yet handed back as messages.
  package var pendingCount: Int { bytes.count - start }

  /// Whether the bytes held end in the middle of a message.
  package var isMidMessage: Bool { pendingCount > 0 || skipping > 0 }

  /// How many received descriptors wait for the rest of their message.
  package var pendingDescriptorCount: Int { descriptors.count }

  /// Where in the stream the first byte held lies (skipped bytes always come before it).
  private var streamStart: Int { streamEnd - pendingCount }

  /// Takes `received`, and the descriptors that came with them (owned from now on).
  package mutating func append(_ received: [UInt8], unixFDs: [DBusUnixFD] = []) {
    guard broken == nil else {
      for fd in unixFDs { fd.close() }
      return
    }
    streamEnd += received.count
    for fd in unixFDs { descriptors.append((streamEnd - 1, fd)) }
    defer { closeDescriptors(before: streamStart) }
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
  /// stream is broken (it stays so). Messages the filter does not admit are passed over.
  package mutating func next() throws(DBusError) -> DBusMessage? {
    while true {
      if let broken { throw broken }
      let frame: DBusMessage.Frame
      do {
        guard let found = try DBusMessage.frame(header: bytes[start...]) else { return nil }
        frame = found
      } catch {
        broken = error
        closeDescriptors(before: .max)
        throw error
      }
      guard let filter else {
        if frame.total > limit {
          skip(frame.total)
          throw .messageTooLarge(length: frame.total, limit: limit)
        }
        guard pendingCount >= frame.total else { return nil }
        let (message, fds) = take(frame.total)
        return try DBusMessage(decoding: message, unixFDs: fds)
      }
      let limit = min(limit, filter.maximumLength)
      // A header longer than any message read is not even decoded.
      guard frame.headerLength <= limit else {
        skip(frame.total)
        skippedCount += 1
        continue
      }
      guard pendingCount >= frame.headerLength else { return nil }
      let header: DBusMessageHeader
      do {
        header = try DBusMessageHeader(decoding: Array(bytes[start..<(start + frame.headerLength)]))
      } catch {
        skip(frame.total)
        throw error
      }
      guard filter.admits(header) else {
        skip(frame.total)
        skippedCount += 1
        continue
      }
      if frame.total > limit {
        skip(frame.total)
        throw .messageTooLarge(length: frame.total, limit: limit)
      }
      guard pendingCount >= frame.total else { return nil }
      let (message, fds) = take(frame.total)
      return try DBusMessage(header: header, in: message, unixFDs: fds)
    }
  }

  /// Drops a message of `total` bytes from the start: what is here now, the rest as it arrives.
  private mutating func skip(_ total: Int) {
    let dropped = min(total, pendingCount)
    start += dropped
    skipping = total - dropped
    // Those that came with it are closed; any still to come are, as they arrive.
    closeDescriptors(before: streamStart)
  }

  /// The first `count` bytes held, taken out, and the descriptors that came within them;
  /// any left from before them are closed.
  private mutating func take(_ count: Int) -> ([UInt8], [DBusUnixFD]) {
    let from = streamStart
    let end = from + count
    var owned: [DBusUnixFD] = []
    while let first = descriptors.first, first.at < end {
      descriptors.removeFirst()
      if first.at >= from { owned.append(first.fd) } else { first.fd.close() }
    }
    defer { start += count }
    return (Array(bytes[start..<(start + count)]), owned)
  }

  /// Closes every descriptor held: the connection is over.
  package mutating func closeDescriptors() { closeDescriptors(before: .max) }

  /// Closes the descriptors that came before `offset` in the stream: their message is gone.
  private mutating func closeDescriptors(before offset: Int) {
    while let first = descriptors.first, first.at < offset {
      descriptors.removeFirst()
      first.fd.close()
    }
  }
}
