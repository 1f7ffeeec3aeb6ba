import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// `pomo mark` and `pomo void` from another shell, and the keys `i` and `e` in the session's
/// own terminal, with the built binary: what lands in the journal, and what `log`, `status`
/// and `report` then say.
@Suite("Interruptions and void, end to end", .endToEnd)
struct InterruptionEndToEndTests {
  /// A 2-second focus phase that waits for `pomo next` when its time is up (so a loaded
  /// machine cannot let it end before the mark arrives), then a long break.
  static let twoSeconds =
    #"{"advance": "confirm", "round": [{"name": "focus", "kind": "work", "duration": "2s"}, {"name": "break", "kind": "rest", "duration": "10m"}]}"#

  let home: PomoHome

  init() throws {
    home = try PomoHome(presets: ["two": Self.twoSeconds, "long": PomoHome.longPreset])
  }

  @Test("pomo mark from another process lands in the focus phase; the journal and log show it; a break refuses it")
  func markFromAnotherShell() async throws {
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("two"), "--no-notify", "--no-bell"], name: "session")
    // Once the session listens, the mark answers with the status line, the mark in it.
    var first: Finished?
    #expect(
      await waitUntil {
        first = try? await home.run(["mark", "internal", "phone"])
        return first?.status == 0
      })
    #expect(first?.out.contains("marks '") == true, "\(first?.out ?? "")")
    let second = try await home.run(["mark", "external"])
    #expect(second.status == 0 && second.out.contains("marks ' -"), "\(second.out)")
    let status = try await home.run(["status", "--json"])
    #expect(status.out.contains(#""marks_internal":1,"marks_external":1"#), "\(status.out)")
    #expect(status.out.contains(#""kind":"internal","note":"phone""#))
    // On to the break, where a mark is refused, naming why.
    #expect(await waitUntil { (try? await home.run(["next"]))?.out.hasPrefix("REST break") == true })
    let refused = try await home.run(["mark", "internal", "later"])
    #expect(refused.status == 1)
    #expect(refused.err.hasPrefix("Error: ") && refused.err.contains("no focus phase is running"), "\(refused.err)")
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()

    let record = try #require(try home.records().last)
    #expect(record.phases[0].marks.map(\.kind) == [.internal, .external])
    #expect(record.phases[0].marks.map(\.note) == ["phone", nil])
    #expect(record.phases[1].marks.isEmpty)
    let line = home.read(journalFile(home.path)) ?? ""
    #expect(line.contains(#""kind":"internal","note":"phone"}"#))
    let log = try await home.run(["log"])
    #expect(log.out.contains("Interruptions:"))
    #expect(log.out.contains(#"' -  "#) && log.out.contains(#"internal "phone""#), "\(log.out)")
    let json = try await home.run(["log", "--json"])
    #expect(json.out.contains(#""marks":[{"#))
    let plain = home.read("session.out") ?? ""
    #expect(plain.contains(#"mark    ' internal "phone""#), "\(plain)")
  }

  @Test("pomo void --stop from another shell ends the session as void; log, status and report say so")
  func voidFromAnotherShell() async throws {
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("long"), "--no-notify", "--no-bell"], name: "session")
    #expect(await waitUntil { (try? await home.run(["mark", "external", "a call"]))?.status == 0 })
    let void = try await home.run(["void", "--stop", "the call went on"])
    #expect(void.status == 0, "\(void.err)")
    #expect(void.out.hasPrefix("void: "))
    await session.waitForExit()
    #expect(try await home.run(["status"]).out == "idle\n")
    // The session's plain lines say the Pomodoro was made void, not stopped.
    let plain = home.read("session.out") ?? ""
    #expect(plain.contains("  void    focus after 0:0") && !plain.contains("  stop "), "\(plain)")
    let record = try #require(try home.records().last)
    #expect(record.status == .void && record.voidReason == "the call went on" && record.interruption == nil)
    #expect(record.phases.map(\.completed) == [false])
    #expect(record.phases[0].marks.count == 1)
    #expect((home.read(journalFile(home.path)) ?? "").contains(#""status":"void","void_reason":"the call went on""#))

    let log = try await home.run(["log"])
    #expect(log.out.contains(" void "), "\(log.out)")
    #expect(log.out.contains("void: the call went on"))
    for cache in [[], ["--no-cache"]] {
      let report = try await home.run(["report", "--today", "--format", "json"] + cache)
      #expect(report.out.contains(#""sessions":1,"completed":0,"interrupted":0,"pomodoros":0,"cut_short":0,"workout_seconds":0,"workout_sessions":0,"void":1,"void_pomodoros":1,"#), "\(report.out)")
      #expect(report.out.contains(#""internal_marks":0,"external_marks":1"#))
      #expect(report.out.contains(#""focus_seconds":0"#))
      let text = try await home.run(["report", "--today"] + cache)
      #expect(text.out.contains("1 session (0 completed, 0 interrupted, 1 void)"), "\(text.out)")
      #expect(text.out.contains("Interruptions: 0 internal ('), 1 external (-)"))
    }
    let nothing = try await home.run(["void"])
    #expect(nothing.status == 1 && nothing.err == "Error: no session is running\n")
    let bad = try await home.run(["mark", "sideways"])
    #expect(bad.status == 64 && bad.err.hasPrefix("Error: "), "\(bad.err)")
    let long = try await home.run(["mark", "internal", String(repeating: "é", count: 201)])
    #expect(long.status == 64 && long.err.hasPrefix("Error: a mark's note is at most 200 characters"), "\(long.err)")
  }

  @Test("the keys i and e mark the running focus phase; the live line shows '' -")
  func keys() async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", home.preset("long"), "--no-notify", "--no-bell"], columns: 100)
    #expect(await pty.waitForText("WORK"))
    pty.send("i")
    #expect(await pty.waitFor(30) { $0.visible.contains("'") })
    pty.send("i")
    pty.send("e")
    #expect(await pty.waitFor(30) { pty in pty.visible.split(separator: "\r").contains { $0.contains("'' -") } })
    let status = try await home.run(["status"])
    #expect(status.out.contains("marks '' -"), "\(status.out)")
    pty.send("q")
    #expect(await pty.waitForExit() != nil)
    let record = try #require(try home.records().last)
    #expect(record.phases[0].marks.map(\.kind) == [.internal, .internal, .external])
    #expect(record.status == .interrupted)
  }

  @Test("pomo edit --status void makes a recorded session void, and back; cached and recounted reports agree")
  func editToVoid() async throws {
    defer { home.cleanUp() }
    #expect(try await home.run(["add", "25m", "--start", "2026-03-02 09:00"]).status == 0)
    let id = try #require(try home.records().first?.id)
    func report() async throws -> [String] {
      var outs: [String] = []
      for extra in [[], ["--no-cache"]] {
        outs.append(
          try await home.run(["report", "--from", "2026-03-02", "--to", "2026-03-02", "--format", "json"] + extra).out)
      }
      return outs
    }
    _ = try await report()  // The caches are built before the correction.
    let edit = try await home.run(["edit", String(id.prefix(8)), "--status", "void"])
    #expect(edit.status == 0, "\(edit.err)")
    for out in try await report() {
      #expect(out.contains(#""focus_seconds":0,"rest_seconds":0,"sessions":1,"completed":0,"interrupted":0,"pomodoros":0,"cut_short":0,"workout_seconds":0,"workout_sessions":0,"void":1,"void_pomodoros":1,"void_seconds":1500"#), "\(out)")
    }
    #expect(try await home.run(["log"]).out.contains(" void "))
    #expect(try await home.run(["undo"]).status == 0)
    for out in try await report() {
      #expect(out.contains(#""focus_seconds":1500,"rest_seconds":0,"sessions":1,"completed":1,"interrupted":0,"pomodoros":1,"cut_short":0,"workout_seconds":0,"workout_sessions":0}"#), "\(out)")
    }
  }
}
