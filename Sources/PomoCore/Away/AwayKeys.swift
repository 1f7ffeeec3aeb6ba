extension SessionEngine {
  /// A key typed while the session asks about time away: `k` keeps it, `d` drops it, `q`
  /// ends the session. Nil for any other key (or no question), which does what it always does.
  package func awayCommand(forKey key: UInt8) -> SessionCommand? {
    guard awayQuestion != nil else { return nil }
    switch key {
    case UInt8(ascii: "k"), UInt8(ascii: "K"): return .keepAway
    case UInt8(ascii: "d"), UInt8(ascii: "D"): return .dropAway
    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .endAfterAway
    default: return nil
    }
  }
}
