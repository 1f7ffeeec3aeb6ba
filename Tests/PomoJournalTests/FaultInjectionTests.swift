import Foundation
import PomoJournal
import PomoPlatform
import PomoTestSupport
import Testing

@testable import PomoCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system fails on purpose (`FileFaults`): at every step of a journal append, each
/// kind of fault (EIO, ENOSPC, EINTR, a short write). An append completes or throws and leaves
/// no part of a line. (The commands against the same faults: `CommandFaultTests`.)
@Suite("Faults injected into the file system")
struct FaultInjectionTests {
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
    "an append that meets a fault at any step completes or throws, and leaves no part of a line",
    arguments: FileFault.writes)
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
        #expect(!fault.mustComplete, "\(fault) at \(step) must not fail the append: \(error)")
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
}
