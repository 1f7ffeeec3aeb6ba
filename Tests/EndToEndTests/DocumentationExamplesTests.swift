import Foundation
import PomoTestSupport
import Testing

/// The examples of output in README.md and docs/*.md, run against the built binary, so that
/// none goes stale.
///
/// The convention, for whoever writes the documentation:
///
/// - A fenced block whose info string is `console` (```` ```console ````, the fence at the start
///   of its line) is checked; every other block (```` ``` ````, ```` ```sh ````, ```` ```json ````)
///   is an illustration and is not. Use plain blocks for what cannot come out the same twice:
///   a live session's screen, `pomo status` while something runs, `pomo journal` (it names
///   the machine), anything relative to today (`--week` alone, `--today`, `yesterday 14:30`).
/// - In a checked block, a line starting with `$ pomo` is a command, written as in a shell
///   (words split at spaces; `'…'`, `"…"` and `\` quote as in sh; a `#` after a space starts a
///   comment). No pipes, redirections or other programs: the test runs the built pomo itself.
///   The lines after a command, up to the next command or the end of the block, are what it
///   prints: its standard error, then its standard output, as a user sees them when the
///   command writes only one of them (or warnings first). Every line of both sides loses its
///   trailing spaces (and the CR of CRLF), and blank lines at the end are dropped; the rest
///   is compared whole.
/// - A command whose expected output has a line starting with `Error:` must exit non-zero;
///   any other must exit 0.
/// - Each block runs in a fresh, empty HOME, so the commands before in the same block are its
///   whole history: write the sessions a report needs with `pomo add … --start …` at fixed
///   dates in the block itself (the page stays self-contained), and pick ranges with explicit
///   `--from/--to`, `--week 2026-W10` or `--year 2026`. Use dates well in the past: a report's
///   streak counts up to today. The environment is only `HOME`, `TZ=UTC`, `NO_COLOR=1`,
///   `COLUMNS=80`, `LANG=C.UTF-8` and `PATH=/usr/bin:/bin`; no XDG variable is set, so every
///   file lands in HOME and a session running elsewhere on the machine is not seen.
/// - The HOME's path shows as `/home/me` in the output.
/// - Session ids are random. Any 8-hex-digit word in the expected output that is not all
///   digits (`5d0c8e11`, or a whole UUID that starts so) stands for a session id, and so does
///   every id in pomo's output that its journal holds: both sides number them in the order
///   they first appear in the block, and a documented id in a later command stands for the
///   real id of the same number. So write ids as pomo would print them, and never one that no
///   command of the block printed before.
struct DocumentationExample: CustomTestStringConvertible, Sendable {
  struct Step: Sendable {
    var line: Int
    var command: String
    var expected: String
  }

  /// The page, relative to the package root, and the line of the opening fence.
  var file: String
  var line: Int
  var steps: [Step]
  /// What is wrong with the block itself, when it cannot be run.
  var problem: String?

  var testDescription: String { "\(file):\(line)" }

  /// The pages with examples: the README and every page in docs/.
  static var pages: [String] {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// Every checked block of every page.
  static let all: [DocumentationExample] = pages.flatMap { page in
    parse(page: page, text: (try? String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)) ?? "")
  }

  /// The checked blocks of one page.
  static func parse(page: String, text: String) -> [DocumentationExample] {
    var examples: [DocumentationExample] = []
    var current: DocumentationExample?
    var fence = ""
    var inOtherBlock = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let number = index + 1
      if var example = current {
        if line.hasPrefix(fence) && line.allSatisfy({ $0 == "`" }) {
          if example.steps.isEmpty && example.problem == nil { example.problem = "a console block with no '$ pomo' line" }
          examples.append(example)
          current = nil
        } else if line.hasPrefix("$ ") {
          let command = String(line.dropFirst(2))
          if command != "pomo" && !command.hasPrefix("pomo ") && example.problem == nil {
            example.problem = "line \(number): a checked command must run pomo, got '\(command)'"
          }
          example.steps.append(Step(line: number, command: command, expected: ""))
          current = example
        } else if example.steps.isEmpty {
          if example.problem == nil { example.problem = "line \(number): output before the first '$ pomo' line" }
          current = example
        } else {
          example.steps[example.steps.count - 1].expected += line + "\n"
          current = example
        }
        continue
      }
      let backticks = line.prefix { $0 == "`" }
      guard backticks.count >= 3 else { continue }
      let info = line.dropFirst(backticks.count).trimmingCharacters(in: .whitespaces)
      if inOtherBlock {
        if info.isEmpty && backticks.count >= fence.count { inOtherBlock = false }
      } else if info == "console" {
        fence = String(backticks)
        current = DocumentationExample(file: page, line: number, steps: [])
      } else {
        fence = String(backticks)
        inOtherBlock = true
      }
    }
    if var example = current {
      example.problem = "the block is not closed"
      examples.append(example)
    }
    return examples
  }
}

/// A command line split into words as sh would, for the few forms the documentation uses.
func shellWords(_ line: String) throws -> [String] {
  struct Unsupported: Error, CustomStringConvertible { var description: String }
  var words: [String] = []
  var word = ""
  var inWord = false
  var characters = Array(line)[...]
  while let character = characters.popFirst() {
    switch character {
    case " ", "\t":
      if inWord { words.append(word) }
      word = ""
      inWord = false
    case "#" where !inWord:
      return words
    case "'":
      inWord = true
      while let next = characters.popFirst(), next != "'" { word.append(next) }
    case "\"":
      inWord = true
      while let next = characters.popFirst(), next != "\"" {
        if next == "\\", let escaped = characters.first, "\"\\$`".contains(escaped) {
          word.append(characters.removeFirst())
        } else {
          word.append(next)
        }
      }
    case "\\":
      inWord = true
      if let next = characters.popFirst() { word.append(next) }
    case "|", ">", "<", ";", "&", "$", "`", "(", ")":
      throw Unsupported(description: "'\(character)' in '\(line)': checked examples run pomo alone, with no shell")
    default:
      inWord = true
      word.append(character)
    }
  }
  if inWord { words.append(word) }
  return words
}

/// The ids in a block's output and in its expected output, numbered by first appearance, so
/// that random session ids compare equal to the ones the page shows.
struct SessionIDNumbering {
  private static let pattern = try! NSRegularExpression(
    pattern: "(?<![0-9A-Za-z])([0-9a-f]{8})((?:-[0-9a-f]{4}){3}-[0-9a-f]{12})?(?![0-9A-Za-z])")

  private var actual: [String: Int] = [:]
  private var documented: [String: Int] = [:]

  /// `text` with each id that `isID` accepts replaced by `<id N>` (a short id) or `<uuid N>`.
  private static func number(_ text: String, _ numbers: inout [String: Int], isID: (String) -> Bool) -> String {
    let whole = text as NSString
    var out = ""
    var last = 0
    for match in pattern.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
      let key = whole.substring(with: match.range(at: 1))
      guard isID(key) else { continue }
      let number = numbers[key] ?? numbers.count + 1
      numbers[key] = number
      out += whole.substring(with: NSRange(location: last, length: match.range.location - last))
      out += match.range(at: 2).location == NSNotFound ? "<id \(number)>" : "<uuid \(number)>"
      last = match.range.location + match.range.length
    }
    return out + whole.substring(from: last)
  }

  /// pomo's output, its ids (those the journal holds: `known`, by their first 8 characters) numbered.
  mutating func actualOutput(_ text: String, known: Set<String>) -> String {
    Self.number(text, &actual) { known.contains($0) }
  }

  /// The page's expected output, its ids numbered.
  mutating func documentedOutput(_ text: String) -> String {
    Self.number(text, &documented) { !$0.allSatisfy(\.isNumber) }
  }

  /// A command's word with each documented id replaced by the real id of the same number.
  func realWord(_ word: String) -> String {
    var word = word
    for (id, number) in documented {
      guard let real = actual.first(where: { $0.value == number })?.key else { continue }
      word = word.replacingOccurrences(of: id, with: real)
    }
    return word
  }
}

/// Every line without its trailing spaces (and CR), no blank lines at the end. It works on
/// Unicode scalars, since "\r\n" is one Character to Swift's String.
func normalisedOutput(_ text: String) -> String {
  var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
    var line = scalars
    while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
    return String(String.UnicodeScalarView(line))
  }
  while lines.last == "" { lines.removeLast() }
  return lines.joined(separator: "\n")
}

/// The first 8 characters of every id in the journal folder under `home`.
func journalIDPrefixes(home: String) -> Set<String> {
  let folder = home + "/.local/share/pomo/journal"
  let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  var ids: Set<String> = []
  for file in files where file.hasSuffix(".jsonl") {
    let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") {
      guard let range = line.range(of: "\"id\":\"") else { continue }
      ids.insert(String(line[range.upperBound...].prefix(8)))
    }
  }
  return ids
}

/// A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped,
/// spaces as `-`.
func headingAnchor(_ heading: String) -> String {
  String(
    heading.lowercased().compactMap { character -> Character? in
      if character == " " { return "-" }
      if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
      return nil
    })
}

/// The anchors a page offers: its headings' (numbered `-1`, `-2` when repeated) and its `<a id>`s.
func pageAnchors(_ text: String) -> Set<String> {
  var anchors: Set<String> = []
  var seen: [String: Int] = [:]
  var inBlock = false
  for line in text.components(separatedBy: "\n") {
    if line.hasPrefix("```") { inBlock.toggle() }
    if inBlock { continue }
    if line.hasPrefix("#") {
      let anchor = headingAnchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
      let count = seen[anchor, default: 0]
      seen[anchor] = count + 1
      anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
    }
    var rest = Substring(line)
    while let range = rest.range(of: "<a id=\"") {
      let name = rest[range.upperBound...].prefix { $0 != "\"" }
      anchors.insert(String(name))
      rest = rest[range.upperBound...]
    }
  }
  return anchors
}

@Suite("documentation examples", .endToEnd)
struct DocumentationExamplesTests {
  @Test("an example of output in the README or docs/ is what pomo prints", arguments: DocumentationExample.all)
  func example(_ example: DocumentationExample) async throws {
    if let problem = example.problem {
      Issue.record("\(example.file):\(example.line): \(problem)")
      return
    }
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = [
      "HOME": home.path, "TZ": "UTC", "NO_COLOR": "1", "COLUMNS": "80", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
    ]
    var ids = SessionIDNumbering()
    for step in example.steps {
      let words = try shellWords(step.command).dropFirst().map { ids.realWord($0) }
      let result = try await runPomo(Array(words), environment: environment)
      let printed = (result.err + result.out).replacingOccurrences(of: home.path, with: "/home/me")
      let actual = ids.actualOutput(normalisedOutput(printed), known: journalIDPrefixes(home: home.path))
      let expected = ids.documentedOutput(normalisedOutput(step.expected))
      #expect(actual == expected, "\(example.file):\(step.line): $ \(step.command)")
      let isError = expected.components(separatedBy: "\n").contains { $0.hasPrefix("Error:") }
      #expect(
        isError ? result.status != 0 : result.status == 0,
        "\(example.file):\(step.line): $ \(step.command) exited \(result.status)")
    }
  }

  @Test("the README and docs/ have at least 15 checked examples, the --format xml error among them")
  func enoughExamples() {
    #expect(DocumentationExample.all.count >= 15)
    #expect(DocumentationExample.all.contains { $0.steps.contains { $0.command.contains("--format xml") } })
  }

  @Test("every relative link in the README and docs/ reaches a file, and its anchor a heading")
  func links() throws {
    let link = try NSRegularExpression(pattern: "\\]\\(([^)\\s]+)\\)")
    var problems: [String] = []
    for page in DocumentationExample.pages {
      let text = try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
      let folder = (page as NSString).deletingLastPathComponent
      let whole = text as NSString
      for match in link.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
        let target = whole.substring(with: match.range(at: 1))
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let file =
          path.isEmpty ? page : ((folder.isEmpty ? path : folder + "/" + path) as NSString).standardizingPath
        guard FileManager.default.fileExists(atPath: packageRoot + "/" + file) else {
          problems.append("\(page): \(target): no file \(file)")
          continue
        }
        if parts.count == 2, file.hasSuffix(".md") {
          let anchors = pageAnchors(try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8))
          if !anchors.contains(String(parts[1])) { problems.append("\(page): \(target): no such heading in \(file)") }
        }
      }
    }
    #expect(problems == [])
  }
}
