import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

/// The limits of the process: descriptors (RLIMIT_NOFILE) and threads (RLIMIT_NPROC, a
/// container's pids.max). pomo opens a bounded number of files at a time, and works on the
/// calling thread when no other can be had; it never dies or waits for good at a limit.
@Suite("Limits of the process: descriptors and threads", .endToEnd)
struct ProcessLimitTests {
  /// A journal folder of `count` machine files, one session each, the newest first, an hour
  /// apart and ending an hour ago (so this week holds some, in every file's turn).
  static func folder(_ home: PomoHome, files count: Int) throws -> String {
    let folder = home.folder.file(".local/share/pomo/journal")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let now = Date().timeIntervalSince1970
    for k in 0..<count {
      let record = focusSession(
        String(format: "%08x-0000-4000-8000-%012x", k, k), start: now - 3600 * Double(k + 2), host: "m\(k)")
      let line = record.json(offset: { _ in 0 }).text + "\n"
      try line.write(toFile: folder + String(format: "/m%05d-aaaaaa.jsonl", k), atomically: false, encoding: .utf8)
    }
    return folder
  }

  /// `pomo words…` with at most `descriptors` open files, set in the child by the shell.
  static func withDescriptors(_ descriptors: Int, _ home: PomoHome, _ words: [String]) async throws -> Finished {
    try await runProgram(
      ["/bin/sh", "-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", pomoBinary] + words,
      environment: home.environment)
  }

  @Test("descriptor budget: a folder of 3,000 files under ulimit -n 64 works for log, report, export, add, edit")
  func descriptorBudget() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    _ = try Self.folder(home, files: 3000)
    let commands: [[String]] = [
      ["log", "--limit", "5"], ["report", "--week"], ["report", "--year"], ["export", "--format", "csv"],
      ["add", "25m", "--start", "-40m"], ["edit", "last", "--note", "edited under a low descriptor limit"],
      ["log", "--limit", "1"],
    ]
    for words in commands {
      let run = try await Self.withDescriptors(64, home, words)
      #expect(run.status == 0, "pomo \(words.joined(separator: " ")): \(run.err)")
      #expect(!run.err.contains("too many open files"), "pomo \(words.joined(separator: " ")): \(run.err)")
      if words == ["export", "--format", "csv"] {
        // The header, then every session of every file.
        #expect(run.out.utf8.filter { $0 == 0x0A }.count == 3001, "\(run.out.prefix(500))")
      }
    }
    let last = try await Self.withDescriptors(64, home, ["log", "--limit", "1", "--json"])
    #expect(last.out.contains("edited under a low descriptor limit"))
  }

  /// A way to run a command where no thread can be created: as nobody (root ignores
  /// RLIMIT_NPROC) with a process limit of one, or under the limit alone when not root.
  static var noThreadPrefix: [String]? {
    guard let prlimit = RequiredTool.path(of: "prlimit") else { return nil }
    let limit = [prlimit, "--nproc=1:1", "--"]
    guard getuid() == 0 else { return limit }
    guard let setpriv = RequiredTool.path(of: "setpriv") else { return nil }
    return [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + limit
  }

  @Test(
    "no thread to be had: report, log and add finish on the calling thread under RLIMIT_NPROC",
    .enabled(
      if: noThreadPrefix != nil, "needs prlimit (util-linux), and setpriv to drop root, which ignores RLIMIT_NPROC"))
  func noThreadToBeHad() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    _ = try Self.folder(home, files: 6)
    // A file big enough that its index is read on several threads when it can be.
    let big = home.folder.file(".local/share/pomo/journal/big-bbbbbb.jsonl")
    let start = Date().timeIntervalSince1970 - 86_400 * 400
    var text = ""
    for k in 0..<3000 {
      text += focusSession(String(format: "b%07x-0000-4000-8000-%012x", k, k), start: start + 3600 * Double(k))
        .json(offset: { _ in 0 }).text + "\n"
    }
    try text.write(toFile: big, atomically: false, encoding: .utf8)
    // Everything in HOME is the user's the command runs as.
    _ = try await runProgram(["/bin/chmod", "-R", "a+rwX", home.path], environment: [:])
    let prefix = try #require(Self.noThreadPrefix)
    for words in [["report", "--week"], ["log", "--limit", "3"], ["add", "25m", "--start", "-30m"], ["report", "--year"]] {
      let run = try await runProgram(prefix + [pomoBinary] + words, environment: home.environment, timeout: 60)
      #expect(run.status == 0, "pomo \(words.joined(separator: " ")): \(run.err)")
    }
  }
}
