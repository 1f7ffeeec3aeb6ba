/// Which received messages a connection decodes. Every other message is judged on its header
/// alone and skipped: its body is dropped as it arrives, never decoded or kept.
///
/// A listener on a shared bus sets one. Match rules decide what the bus broadcasts to it, but
/// any connection may still send it signals by its unique name, and on the system bus any
/// user may: without a filter, each of those bodies (8 MiB at most) would be decoded before
/// its sender was looked at, and a flood of them would hold a real signal back for seconds.
package struct DBusMessageFilter: Equatable, Sendable {
  /// A signal worth reading: who sends it and what it is.
  package struct Signal: Hashable, Sendable {
    /// The unique name of the sending connection (":1.42"), or `org.freedesktop.DBus` for
    /// the bus's own signals: the bus writes the sender, so it cannot be forged.
    package var sender: String
    package var interface: String
    package var member: String

    package init(sender: String, interface: String, member: String) {
      self.sender = sender
      self.interface = interface
      self.member = member
    }
  }

  /// The signals read; any other signal, and every method call, is skipped.
  package var signals: Set<Signal>
  /// The longest message read, header and body: a longer one is skipped, whatever it is, so
  /// what one message may cost is bounded by this, not by the bus's limit.
  package var maximumLength: Int

  /// What a listener needs by default: 64 KiB holds any reply or signal pomo asks for.
  package static let defaultMaximumLength = 64 << 10

  package init(signals: Set<Signal> = [], maximumLength: Int = defaultMaximumLength) {
    self.signals = signals
    self.maximumLength = maximumLength
  }

  /// Whether a message with `header` is read: a method return or an error (the bus passes
  /// only those that answer this connection's own calls), or one of `signals`.
  package func admits(_ header: DBusMessageHeader) -> Bool {
    switch header.kind {
    case .methodReturn, .error: return true
    case .methodCall: return false
    case .signal:
      guard let sender = header.sender, let interface = header.interface, let member = header.member else {
        return false
      }
      return signals.contains(Signal(sender: sender, interface: interface, member: member))
    }
  }
}
