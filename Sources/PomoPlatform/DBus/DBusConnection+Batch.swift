extension DBusConnection {
  /// Sends every one of `messages` at once and waits, all within the one `timeout`, for their
  /// replies: so a few players that each take their time cost the session one wait, not one
  /// each. Each result is the reply, the error the peer answered (`.remote`), or nil when no
  /// answer came in time. Other messages that arrive meanwhile are kept for `nextMessage()`.
  /// Throws only when the connection fails.
  package func callAll(_ messages: [DBusMessage], timeout: Duration) throws(DBusError) -> [Result<
    DBusMessage, DBusError
  >?] {
    let deadline = DBusDeadline(timeout)
    var serials: [UInt32: Int] = [:]
    for (i, message) in messages.enumerated() { serials[try send(message, timeout: deadline.remaining)] = i }
    var results = [Result<DBusMessage, DBusError>?](repeating: nil, count: messages.count)
    var waiting = messages.count
    var kept: [DBusMessage] = []
    defer { setAside += kept }
    while waiting > 0 {
      while waiting > 0 {
        let received: DBusMessage?
        do {
          received = try nextMessage()
        } catch {
          if failure != nil { throw error }
          continue
        }
        guard let received else { break }
        if let serial = received.replySerial, let i = serials[serial],
          received.kind == .methodReturn || received.kind == .error
        {
          serials[serial] = nil
          waiting -= 1
          results[i] =
            received.kind == .error
            ? .failure(.remote(name: received.errorName ?? "", message: received.body.first?.string ?? ""))
            : .success(received)
        } else if kept.count < Self.maximumSetAside {
          kept.append(received)
        }
      }
      guard waiting > 0 else { break }
      if let failure { throw failure }
      guard UnixSocket.waitReadable(fileDescriptor, milliseconds: deadline.milliseconds) else { break }
      try readAvailable()
    }
    return results
  }
}
