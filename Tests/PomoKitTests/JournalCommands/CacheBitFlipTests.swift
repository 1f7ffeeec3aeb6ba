import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing
@testable import PomoIndex

@testable import PomoJournal

/// No byte of any cache file can make an answer wrong: one flipped byte in the corrections
/// side file once brought a deleted session back into log, report and export until the
/// journal changed. Every cache file carries a checksum (`CacheFile`) over all it holds, and
/// one that fails is built again from the journal.
@Suite("Cache bit flips")
struct CacheBitFlipTests {
  static let now = DayTotalsTests.now

  /// A journal of two files (so the ids both hold are remembered too), with sessions deleted,
  /// moved, retagged and added by hand: every cache file pomo keeps has something in it.
  static func home() throws -> HistoryHarness {
    let h = try HistoryHarness(now: now)
    let records = DayTotalsTests.sessions(120, seed: 3)
    try h.write(records)
    let copy = DayTotalsTests.sessions(5, seed: 3, host: "desktop")
    try h.home.write(journalFile(h.home.path, host: "desktop"), DayTotalsTests.lines(copy))
    for k in [7, 40, 99] { #expect(h.run("delete", records[k].id).status == 0) }
    #expect(h.run("edit", records[60].id, "--tag", "moved").status == 0)
    #expect(h.run("add", "work", "--start", "2026-11-30 09:00", "--allow-overlap").status == 0)
    return h
  }

  static let commands = [
    ["log", "--limit", "1000"], ["report", "--from", DayTotalsTests.from, "--format", "json"],
    ["export", "--format", "json"], ["completions", "--list", "tags"],
    ["report", "--hours", "--from", DayTotalsTests.from],
  ]

  static func answers(_ h: HistoryHarness) -> [String] {
    commands.map { words in
      let result = h.run(words)
      return "\(result.status)\n\(result.out)\n\(result.err)"
    }
  }

  /// The places flipped in a file: a byte of each word of the header (`checksum` flips
  /// every bit of a header) and of the first block's header (its tag, the length a reader
  /// trusts to read that block alone, its checksum), and a sample of the payload (spread
  /// evenly, the last byte among them).
  static func places(_ size: Int, samples: Int = 10) -> [Int] {
    let header = [0, 7, 8, 17, 26, 31, 32, 40, 48].filter { $0 < size }
    guard size > CacheFile.headerSize else { return header }
    let payload = size - CacheFile.headerSize
    let step = max(1, payload / samples)
    return header + Array(stride(from: CacheFile.headerSize, to: size, by: step)) + [size - 1]
  }

  @Test("a byte flipped anywhere in any cache file changes no answer of log, report, export or completions")
  func everyCacheFile() throws {
    let h = try Self.home()
    defer { h.home.cleanUp() }
    let cache = h.home.path + "/.cache/pomo"
    let fresh = Self.answers(h)
    try FileManager.default.removeItem(atPath: cache)
    let recount = Self.answers(h)
    #expect(recount == fresh, "the caches built by these commands answer as a recount does")
    _ = Self.answers(h)
    let names = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
    for kind in ["bin", "folder-", "totals-"] {
      #expect(names.contains { $0.hasSuffix("." + kind) || $0.hasPrefix(kind) }, "a \(kind) cache file is kept")
    }
    // The streak and the ids both files hold are memos in the first file's index file.
    #expect(!names.contains { $0.hasSuffix(".streak") || $0.hasSuffix(".shared") }, "\(names)")
    let good = try names.map { try Data(contentsOf: URL(fileURLWithPath: cache + "/" + $0)) }
    func restore() throws {
      for name in try FileManager.default.contentsOfDirectory(atPath: cache) where !names.contains(name) {
        try FileManager.default.removeItem(atPath: cache + "/" + name)
      }
      for (name, data) in zip(names, good) { try data.write(to: URL(fileURLWithPath: cache + "/" + name)) }
    }
    for (name, data) in zip(names, good) {
      for place in Self.places(data.count) {
        for (k, words) in Self.commands.enumerated() {
          try restore()
          var bytes = data
          bytes[place] ^= 0x10
          try bytes.write(to: URL(fileURLWithPath: cache + "/" + name))
          let result = h.run(words)
          let answer = "\(result.status)\n\(result.out)\n\(result.err)"
          #expect(
            answer == recount[k], "\(name), byte \(place) of \(data.count) flipped: \(words.joined(separator: " "))")
          if answer != recount[k] { return }
        }
      }
    }
  }
}
