import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// The real binary, reporting over decades, while another process keeps cutting its cache
/// files short and restoring them in place (`> file`, `cp` over it): no run dies of SIGBUS
/// (the day totals were once mapped), and every run gives the answer of a recount.
@Suite("Cache files cut during a report", .endToEnd)
struct CacheTruncationEndToEndTests {
  @Test("cache files emptied and restored in place during long reports: no crash, no wrong answer")
  func truncatedDuringReports() async throws {
    try await PomoHome.with { home in
      // 20,000 sessions over 40 years: a totals file of some megabytes.
      let first = 567_993_600.0  // 1988-01-01
      let records = (0..<20_000).map { k in
        focusSession(
          "e\(String(k, radix: 16))", start: first + Double(k) * 63_113.0, minutes: Double(5 + k % 50),
          tags: [["a"], ["b"], []][k % 3])
      }
      try home.folder.write(
        journalFile(home.path, host: "laptop"), records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined())
      let words = ["report", "--from", "1988-01-01", "--to", "2027-12-31", "--format", "json"]
      var fresh = home
      fresh.environment["XDG_CACHE_HOME"] = home.path + "/fresh"
      let recount = try await fresh.run(words)
      #expect(recount.status == 0, "\(recount.err)")
      #expect(try await home.run(words).out == recount.out, "the caches are built")
      let cache = home.path + "/.cache/pomo"
      let names = try FileManager.default.contentsOfDirectory(atPath: cache).filter { !$0.hasSuffix(".tmp") }
      #expect(names.contains { $0.hasPrefix("totals-") })
      let good = try names.map { try Data(contentsOf: URL(fileURLWithPath: cache + "/" + $0)) }

      // Another thread empties each cache file in place and writes it back, over and over.
      final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
      }
      let stop = Flag()
      let done = DispatchSemaphore(value: 0)
      let targets = zip(names, good).map { (cache + "/" + $0, $1) }
      Thread.detachNewThread {
        var k = 0
        while !stop.isSet {
          let (path, bytes) = targets[k % targets.count]
          let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)  // `> file`: the same inode, emptied
          if fd >= 0 {
            if k % 2 == 0 { _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count / 2) } }
            usleep(200)
            _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }  // `cp` back over it
            close(fd)
          }
          k += 1
        }
        done.signal()
      }
      defer {
        stop.set()
        done.wait()
      }
      for run in 0..<40 {
        let result = try await home.run(words)
        #expect(result.status == 0, "run \(run): \(result.err)")
        #expect(result.out == recount.out, "run \(run)")
        if result.status != 0 || result.out != recount.out { break }
      }
    }
  }
}
