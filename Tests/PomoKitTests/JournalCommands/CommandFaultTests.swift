import Foundation
import PomoTestSupport
import Testing

@testable import PomoJournal
@testable import PomoPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system fails on purpose (`FileFaults`) while a command runs, at every step on the
/// journal and the caches: a cache that fails to be written or read costs time, never a wrong
/// answer; every command answers as the recount from the journal alone (`--no-cache`), or
/// fails with a clear error, and afterwards every answer is the recount's.
@Suite("Commands against injected faults")
struct CommandFaultTests {
  /// A world of random sessions whose caches are built, then changed by a session appended
  /// behind pomo's back, so the next command reads the old caches and writes new ones.
  static func world() throws -> RandomHistory {
    let world = try RandomHistory(seed: 11)
    #expect(world.run(["report", "--year"]).status == 0)
    return world
  }

  static let compared: [[String]] = [
    ["report", "--year", "--format", "json"], ["log", "--limit", "100000"], ["completions", "--list", "tags"],
  ]

  /// Every compared command with caches answers as the recount, and no journal file holds
  /// a damaged line.
  static func expectRecount(_ world: RandomHistory, _ what: String, lines: Bool = true) throws {
    for words in compared {
      let cached = world.run(words)
      let recount = world.run(words, noCache: true)
      #expect(
        cached.status == recount.status && cached.out == recount.out && cached.err == recount.err,
        "\(what): pomo \(words.joined(separator: " ")) with caches \(cached.status) \(cached.err) differs from the recount \(recount.status) \(recount.err)"
      )
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: world.journalFolder)) ?? []
    for name in names where lines && name.hasSuffix(".jsonl") {
      var bad: [Journal.BadLine] = []
      try Journal(path: world.journalFolder + "/" + name).forEach(finished: true, bad: { bad.append($0) }) { _, _ in }
      #expect(bad.isEmpty, "\(what): \(name) has damaged lines: \(bad)")
    }
  }

  /// A command run while `faults` fail the calls on the files `only` picks answers as the
  /// recount, or fails with a clear error; afterwards every answer is the recount's.
  static func expectAnswerOrError(
    _ words: [String], in world: RandomHistory, faults: FileFaults, _ what: String
  ) -> (status: Int32, out: String, err: String) {
    let result = FileFaults.$current.withValue(faults) { world.run(words) }
    if result.status != 0 {
      #expect(
        result.err.hasPrefix("Error: ") || result.err.contains("\nError: "), "\(what): unclear failure \(result.err)")
    }
    return result
  }

  @Test(
    "pomo add meets a fault at every step on the journal: it records the session or says why, and answers stay the recount's",
    arguments: FileFault.writes)
  func addAtEveryStep(fault: FileFault) throws {
    let words = ["add", "work", "--start", "2026-11-20 10:00", "--allow-overlap"]
    let probe = try Self.world()
    let probeFolder = probe.journalFolder
    let recorder = FileFaults(only: { _, path in path.hasPrefix(probeFolder) })
    _ = FileFaults.$current.withValue(recorder) { probe.run(words) }
    let steps = recorder.operations.count
    #expect(recorder.operations.contains { $0.kind == .write }, "the append was among the steps")
    for k in 0..<steps {
      let world = try Self.world()
      let folder = world.journalFolder
      let sessions = world.run(["log", "--limit", "100000"], noCache: true).out.split(separator: "\n").count
      let faults = FileFaults(only: { _, path in path.hasPrefix(folder) }) { $0.number == k ? fault : nil }
      let what = "\(fault) at step \(k) of \(steps)"
      let result = Self.expectAnswerOrError(words, in: world, faults: faults, what)
      let now = world.run(["log", "--limit", "100000"], noCache: true).out.split(separator: "\n").count
      #expect(now == sessions + (result.status == 0 ? 1 : 0), "\(what): \(sessions) sessions, then \(now)")
      if fault.mustComplete { #expect(result.status == 0, "\(what): \(result.err)") }
      try Self.expectRecount(world, what)
    }
  }

  @Test(
    "a cache write or read that meets a fault at any step costs time, never a wrong answer",
    arguments: FileFault.writes + FileFault.reads)
  func cacheAtEveryStep(fault: FileFault) throws {
    let words = ["report", "--year", "--format", "json"]
    let probe = try Self.world()
    probe.appendSession()
    let probeFolder = probe.cacheFolder
    let recorder = FileFaults(only: { _, path in path.hasPrefix(probeFolder) })
    _ = FileFaults.$current.withValue(recorder) { probe.run(words) }
    let steps = recorder.operations.count
    let kinds = Set(recorder.operations.map(\.kind))
    #expect(kinds.isSuperset(of: [.open, .read, .write, .rename]), "cache reads and writes among the steps: \(kinds)")
    for k in 0..<steps {
      let world = try Self.world()
      world.appendSession()
      let folder = world.cacheFolder
      let recount = world.run(words, noCache: true)
      let faults = FileFaults(only: { _, path in path.hasPrefix(folder) }) { $0.number == k ? fault : nil }
      let what = "\(fault) at step \(k) of \(steps)"
      let result = Self.expectAnswerOrError(words, in: world, faults: faults, what)
      #expect(
        result.status == 0 && result.out == recount.out, "\(what): a cache's fault changed the answer: \(result.err)")
      try Self.expectRecount(world, what)
    }
  }

  @Test(
    "a journal cut or failing between two reads: the answer is the recount's or a clear error",
    arguments: FileFault.reads)
  func journalReadAtEveryStep(fault: FileFault) throws {
    let words = ["report", "--year", "--format", "json"]
    let probe = try Self.world()
    probe.appendSession()
    let probeFolder = probe.journalFolder
    let recorder = FileFaults(only: { kind, path in kind == .read && path.hasPrefix(probeFolder) })
    _ = FileFaults.$current.withValue(recorder) { probe.run(words, noCache: true) }
    let steps = recorder.operations.count
    #expect(steps > 0)
    for noCache in [false, true] {
      for k in 0..<steps {
        let world = try Self.world()
        world.appendSession()
        let folder = world.journalFolder
        let faults = FileFaults(only: { kind, path in kind == .read && path.hasPrefix(folder) }) {
          $0.number == k ? fault : nil
        }
        let what = "\(fault) at read \(k) of \(steps)\(noCache ? ", --no-cache" : "")"
        let result = FileFaults.$current.withValue(faults) { world.run(words, noCache: noCache) }
        if result.status == 0 {
          // The file as it is now (cut, perhaps) is what the answer must be about.
          let recount = world.run(words, noCache: true)
          #expect(result.out == recount.out, "\(what): a wrong answer")
        } else {
          #expect(result.err.contains("Error: "), "\(what): unclear failure \(result.err)")
          #expect(!fault.mustComplete, "\(what) must not fail the command: \(result.err)")
        }
        // The test cut the journal itself, perhaps inside a line: that line is damaged now.
        try Self.expectRecount(world, what, lines: false)
      }
    }
  }
}
