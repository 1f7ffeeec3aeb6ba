import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

/// Flowtime with the real binary: an open focus counts up until `pomo next` from another shell
/// ends it, and the break after it is what the focus earned.
@Suite("Flowtime, end to end", .endToEnd)
struct FlowtimeEndToEndTests {
  static let flow =
    #"{"round": [{"name": "deep", "kind": "work", "duration": "open"}, {"name": "pause", "kind": "rest", "duration": "1h"}], "rest_ratio": 0.5}"#

  let home: PomoHome

  init() throws {
    home = try PomoHome(presets: ["flow": Self.flow])
  }

  @Test("--confirm with an open focus is one error line, as \"advance\": \"confirm\" in its preset is")
  func confirmRefused() async throws {
    defer { home.cleanUp() }
    for words in [["start", "flow", "--confirm"], ["start", home.preset("flow"), "--confirm", "--dry-run"]] {
      let run = try await home.run(words)
      #expect(run.status == 64, "\(words): \(run.out)")
      #expect(run.err.split(separator: "\n").first?.hasPrefix("Error: --confirm cannot be used with '") == true, "\(run.err)")
      #expect(run.err.contains("its open focus already waits for space, 'pomo next' or 'pomo skip'"), "\(run.err)")
    }
    #expect(home.read(journalFile(home.path)) == nil)
    // --no-confirm changes nothing an open focus does, and stays allowed.
    #expect(try await home.run(["start", "flow", "--no-confirm", "--dry-run"]).status == 0)
  }

  /// The time `pomo status` shows left ("REST pause 0:01 (…)"), in seconds.
  func restLeft() async -> Int? {
    guard let status = try? await home.run(["status"]), status.out.hasPrefix("REST pause ") else { return nil }
    let parts = status.out.dropFirst("REST pause ".count).prefix { $0 != " " }.split(separator: ":").compactMap { Int($0) }
    return parts.reduce(0) { $0 * 60 + $1 }
  }

  @Test("resume keeps Flowtime: the rest after a stopped open focus is earned, and so are the rests after it")
  func resumeEarns() async throws {
    defer { home.cleanUp() }
    try home.write("flow2.json", Self.flow.replacingOccurrences(of: #""rest_ratio""#, with: #""rounds": 2, "rest_ratio""#))
    let first = try home.launch(["start", home.preset("flow2"), "--no-notify"], name: "first")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK deep +0:01") == true })
    #expect(try await home.run(["stop"]).status == 0)
    #expect(await waitUntil { !first.isRunning })
    // The open focus stopped is done: resume goes on with the rest it earned, a second or so.
    let second = try home.launch(["resume", "--no-notify"], name: "second")
    #expect(await waitUntil { await restLeft() != nil })
    #expect((await restLeft() ?? 3600) <= 2, "\(home.read("second.out") ?? "")")
    // The next open focus earns its rest too, not the preset's placeholder hour.
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK deep +") == true })
    #expect(try await home.run(["next"]).status == 0)
    #expect(await waitUntil { !second.isRunning })
    let record = try #require(try home.records().last)
    #expect(record.resumedFrom != nil && record.phases.map(\.name) == ["pause", "deep", "pause"], "\(record.phases)")
    #expect(record.phases.allSatisfy { $0.plannedSeconds < 10 }, "\(record.phases.map(\.plannedSeconds))")
  }

  @Test("an open focus ended with pomo next earns half its time as rest, and the journal says so")
  func nextEndsTheFocus() async throws {
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("flow"), "--no-notify"], name: "session")
    // The focus counts up: wait until status shows at least a second and a half gone.
    #expect(
      await waitUntil {
        guard let status = try? await home.run(["status"]), status.status == 0, status.out.hasPrefix("WORK deep +") else {
          return false
        }
        let time = status.out.dropFirst("WORK deep +".count).prefix { $0 != " " }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 && parts[0] * 60 + parts[1] >= 2
      })
    #expect(try await home.run(["next"]).status == 0)
    // The earned rest is a second or so; the session ends by itself after it.
    #expect(await waitUntil { !session.isRunning })
    #expect(session.terminationStatus == 0)
    let record = try #require(try home.records().last)
    #expect(record.status == .completed && record.phases.count == 2)
    let focus = record.phases[0]
    let rest = record.phases[1]
    #expect(focus.elapsedSeconds >= 2 && focus.plannedSeconds == focus.elapsedSeconds && focus.overtimeSeconds == 0)
    #expect(abs(rest.plannedSeconds - focus.elapsedSeconds * 0.5) < 0.002, "\(rest.plannedSeconds)")
    #expect(rest.completed && abs(rest.elapsedSeconds - rest.plannedSeconds) < 0.5)
    let log = home.read("session.out") ?? ""
    #expect(log.contains("start   deep (work, open, round 1/1)"), "\(log)")
    // However long a loaded machine took, the rest is a few seconds, marked as earned.
    #expect(log.contains("start   pause (rest, 0:0") && log.contains(" earned, round 1/1)"), "\(log)")
  }

  /// The seconds in "bank m:ss" on a status line, or nil.
  static func bank(_ line: String) -> Int? {
    guard let range = line.range(of: "bank ") else { return nil }
    let parts = line[range.upperBound...].prefix { $0.isNumber || $0 == ":" }.split(separator: ":").compactMap { Int($0) }
    return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
  }

  @Test("a break skipped early is banked; delete and undo move the bank; the next earned break draws it")
  func bank() async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"break_bank": {"cap": "30m"}}"#)
    try home.write(
      "skip.json",
      #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "b", "kind": "rest", "duration": "30s"}]}"#)
    #expect(try await home.run(["status"]).out == "idle (bank 0:00)\n")
    let first = try home.launch(["start", home.file("skip.json"), "--no-notify"], name: "first")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("REST b") == true })
    #expect(try await home.run(["skip"]).status == 0)
    #expect(await waitUntil { !first.isRunning })
    // Most of the 30 s break was not taken: it is in the bank.
    let banked = try #require(Self.bank(try await home.run(["status"]).out))
    #expect(banked >= 20 && banked <= 30)
    #expect(try await home.run(["delete", "last"]).status == 0)
    #expect(try await home.run(["status"]).out == "idle (bank 0:00)\n")
    #expect(try await home.run(["undo"]).status == 0)
    #expect(Self.bank(try await home.run(["status"]).out) == banked)
    let report = try await home.run(["report", "--today"]).out
    #expect(report.hasSuffix("Break bank today: 0:\(banked) of 30:00\n"), "\(report)")
    let reportJSON = try await home.run(["report", "--today", "--format", "json"]).out
    #expect(reportJSON.contains(#""break_bank":{"seconds":\#(banked),"cap_seconds":1800}"#), "\(reportJSON)")
    let json = try await home.run(["status", "--json"]).out
    #expect(json.contains(#""break_bank_seconds":\#(banked)"#), "\(json)")

    // An open focus of a second or two earns about a second, and draws the bank on top.
    let flow = try home.launch(["start", home.preset("flow"), "--no-notify"], name: "flow")
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("WORK deep +") == true })
    #expect(try await home.run(["next"]).status == 0)
    #expect(await waitUntil { (try? await home.run(["status"]))?.out.hasPrefix("REST pause") == true })
    #expect(try await home.run(["skip"]).status == 0)
    #expect(await waitUntil { !flow.isRunning })
    // The journal holds a deletion and its undo too: the sessions are the lines that read as one.
    let lines = (home.read(journalFile(home.path)) ?? "").split(separator: "\n")
    let record = try #require(lines.compactMap { try? JournalRecord(line: Array($0.utf8)) }.last)
    let rest = record.phases[1]
    #expect(rest.extendedSeconds == Double(banked) && !rest.completed)
    #expect((home.read("flow.out") ?? "").contains(" earned + 0:\(banked) banked, round 1/1)"))
    // Skipped at once, the draw was not taken: the bank keeps it, and what the break saved.
    #expect((Self.bank(try await home.run(["status"]).out) ?? 0) >= banked)
  }

  @Test("an open focus: the keys shown are those that work, and pomo extend is refused with its reason")
  func openPhaseKeysAndExtend() async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", home.preset("flow"), "--no-notify"], columns: 120)
    defer { if pty.exitStatus == nil { kill(pty.pid, SIGKILL) } }
    #expect(await pty.waitForText("space end focus (pause a break), s skip, + 1 min (to a break), i/e mark, q quit"))
    #expect(await pty.waitForText("space or enter ends focus"))
    #expect(!pty.visible.contains("space pause"))
    #expect(!pty.visible.contains("enter to go on"))
    let extend = try await home.run(["extend", "1m"])
    #expect(extend.status == 1)
    #expect(
      extend.err
        == "Error: the running session answered: the phase is open: it runs until you end it ('pomo next'), so it has no end to extend\n"
    )
    #expect(extend.out.isEmpty)
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
  }
}
