/// Small helpers for laying out columns of text by their visible width.
enum TextLayout {
  /// Visible width: one column a character (pomo's own text has no wide characters).
  static func width(_ s: String) -> Int { s.count }

  static func padRight(_ s: String, _ n: Int) -> String {
    s.count >= n ? s : s + String(repeating: " ", count: n - s.count)
  }

  static func padLeft(_ s: String, _ n: Int) -> String {
    s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
  }

  /// Cuts `s` to at most `n` characters, ending in "…" when it was cut.
  static func truncate(_ s: String, _ n: Int) -> String {
    guard n > 0 else { return "" }
    guard s.count > n else { return s }
    return String(s.prefix(n - 1)) + "…"
  }

  /// Replaces the home folder with "~" so paths stay short.
  static func abbreviateHome(_ path: String, home: String) -> String {
    guard home.count > 1, path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }
}
