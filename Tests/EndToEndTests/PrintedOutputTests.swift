import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

/// What a command prints on stdout arrives whole, or pomo says it did not: a write that fails
/// (a full disk, here `/dev/full`) is an error on stderr and exit 1, as `--output` to a full
/// disk is; a reader that goes (`| head -1`) is not, and stays quiet. A session's live display
/// is not judged by it.
@Suite("Printed output that cannot be written", .endToEnd)
struct PrintedOutputTests {
  let home: PomoHome

  init() throws {
    var home = try PomoHome()
    home.environment["TZ"] = "UTC"
    home.environment["POMO_JOURNAL"] = home.file("journal.jsonl")
    let lines = (0..<3000).map { journalLine($0, tags: ["t\($0 % 5)"]) }
    try home.write("journal.jsonl", lines.joined(separator: "\n") + "\n")
    self.home = home
  }

  /// Runs pomo with `words`, its stdout sent to `/dev/full`.
  func toFullDevice(_ words: [String]) async throws -> Finished {
    try await runProgram(
      ["/bin/sh", "-c", #"exec "$0" "$@" >/dev/full"#, pomoBinary] + words, environment: home.environment)
  }

  @Test(
    "a write to stdout that fails says so in one line and exits 1",
    arguments: [["log", "-n", "1000"], ["log", "--json", "-n", "1000"], ["report", "--year", "--format", "json"]])
  func fullDevice(_ words: [String]) async throws {
    defer { home.cleanUp() }
    let run = try await toFullDevice(words)
    #expect(run.status == 1)
    #expect(run.err == "Error: cannot write the output: no space left on device\n")
  }

  @Test("a reader that goes (log --json | head -1) ends log --json quietly, with exit 0")
  func readerGoes() async throws {
    defer { home.cleanUp() }
    let script = #"{ "$0" log --json -n 100000 2>"$1"; echo $? >"$2"; } | head -1"#
    let (errors, status) = (home.file("errors.txt"), home.file("status.txt"))
    let run = try await runProgram(["/bin/sh", "-c", script, pomoBinary, errors, status], environment: home.environment)
    #expect(run.out == "[\n")
    #expect(home.read("status.txt") == "0\n")
    #expect(home.read("errors.txt") == "")
  }

  @Test("a session whose display cannot be written still runs to its end and is recorded")
  func sessionNotJudged() async throws {
    defer { home.cleanUp() }
    let run = try await toFullDevice(["start", "1s", "--no-notify"])
    #expect(run.status == 0)
    #expect(run.err == "")
    let log = try await home.run("log", "--json", "-n", "1")
    let newest = try JSONParser.parse(Array(log.out.utf8)).arrayValue?.first
    #expect(newest?["status"]?.stringValue == "completed")
    #expect(newest?["id"]?.stringValue?.hasPrefix("id-") == false, "the new session is the newest")
  }
}

/// `log --json` prints JSON that any reader takes, whatever a journal line the reader accepts
/// holds: no byte order mark from a file's first line, and no number JSON does not allow.
@Suite("log --json prints only JSON", .endToEnd)
struct LogJSONValidityTests {
  /// `log --json` of `journal`, from the journal alone and then from the cache (made, then read).
  func logs(_ journal: String) async throws -> [Finished] {
    var home = try PomoHome()
    defer { home.cleanUp() }
    home.environment["TZ"] = "UTC"
    home.environment["POMO_JOURNAL"] = home.file("journal.jsonl")
    try home.write("journal.jsonl", journal)
    var runs: [Finished] = []
    for words in [["--no-cache"], [], []] { runs.append(try await home.run(["log", "--json"] + words)) }
    return runs
  }

  @Test("a first line that starts with a byte order mark is printed without it")
  func byteOrderMark() async throws {
    let journal = "\u{FEFF}" + journalLine(1, tags: []) + "\n" + journalLine(2, tags: ["b"]) + "\n"
    for run in try await logs(journal) {
      #expect(run.status == 0)
      #expect(run.err == "")
      #expect(!run.out.contains("\u{FEFF}"))
      let sessions = try JSONParser.parse(Array(run.out.utf8)).arrayValue
      #expect(sessions?.compactMap { $0["id"]?.stringValue }.sorted() == ["id-1", "id-2"])
    }
  }

  @Test("a line with a number that has a leading zero is a damaged line, left out of the JSON")
  func leadingZero() async throws {
    let zero = journalLine(1, tags: []).replacingOccurrences(of: #""rounds":1"#, with: #""rounds":01"#)
    #expect(zero.contains(#""rounds":01"#))
    for run in try await logs(zero + "\n" + journalLine(2, tags: []) + "\n") {
      #expect(run.status == 0)
      #expect(run.err.contains(":1: skipped a damaged line: invalid JSON at column "))
      #expect(run.err.contains("numbers cannot have leading zeros"))
      let sessions = try JSONParser.parse(Array(run.out.utf8)).arrayValue
      #expect(sessions?.compactMap { $0["id"]?.stringValue } == ["id-2"])
    }
  }
}
