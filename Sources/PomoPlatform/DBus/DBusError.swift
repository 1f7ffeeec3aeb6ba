/// What can go wrong talking to a D-Bus bus: each case names the thing, so a warning such as
/// "pomo: warning: no session bus: …" can be acted on.
package enum DBusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No address to connect to: the variable that would name one is unset or empty.
  case noAddress(variable: String)
  /// An address string that does not follow the specification's grammar.
  case invalidAddress(String, reason: String)
  /// None of the address's transports could be connected; the reasons, one per transport.
  case cannotConnect(String, reasons: [String])
  /// The bus refused or garbled the SASL exchange.
  case authentication(String)
  /// A message (received, or about to be sent) that breaks the wire format or its limits.
  case malformed(String)
  /// A received message larger than this connection accepts; it was skipped whole.
  case messageTooLarge(length: Int, limit: Int)
  /// A value that cannot be sent: a string with a NUL, an invalid object path or signature.
  case invalidValue(String)
  /// The other end closed the connection (`midMessage`: in the middle of a message).
  case closed(midMessage: Bool)
  /// A read or write failed (the system's reason).
  case io(String)
  /// A wait reached its deadline.
  case timedOut(String, seconds: Double)
  /// The peer answered with an ERROR message: its error name and its text, if any.
  case remote(name: String, message: String)
  /// A reply whose body does not have the signature the call expects.
  case unexpectedReply(member: String, expected: String, got: String)

  package var description: String {
    switch self {
    case .noAddress(let variable): return "no bus address: \(variable) is not set"
    case .invalidAddress(let address, let reason): return "invalid d-bus address \"\(address)\": \(reason)"
    case .cannotConnect(let address, let reasons):
      return "cannot connect to the bus at \"\(address)\": " + reasons.joined(separator: "; ")
    case .authentication(let reason): return "d-bus authentication failed: \(reason)"
    case .malformed(let reason): return "malformed d-bus message: \(reason)"
    case .messageTooLarge(let length, let limit):
      return "d-bus message of \(length) bytes skipped: more than the \(limit) this connection accepts"
    case .invalidValue(let reason): return "cannot send d-bus value: \(reason)"
    case .closed(let midMessage):
      return midMessage ? "the bus closed the connection in the middle of a message" : "the bus closed the connection"
    case .io(let reason): return "d-bus connection failed: \(reason)"
    case .timedOut(let what, let seconds):
      return "timed out after \(seconds.formatted()) s waiting for \(what)"
    case .remote(let name, let message): return message.isEmpty ? name : "\(name): \(message)"
    case .unexpectedReply(let member, let expected, let got):
      return "unexpected reply to \(member): expected signature \"\(expected)\", got \"\(got)\""
    }
  }
}

extension Double {
  /// "5", "0.25": a number of seconds without a needless ".0".
  fileprivate func formatted() -> String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
