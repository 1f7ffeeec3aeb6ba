import Foundation
import PomoTestSupport
import Testing

/// The live display at 40 columns: the header keeps the plan's name, rounds and whole total,
/// and the total follows the time `+` adds.
@Suite("the live header at 40 columns", .endToEnd)
struct NarrowLiveHeaderTests {
  /// "1:02:03" plus `seconds`, as pomo writes it.
  static func clock(_ text: Substring, plus seconds: Int) -> String? {
    let parts = text.split(separator: ":").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    let total = parts[0] * 3600 + parts[1] * 60 + parts[2] + seconds
    return "\(total / 3600):" + String(format: "%02d:%02d", total / 60 % 60, total % 60)
  }

  @Test("the header fits 40 columns with its total whole, and + adds a minute to the total")
  func headerFitsAndFollowsPlus() async throws {
    let home = try PomoHome(presets: [:], environment: ["TERM": "xterm", "TZ": "UTC"])
    defer { home.cleanUp() }
    let dry = try await home.run(["start", "work", "--dry-run"])
    let header = try #require(dry.out.split(separator: "\n").first)
    // "work: 4 rounds, 8 phases, 0:40:00": the plan's total is its last part.
    let total = try #require(header.split(separator: ", ").last)
    let rounds = try #require(header.split(separator: ", ").first)
    let added = try #require(Self.clock(total, plus: 60))

    let pty = try home.terminal(["start", "work", "--no-notify", "--no-bell"], columns: 40, rows: 24)
    var screen = ScreenModel(columns: 40, rows: 24)
    func first() -> String {
      screen = ScreenModel(columns: 40, rows: 24)
      screen.feed(String(decoding: pty.output, as: UTF8.self))
      return screen.lines.first ?? ""
    }
    let expected = "\(rounds), \(total) · ? keys"
    #expect(await pty.waitFor { _ in first() == expected }, "\(first())")
    #expect(screen.lines.allSatisfy { $0.count < 40 }, "\(screen.text)")
    pty.send("+")
    let longer = "\(rounds), \(added) · ? keys"
    #expect(await pty.waitFor { _ in first() == longer }, "\(first())")
    #expect(screen.lines.allSatisfy { $0.count < 40 }, "\(screen.text)")
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
  }
}
