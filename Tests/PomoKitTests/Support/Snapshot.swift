import Foundation
import Testing

/// Golden text kept in a file of its own under `Tests/PomoKitTests/Snapshots`, as
/// swift-argument-parser keeps its snapshots: a change to what pomo prints is then a reviewed
/// diff of that file, not an edit of a string literal in a test.
///
/// The folder is found from this file's path (`#filePath`), so a test reads the snapshots of
/// the source tree it was built from and can rewrite them there: with `POMO_UPDATE_SNAPSHOTS=1`
/// in the environment, every snapshot that differs (or is missing) is written anew instead of
/// failing, and the change shows in `git diff` (CONTRIBUTING.md).
enum Snapshot {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots").path

  /// The variable that turns comparing into rewriting.
  static let updateVariable = "POMO_UPDATE_SNAPSHOTS"

  static var updating: Bool {
    guard let value = ProcessInfo.processInfo.environment[updateVariable] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// The snapshot files in the folder, by name.
  static func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Expects `actual` to be the snapshot `name` byte for byte; if it is not, the issue names the
  /// file and shows the difference (`mismatch`). When `updating`, the file is written instead.
  static func expect(
    _ actual: String, matches name: String, what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let message = mismatch(actual, matches: name, what: what) else { return }
    guard updating else {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try actual.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    } catch {
      Issue.record("cannot write the snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
  }

  /// Nil when `actual` is the snapshot `name` byte for byte; else what a failure says: the file,
  /// how to rewrite it, and the lines that differ, `-` as the file has them and `+` as `what`
  /// printed them.
  static func mismatch(_ actual: String, matches name: String, what: String) -> String? {
    let expected = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    guard expected != actual else { return nil }
    let relative = "Tests/PomoKitTests/Snapshots/" + name
    guard let expected else {
      return "\(relative) does not exist; \(updateVariable)=1 writes it. \(what):\n\(actual)"
    }
    return """
      \(relative) differs from \(what) (\(updateVariable)=1 rewrites it):
      --- \(relative)
      +++ \(what)
      \(diff(expected, actual))
      """
  }

  /// A line diff of two texts: the lines that differ, with up to 2 lines around them; `@@`
  /// starts each run with the 1-based line numbers it begins at in each text.
  static func diff(_ old: String, _ new: String, context: Int = 2) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The longest common subsequence, by the lengths of the common suffixes of a[i...] and b[j...].
    var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    // Each line with its mark (" ", "-" or "+") and where it stands in each text.
    var lines: [(mark: Character, text: String, i: Int, j: Int)] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count && j < b.count && a[i] == b[j] {
        lines.append((" ", a[i], i, j))
        i += 1
        j += 1
      } else if i < a.count && (j == b.count || common[i + 1][j] >= common[i][j + 1]) {
        lines.append(("-", a[i], i, j))
        i += 1
      } else {
        lines.append(("+", b[j], i, j))
        j += 1
      }
    }
    let changed = lines.indices.filter { lines[$0].mark != " " }
    var out: [String] = []
    var shownUpTo = -1
    for k in changed where k > shownUpTo {
      let start = max(k - context, shownUpTo + 1)
      // A run goes on while the next change is within twice the context.
      var end = k
      while let next = changed.first(where: { $0 > end }), next - end <= 2 * context + 1 { end = next }
      end = min(end + context, lines.count - 1)
      out.append("@@ -\(lines[start].i + 1) +\(lines[start].j + 1) @@")
      for line in lines[start...end] { out.append("\(line.mark)\(line.text)") }
      shownUpTo = end
    }
    return out.joined(separator: "\n")
  }
}
