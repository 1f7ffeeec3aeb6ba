import Foundation
import PomoTestSupport
import Testing

/// The README describes the built-in `work` in words ("four 25-minute focus phases, …"); the
/// plan `pomo start work --dry-run` prints is what runs. The words are made from the plan here,
/// so a change to either that the other does not follow fails.
@Suite("The README's description of the work preset", .endToEnd)
struct ReadmeWorkPresetTests {
  /// A row of the plan's table: `#  START  DURATION  KIND  ROUND  PHASE`.
  struct Row {
    var duration: String
    var kind: String
    var phase: String
  }

  static let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
  static let ordinals = [
    "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
  ]

  /// The rows of a dry run's table: the lines that start with a phase's number.
  static func rows(_ plan: String) -> [Row] {
    plan.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard words.count >= 6, Int(words[0]) != nil else { return nil }
      return Row(duration: words[2], kind: words[3], phase: words[5...].joined(separator: " "))
    }
  }

  /// "25:00" as "25" (whole minutes), or nil.
  static func minutes(_ clock: String) -> String? {
    let parts = clock.split(separator: ":")
    guard parts.count == 2, parts[1] == "00", let m = Int(parts[0]) else { return nil }
    return "\(m)"
  }

  @Test("the README says of work what 'pomo start work --dry-run' plans")
  func readmeMatchesPlan() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = try await runPomo(
      ["start", "work", "--dry-run"], environment: ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0)
    let rows = Self.rows(result.out)
    // The classic shape: focus and break in turn, the last break a long one.
    let focus = rows.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let breaks = rows.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    try #require(focus.count >= 2 && focus.count < Self.numbers.count, "\(result.out)")
    #expect(focus.allSatisfy { $0.kind == "work" && $0.phase == "focus" }, "\(result.out)")
    #expect(breaks.count == focus.count, "each focus is followed by a break: \(result.out)")
    #expect(breaks.dropLast().allSatisfy { $0.kind == "rest" && $0.phase == "break" }, "\(result.out)")
    #expect(breaks.last?.kind == "rest" && breaks.last?.phase == "long break", "\(result.out)")
    #expect(Set(focus.map(\.duration)).count == 1 && Set(breaks.dropLast().map(\.duration)).count == 1)

    let focusMinutes = try #require(Self.minutes(focus[0].duration))
    let breakMinutes = try #require(Self.minutes(breaks[0].duration))
    let long = try #require(breaks.last)
    let longMinutes = try #require(Self.minutes(long.duration))
    let n = focus.count
    let description =
      "`pomo start work` runs the classic Pomodoro: \(Self.numbers[n]) \(focusMinutes)-minute focus phases, "
      + "a \(breakMinutes)-minute break after each of the first \(Self.numbers[n - 1]) "
      + "and a \(longMinutes)-minute long break after the \(Self.ordinals[n])."
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let prose = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let says = prose.contains(description)
    #expect(says, "README.md should say: \(description)")
  }
}
