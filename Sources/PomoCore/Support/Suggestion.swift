import PomoPlatform

/// "Did you mean …?" for commands, options, preset names and keys: the one candidate the word
/// begins, else the nearest by edit distance.
package enum Suggestion {
  /// The candidate `word` is the start of, when only one is (`stat` is `status`, though
  /// `start` is one letter away: someone who stopped typing meant the word they began);
  /// else the nearest to `word`, if it is near enough to be a likely typo.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lower = word.lowercased()
    if !lower.isEmpty {
      let begun = Set(candidates.filter { $0.lowercased().hasPrefix(lower) && $0.count > word.count })
      if begun.count == 1 { return begun.first }
    }
    let limit = max(1, min(3, (word.count + 1) / 4))
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(word.lowercased(), candidate.lowercased())
      if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions, transpositions.
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}

package extension String {
  /// The string without leading and trailing spaces and tabs.
  func trimmedSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return String(self[first...last])
  }
}
