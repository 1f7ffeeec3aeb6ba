#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A connection to a D-Bus bus over a Unix socket: authenticated, registered with `Hello`,
/// then sending calls and receiving replies and signals.
///
/// Two ways to use it. From an event loop: poll `fileDescriptor` for input, then call
/// `readAvailable()` (which never blocks) and take `nextMessage()` until it gives nil. For a
/// command: `call(_:timeout:)` sends and waits for the reply, setting aside any other message
/// for `nextMessage()`. Every wait has a deadline; a bus that closes, even mid-message, is
/// an error, and a connection that failed so stays failed.
package final class DBusConnection {
  /// The socket, non-blocking once the connection is open: poll it for input.
  package let fileDescriptor: Int32
  package let address: DBusAddress
  /// The bus's GUID, from the authentication.
  package let serverGUID: String
  /// Whether Unix file descriptors may come with messages: asked for (`unixFDs`) and agreed
  /// to by the bus. Only then are they read (and each owned by its message, `DBusUnixFD`);
  /// on any other connection the kernel drops a descriptor sent along, closed.
  package let passesUnixFDs: Bool
  /// The name the bus gave this connection (":1.42").
  package private(set) var uniqueName = ""
  /// Messages received while waiting for a reply, not yet taken.
  var setAside: [DBusMessage] = []
  private var buffer: DBusMessageBuffer
  private var lastSerial: UInt32 = 0
  /// Why the connection can no longer be used, once it cannot.
  package private(set) var failure: DBusError?
  private var isClosed = false

  /// Which received messages are decoded (see `DBusMessageFilter`); nil for all. A listener
  /// sets it as soon as it knows whom it listens to: the others are skipped on their header.
  package var filter: DBusMessageFilter? {
    get { buffer.filter }
    set { buffer.filter = newValue }
  }

  /// How many received messages the filter has skipped.
  package var skippedCount: Int { buffer.skippedCount }

  /// How many messages `call` sets aside at most; older ones are dropped beyond that, so a
  /// flood of signals during a call cannot grow memory without bound.
  package static let maximumSetAside = 1024
  /// How many received descriptors may wait for their messages to be read before reading
  /// stops for a while.
  package static let maximumPendingDescriptors = 256
  /// How long a command waits for the bus by default.
  package static let defaultTimeout = Duration.seconds(25)

  /// Connects to the first of `address`'s transports that answers, authenticates as
  /// `userID`, and says `Hello`; each step within `timeout`. `messageLimit` bounds the
  /// messages kept (longer ones are skipped). With `unixFDs`, asks that Unix file
  /// descriptors may come with messages (`passesUnixFDs` says whether the bus agreed).
  package init(
    address: DBusAddress, timeout: Duration = defaultTimeout, userID: UInt32 = UnixSocket.userID,
    messageLimit: Int = 8 << 20, unixFDs: Bool = false
  ) throws(DBusError) {
    self.address = address
    buffer = DBusMessageBuffer(limit: messageLimit)
    let deadline = DBusDeadline(timeout)
    let (fd, guid, agreed, extra) = try Self.open(address, userID: userID, unixFDs: unixFDs, deadline: deadline)
    fileDescriptor = fd
    serverGUID = guid
    passesUnixFDs = agreed
    buffer.append(extra)
    let hello = DBusMessage.methodCall(
      destination: DBusNames.bus, path: DBusNames.busPath, interface: DBusNames.bus, member: "Hello")
    let reply = try call(hello, timeout: deadline.remaining)
    guard let name = reply.body.first?.string, reply.signature == "s" else {
      throw .unexpectedReply(member: hello.qualifiedMember, expected: "s", got: reply.signature)
    }
    uniqueName = name
  }

  /// Connects to the first transport that answers and authenticates on it: the socket (now
  /// non-blocking), the server's GUID and any bytes read past the authentication.
  private static func open(_ address: DBusAddress, userID: UInt32, unixFDs: Bool, deadline: DBusDeadline)
    throws(DBusError) -> (Int32, String, Bool, [UInt8])
  {
    var reasons: [String] = []
    for transport in address.transports {
      let connected: Result<Int32, FileSystemError>
      switch transport {
      case .unixPath(let path): connected = Result { () throws(FileSystemError) in try UnixSocket.connect(path: path) }
      case .unixAbstract(let name):
        connected = Result { () throws(FileSystemError) in try UnixSocket.connect(abstract: name) }
      case .unsupported(let method):
        reasons.append("\(method): transport not supported")
        continue
      }
      let fd: Int32
      switch connected {
      case .success(let descriptor): fd = descriptor
      case .failure(let error):
        reasons.append("\(name(of: transport)): \(error)")
        continue
      }
      do {
        // Every transport pomo connects is a Unix socket: descriptors can pass on each.
        let (guid, agreed, extra) = try authenticate(fd, userID: userID, unixFDs: unixFDs, deadline: deadline)
        do {
          try UnixSocket.makeNonBlocking(fd)
        } catch {
          throw DBusError.io("\(error)")
        }
        return (fd, guid, agreed, extra)
      } catch {
        UnixSocket.close(fd)
        reasons.append("\(name(of: transport)): \(error)")
      }
    }
    throw .cannotConnect(address.text, reasons: reasons)
  }

  /// The session bus of `environment` (`DBUS_SESSION_BUS_ADDRESS`).
  package static func sessionBus(environment: [String: String], timeout: Duration = defaultTimeout) throws(DBusError)
    -> DBusConnection
  {
    try DBusConnection(address: try .sessionBus(environment: environment), timeout: timeout)
  }

  /// The system bus of `environment` (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket).
  package static func systemBus(environment: [String: String], timeout: Duration = defaultTimeout) throws(DBusError)
    -> DBusConnection
  {
    try DBusConnection(address: try .systemBus(environment: environment), timeout: timeout)
  }

  deinit { close() }

  /// Closes the socket; later calls fail.
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    UnixSocket.close(fileDescriptor)
    // Descriptors received and not taken go now, not when the last reference does.
    for message in setAside { for fd in message.unixFDs { fd.close() } }
    setAside = []
    buffer.closeDescriptors()
    if failure == nil { failure = .closed(midMessage: false) }
  }

  private static func name(of transport: DBusAddress.Transport) -> String {
    switch transport {
    case .unixPath(let path): "unix:path=\(path)"
    case .unixAbstract(let name): "unix:abstract=\(String(decoding: name, as: UTF8.self))"
    case .unsupported(let method): method
    }
  }

  /// The SASL exchange on a blocking socket: the server's GUID, whether it agreed to pass
  /// Unix file descriptors (asked only with `unixFDs`), and any bytes read past its last answer.
  private static func authenticate(_ fd: Int32, userID: UInt32, unixFDs: Bool, deadline: DBusDeadline)
    throws(DBusError) -> (String, Bool, [UInt8])
  {
    try write(fd, DBusAuthentication.greeting(userID: userID)[...], deadline: deadline, what: "the authentication")
    var received: [UInt8] = []
    var guid: String?
    while true {
      if let server = guid {
        // OK came, and descriptors were asked for: the next line is the bus's answer.
        if let (agreed, count) = try DBusAuthentication.agreement(from: received) {
          try write(fd, DBusAuthentication.begin[...], deadline: deadline, what: "the authentication")
          return (server, agreed, Array(received[count...]))
        }
      } else if let (reply, count) = try DBusAuthentication.reply(from: received) {
        switch reply {
        case .ok(let server):
          guard unixFDs else {
            try write(fd, DBusAuthentication.begin[...], deadline: deadline, what: "the authentication")
            return (server, false, Array(received[count...]))
          }
          guid = server
          received.removeFirst(count)
          try write(fd, DBusAuthentication.negotiateUnixFD[...], deadline: deadline, what: "the authentication")
          continue
        case .refused(let line): throw .authentication("the bus answered \"\(line)\"")
        }
      }
      guard UnixSocket.waitReadable(fd, milliseconds: deadline.milliseconds) else {
        throw .timedOut("the bus to answer the authentication", seconds: deadline.seconds)
      }
      switch UnixSocket.receive(fd, limit: DBusAuthentication.maximumLineLength) {
      case .bytes(let bytes): received += bytes
      case .nothing: continue
      case .end: throw .authentication("the bus closed the connection")
      }
    }
  }

  /// Writes all of `bytes` before `deadline`, waiting while the socket is full; `descriptors`
  /// go with the first bytes sent.
  private static func write(
    _ fd: Int32, _ bytes: ArraySlice<UInt8>, descriptors: [Int32] = [], deadline: DBusDeadline, what: String
  ) throws(DBusError) {
    var rest = bytes
    var descriptors = descriptors
    while !rest.isEmpty {
      let sending =
        descriptors.isEmpty ? UnixSocket.sendSome(fd, rest) : UnixSocket.sendSome(fd, rest, descriptors: descriptors)
      if let sent = sending, sent > 0 { descriptors = [] }
      guard let sent = sending else {
        let reason = FileSystemError.current
        throw reason.code == EPIPE || reason.code == ECONNRESET ? .closed(midMessage: false) : .io("\(reason)")
      }
      rest = rest.dropFirst(sent)
      if sent == 0 && !UnixSocket.waitWritable(fd, milliseconds: deadline.milliseconds) {
        throw .timedOut("the bus to take \(what)", seconds: deadline.seconds)
      }
    }
  }

  /// Sends `message` with the next serial, which it returns (the one its reply will name).
  @discardableResult
  package func send(_ message: DBusMessage, timeout: Duration = defaultTimeout) throws(DBusError) -> UInt32 {
    if let failure { throw failure }
    var message = message
    lastSerial = lastSerial == UInt32.max ? 1 : lastSerial + 1
    message.serial = lastSerial
    let bytes = try message.encoded()
    let descriptors = message.unixFDs.compactMap(\.descriptor)
    guard descriptors.count == message.unixFDs.count else { throw .invalidValue("a unix fd that is closed") }
    guard descriptors.isEmpty || passesUnixFDs else {
      throw .invalidValue("unix fds on a connection that does not pass them")
    }
    do {
      try Self.write(
        fileDescriptor, bytes[...], descriptors: descriptors, deadline: DBusDeadline(timeout),
        what: message.qualifiedMember)
    } catch {
      // Part of a message may have gone: the stream cannot be trusted any more.
      failure = error
      throw error
    }
    return message.serial
  }

  /// Reads what waits on the socket, never blocking. Throws when the bus has closed the
  /// connection (`midMessage` when it stopped inside a message) or the read failed; when
  /// bytes came before the end, the messages they hold are taken first and the next call throws.
  package func readAvailable() throws(DBusError) {
    if let failure { throw failure }
    var total = 0
    // A bounded amount per call, so one busy bus cannot hold an event loop; and a bounded
    // number of descriptors not yet given to a message, so a peer sending many cannot fill
    // pomo's table before the messages that carry them are read (and the unwanted closed).
    while total < 1 << 20 && buffer.pendingDescriptorCount < Self.maximumPendingDescriptors {
      switch receive() {
      case .bytes(let bytes):
        total += bytes.count
      case .nothing:
        return
      case .end:
        let error = DBusError.closed(midMessage: buffer.isMidMessage)
        failure = error
        // Whole messages read before the end are still handed out; the next read throws.
        if total > 0 { return }
        throw error
      }
    }
  }

  /// One read into the buffer, with the descriptors that came along on a connection that
  /// passes them (each owned from the moment it arrives).
  private func receive() -> UnixSocket.Received {
    guard passesUnixFDs else {
      let received = UnixSocket.receive(fileDescriptor, limit: 64 << 10)
      if case .bytes(let bytes) = received { buffer.append(bytes) }
      return received
    }
    switch UnixSocket.receiveWithDescriptors(fileDescriptor, limit: 64 << 10) {
    case .bytes(let bytes, let descriptors, _):
      buffer.append(bytes, unixFDs: descriptors.map(DBusUnixFD.init(adopting:)))
      return .bytes(bytes)
    case .nothing: return .nothing
    case .end: return .end
    }
  }

  /// Reads what waits on the socket and hands each whole message to `handle` until none is
  /// left or `handle` returns false. A malformed or oversized message is dropped. A read
  /// that fails leaves the messages read before it to be handed out; `failure` then says the
  /// connection is over, so a listener never loops on a socket at its end.
  package func drain(_ handle: (DBusMessage) -> Bool) {
    try? readAvailable()
    while true {
      let message: DBusMessage?
      do {
        message = try nextMessage()
      } catch {
        if failure != nil { return }
        continue
      }
      guard let message, handle(message) else { return }
    }
  }

  /// Whether `nextMessage()` has messages it can give without reading.
  package var hasSetAsideMessages: Bool { !setAside.isEmpty }

  /// The next whole message received, or nil when none has all arrived; never reads or
  /// blocks. A malformed or oversized message throws and is dropped: call again for the
  /// next. A stream that cannot be read any further fails the connection.
  package func nextMessage() throws(DBusError) -> DBusMessage? {
    if !setAside.isEmpty { return setAside.removeFirst() }
    return try framed()
  }

  private func framed() throws(DBusError) -> DBusMessage? {
    if let failure, setAside.isEmpty, buffer.pendingCount == 0 { throw failure }
    do {
      return try buffer.next()
    } catch {
      if buffer.broken != nil { failure = error }
      throw error
    }
  }

  /// Waits for the next message, at most `timeout`.
  package func waitForMessage(timeout: Duration = defaultTimeout) throws(DBusError) -> DBusMessage {
    let deadline = DBusDeadline(timeout)
    while true {
      if let message = try nextMessage() { return message }
      try waitAndRead(deadline, what: "a message")
    }
  }

  private func waitAndRead(_ deadline: DBusDeadline, what: String) throws(DBusError) {
    if let failure { throw failure }
    guard UnixSocket.waitReadable(fileDescriptor, milliseconds: deadline.milliseconds) else {
      throw .timedOut(what, seconds: deadline.seconds)
    }
    try readAvailable()
  }

  /// Sends `message` and waits for its reply: the METHOD_RETURN, or the ERROR thrown as
  /// `.remote`. Other messages that arrive meanwhile are kept for `nextMessage()`;
  /// malformed ones are dropped.
  package func call(_ message: DBusMessage, timeout: Duration = defaultTimeout) throws(DBusError) -> DBusMessage {
    let deadline = DBusDeadline(timeout)
    let serial = try send(message, timeout: timeout)
    while true {
      while true {
        let received: DBusMessage?
        do {
          received = try framed()
        } catch {
          if failure != nil { throw error }
          continue  // one bad message: the reply may still come
        }
        guard let received else { break }
        if received.replySerial == serial && (received.kind == .methodReturn || received.kind == .error) {
          if received.kind == .error {
            throw .remote(name: received.errorName ?? "", message: received.body.first?.string ?? "")
          }
          return received
        }
        if setAside.count >= Self.maximumSetAside { setAside.removeFirst() }
        setAside.append(received)
      }
      try waitAndRead(deadline, what: "the reply to \(message.qualifiedMember)")
    }
  }

  /// Asks the bus to send this connection the messages `rule` matches (signals, mostly).
  package func addMatch(_ rule: DBusMatchRule, timeout: Duration = defaultTimeout) throws(DBusError) {
    _ = try call(Self.addMatchCall(rule), timeout: timeout)
  }

  /// The bus's `AddMatch` for `rule`, to send without waiting from an event loop.
  package static func addMatchCall(_ rule: DBusMatchRule) -> DBusMessage {
    .methodCall(
      destination: DBusNames.bus, path: DBusNames.busPath, interface: DBusNames.bus, member: "AddMatch",
      body: [.string(rule.text)])
  }

  /// The names on the bus (`org.freedesktop.DBus.ListNames`).
  package func listNames(timeout: Duration = defaultTimeout) throws(DBusError) -> [String] {
    let member = "ListNames"
    let reply = try call(
      .methodCall(destination: DBusNames.bus, path: DBusNames.busPath, interface: DBusNames.bus, member: member),
      timeout: timeout)
    guard let names = reply.body.first?.strings, reply.signature == "as" else {
      throw .unexpectedReply(member: "\(DBusNames.bus).\(member)", expected: "as", got: reply.signature)
    }
    return names
  }
}
