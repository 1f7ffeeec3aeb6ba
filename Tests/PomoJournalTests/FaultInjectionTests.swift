import Foundation
import PomoCore
import PomoJournal
import PomoPlatform
import PomoTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system fails on purpose (`FileFaults`): at every step of a journal append and of a
/// cache write, each kind of fault (EIO, ENOSPC, EINTR, a short write or read, a file cut
/// between two reads). An append completes or throws and leaves no part of a line; a cache
/// that fails to be written or read costs time, never a wrong answer; every command answers
/// as the recount from the journal alone (`--no-cache`), or fails with a clear error.
@Suite("Faults injected into the file system")
struct FaultInjectionTests {
  /// What a write may meet: errors, a signal, a full disk that takes part of it.
  static let writeFaults: [FileFault] = [.fail(EIO), .fail(ENOSPC), .fail(EINTR), .short(0), .short(1), .short(100)]
  /// What a read may meet: errors, a signal, a short read, the file cut just before it.
  static let readFaults: [FileFault] = [.fail(EIO), .fail(EINTR), .short(1), .short(0), .cut(0), .cut(40), .cut(5_000)]

  static func line(_ n: Int) -> String {
    let start = 1_767_225_600 + Double(n) * 3_600
    let record = JournalRecord(
      id: String(format: "0000%04x-fa17-4000-8000-00000000%04x", n, n), preset: "work", status: .completed,
      start: start, end: start + 1_500, tags: ["t\(n)"], host: "laptop", rounds: 1,
      phases: [
        JournalPhase(
          name: "focus", kind: .work, round: 1, start: start, end: start + 1_500, plannedSeconds: 1_500,
          elapsedSeconds: 1_500, completed: true)
      ])
    return record.json(offset: { _ in 0 }).text
  }

  /// Whether a failure or shortening of every kind must still let the call's caller complete.
  static func mustComplete(_ fault: FileFault) -> Bool {
    switch fault {
    case .fail(let code): code == EINTR
    case .short(let count): count > 0
    case .cut: false
    }
  }

  // MARK: - The injector

  @Test("the injector sees each call in order, fails, shortens and cuts the one it is asked to")
  func injector() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = folder.file("a.txt")
    #expect(FileFaults.current == nil, "no injector outside a test's scope")

    let recorder = FileFaults()
    try FileFaults.$current.withValue(recorder) { try Platform.writeAtomically("hello\n", to: path) }
    #expect(recorder.operations.map(\.kind) == [.open, .write, .sync, .rename])
    #expect(recorder.operations.map(\.number) == [0, 1, 2, 3])
    #expect(recorder.operations.last?.path == path, "a rename is named by the name it gives")
    #expect(recorder.injected.isEmpty)

    let full = FileFaults { $0.kind == .write ? .fail(ENOSPC) : nil }
    #expect(throws: FileSystemError(code: ENOSPC)) {
      try FileFaults.$current.withValue(full) { try Platform.writeAtomically("other\n", to: path) }
    }
    #expect(full.injected.count == 1)
    #expect(folder.read("a.txt") == "hello\n", "the old file stays whole")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.txt"], "no temporary left")

    let short = FileFaults { $0.kind == .write ? .short(2) : nil }
    try FileFaults.$current.withValue(short) { try Platform.writeAtomically("continued\n", to: path) }
    #expect(folder.read("a.txt") == "continued\n", "a short write is continued")
    #expect(short.injected.count > 1, "every write was shortened")

    let file = try RandomAccessFile(path: path)
    let cut = FileFaults(only: { kind, _ in kind == .read }) { $0.number == 0 ? .cut(4) : nil }
    let bytes = try FileFaults.$current.withValue(cut) { try file.read(at: 0, count: 10) }
    #expect(bytes == Array("cont".utf8), "the file was cut before the read")
    #expect(Platform.fileSize(path) == 4)
    #expect(throws: FileSystemError.changedWhileRead) { try file.read(exactly: 10, at: 0) }

    let other = FileFaults(only: { _, name in name.hasSuffix("b.txt") }) { _ in .fail(EIO) }
    try FileFaults.$current.withValue(other) { try Platform.writeAtomically("x\n", to: path) }
    #expect(other.operations.isEmpty, "calls on other files are neither seen nor failed")
  }

  // MARK: - An append

  @Test(
    "an append that meets a fault at any step completes or throws, and leaves no part of a line", arguments: writeFaults
  )
  func appendAtEveryStep(fault: FileFault) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = folder.file("journal.jsonl")
    let journal = Journal(path: path)
    let before = (0..<3).map { Self.line($0) + "\n" }.joined()
    let lines = [Self.line(10), Self.line(11)]
    let added = lines.map { Array($0.utf8)[...] }

    _ = try folder.write("journal.jsonl", before)
    let recorder = FileFaults()
    try FileFaults.$current.withValue(recorder) { try journal.append(lines: added) }
    let steps = recorder.operations
    #expect(steps.map(\.kind) == [.open, .read, .write, .sync], "open, the last byte, one write, one fsync")

    for step in steps {
      _ = try folder.write("journal.jsonl", before)
      let faults = FileFaults { $0.number == step.number ? fault : nil }
      var failure: FileSystemError?
      do {
        try FileFaults.$current.withValue(faults) { try journal.append(lines: added) }
      } catch let error as FileSystemError {
        failure = error
      }
      let after = folder.read("journal.jsonl")
      if let error = failure {
        #expect(after == before, "\(fault) at \(step): \(error), and the file as it was")
        #expect(!Self.mustComplete(fault), "\(fault) at \(step) must not fail the append: \(error)")
        if case .fail(let code) = fault { #expect(error.code == code, "\(fault) at \(step) reported as \(error)") }
      } else {
        #expect(after == before + lines.map { $0 + "\n" }.joined(), "\(fault) at \(step): all of it")
      }
      var bad: [Journal.BadLine] = []
      try journal.forEach(finished: true, bad: { bad.append($0) }) { _, _ in }
      #expect(bad.isEmpty, "\(fault) at \(step): readers find damage: \(bad)")
    }
  }

  @Test("a failed fsync is reported, and what it could not make durable is taken back")
  func failedSync() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try folder.write("journal.jsonl", Self.line(1) + "\n")
    let faults = FileFaults { $0.kind == .sync && $0.number < 5 ? .fail(EIO) : nil }
    #expect(throws: FileSystemError(code: EIO)) {
      try FileFaults.$current.withValue(faults) {
        try Journal(path: path).append(lines: [Array(Self.line(2).utf8)[...]])
      }
    }
    #expect(folder.read("journal.jsonl") == Self.line(1) + "\n")
    #expect(faults.operations.map(\.kind).contains(.truncate), "cut back to its length before the append")
  }

  // MARK: - Commands against the recount

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
    arguments: writeFaults)
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
      if Self.mustComplete(fault) { #expect(result.status == 0, "\(what): \(result.err)") }
      try Self.expectRecount(world, what)
    }
  }

  @Test(
    "a cache write or read that meets a fault at any step costs time, never a wrong answer",
    arguments: writeFaults + readFaults)
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
    "a journal cut or failing between two reads: the answer is the recount's or a clear error", arguments: readFaults)
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
          #expect(!Self.mustComplete(fault), "\(what) must not fail the command: \(result.err)")
        }
        // The test cut the journal itself, perhaps inside a line: that line is damaged now.
        try Self.expectRecount(world, what, lines: false)
      }
    }
  }
}
