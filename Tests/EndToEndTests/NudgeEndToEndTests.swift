import Foundation
import PomoJournal
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// The nudges through the real binary, on a private session bus whose stand-in notification
/// server records every `Notify` and clicks what the test scripts: the reminders of a session
/// that waits, and `pomo nudge`. Every wait is for a condition.
@Suite("End to end: nudges to start", .endToEnd, .hangLimit)
struct NudgeEndToEndTests {
  typealias Desk = DBusNotificationEndToEndTests.Desk

  /// One round of 1 s focus and 1 s break, the break kept: go, breathe.
  static let short =
    #"{"rounds": 1, "round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#

  static func actions(_ call: [String: Any]) -> [String] { call["actions"] as? [String] ?? [] }

  @Test(
    "a session that waits reminds every second with Start break and Snooze 10 min; Snooze stops them for now",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func remindAndSnooze() async throws {
    try await Desk.with(clicks: ["snooze"], config: #"{"bell": false, "remind": "1s"}"#) { desk in
      let file = try desk.home.write("short.json", Self.short)
      let session = try desk.home.launch(["start", file, "--confirm"], name: "s")
      let snoozed = await waitUntil(120) { desk.notifies.contains { $0["clicked"] as? String == "snooze" } }
      try #require(snoozed, "\(desk.calls) \(desk.home.read("s.err") ?? "")")
      // The session's own overtime, read back until four seconds past the click (at about 1 s):
      // without the snooze, a reminder a second would have come meanwhile.
      let waited = await desk.home.run(["status", "--format", "{remaining}"]) { run in
        let text = run.out.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("+"), let seconds = Int(text.split(separator: ":").last ?? "") else { return false }
        return seconds >= 5
      }
      #expect(waited != nil)
      let reminders = desk.notifies.filter { ($0["summary"] as? String) == "pomo: breathe is waiting" }
      #expect(reminders.count == 1, "\(desk.calls)")
      let first = try #require(reminders.first)
      #expect(Self.actions(first) == ["next", "Start break", "snooze", "Snooze 10 min"])
      #expect((first["body"] as? String)?.hasPrefix("go ended ") == true)
      let next = try await desk.home.run(["next"])
      #expect(next.status == 0, "\(next.err)")
      #expect(await waitUntil(60) { !session.isRunning })
      #expect(session.terminationStatus == 0, "\(desk.home.read("s.err") ?? "")")
      let log = desk.home.read("s.out") ?? ""
      #expect(log.components(separatedBy: "  remind  ").count == 2, "\(log)")
      #expect(desk.lastRecord?.phases.map(\.name) == ["go", "breathe"])
    }
  }

  @Test(
    "pomo nudge: one notification with Start; the click starts the preset in the background; then it is quiet",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func nudgeStarts() async throws {
    let everyDay = #"{"work_days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}"#
    try await Desk.with(clicks: ["start"], config: everyDay) { desk in
      let run = try await desk.home.run(
        ["nudge", "--between", "00:00-00:00", "--preset", "1s", "--wait", "60s"], timeout: 120)
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.isEmpty && run.err.isEmpty, "\(run.out)\(run.err)")
      let notify = try #require(desk.notifies.first, "\(desk.calls)")
      #expect(notify["summary"] as? String == "pomo")
      #expect(notify["body"] as? String == "No Pomodoro yet today — start one?")
      #expect(Self.actions(notify) == ["start", "Start 1s"])
      #expect(notify["clicked"] as? String == "start")
      // The session the click started runs in the background, and is recorded when it ends.
      #expect(await waitUntil(60) { desk.lastRecord != nil })
      #expect(desk.lastRecord?.status == .completed)
      let dry = try await desk.home.run(["nudge", "--between", "00:00-00:00", "--dry-run"])
      #expect(dry.status == 0)
      #expect(dry.out.hasPrefix("quiet: a session ended at "), "\(dry.out)")
      #expect(dry.out.hasSuffix(", less than 15m ago\n"), "\(dry.out)")
      let quiet = try await desk.home.run(["nudge", "--between", "00:00-00:00"])
      #expect(quiet.status == 0 && quiet.out.isEmpty && quiet.err.isEmpty, "\(quiet.out)\(quiet.err)")
      #expect(desk.notifies.filter { ($0["summary"] as? String) == "pomo" }.count == 1, "\(desk.calls)")
    }
  }

  @Test(
    "pomo nudge waits for the click at most --wait, then takes the notification back; off days are silent",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func nudgeTimesOut() async throws {
    try await Desk.with(clicks: [], config: #"{"work_days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}"#) {
      desk in
      let run = try await desk.home.run(["nudge", "--between", "00:00-00:00", "--wait", "1s"], timeout: 120)
      #expect(run.status == 0, "\(run.err)")
      let notify = try #require(desk.notifies.first, "\(desk.calls)")
      #expect(notify["clicked"] == nil)
      #expect(desk.closes.map { $0["id"] as? Int } == [notify["id"] as? Int])
      #expect(desk.lastRecord == nil)
      try desk.home.folder.write(".config/pomo/config.json", #"{"work_days": []}"#)
      let off = try await desk.home.run(["nudge", "--between", "00:00-00:00", "--wait", "1s"])
      #expect(off.status == 0 && off.out.isEmpty && off.err.isEmpty, "\(off.out)\(off.err)")
      #expect(desk.notifies.count == 1)
    }
  }

  static let everyDay = #"{"work_days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}"#

  @Test(
    "a server without buttons shows the nudge with none, and pomo nudge does not wait",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func nudgeWithoutButtons() async throws {
    try await Desk.with(clicks: [], config: Self.everyDay, mode: "noactions") { desk in
      let run = try await desk.home.run(["nudge", "--between", "00:00-00:00", "--wait", "10m"], timeout: 120)
      #expect(run.status == 0, "\(run.err)")
      let notify = try #require(desk.notifies.first, "\(desk.calls)")
      #expect(Self.actions(notify) == [])
      #expect(desk.closes.isEmpty)
    }
  }

  @Test("with no session bus, pomo nudge runs notify-send with the command to type, and exits at once")
  func nudgeNotifySend() async throws {
    try await PomoHome.with(config: Self.everyDay) { home in
      let bin = try home.write("bin/notify-send", "#!/bin/sh\necho \"$@\" >> \"$HOME/notify-send.log\"\n")
      chmod(bin, 0o755)
      var environment = home.environment
      environment["PATH"] = home.file("bin") + ":/usr/bin:/bin"
      environment["DBUS_SESSION_BUS_ADDRESS"] = nil
      let run = try await runPomo(["nudge", "--between", "00:00-00:00"], environment: environment, timeout: 60)
      #expect(run.status == 0, "\(run.err)")
      #expect(
        home.read("notify-send.log")
          == "--app-name=pomo pomo No Pomodoro yet today — start one? ('pomo start work')\n")
      // Nowhere to show it: a failure, said in one line.
      environment["PATH"] = "/nonexistent"
      let none = try await runPomo(["nudge", "--between", "00:00-00:00"], environment: environment, timeout: 60)
      #expect(none.status == 1)
      #expect(
        none.err
          == "Error: cannot show the nudge: no bus address: DBUS_SESSION_BUS_ADDRESS is not set, and notify-send is not found\n",
        "\(none.err)")
    }
  }

  @Test(
    "a second pomo nudge while the first waits for its click stays quiet: one notification",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func oneAtATime() async throws {
    try await Desk.with(clicks: [], config: Self.everyDay) { desk in
      let first = try desk.home.launch(["nudge", "--between", "00:00-00:00", "--wait", "30s"], name: "first")
      try #require(await waitUntil(60) { desk.notifies.count == 1 }, "\(desk.calls)")
      let second = try await desk.home.run(["nudge", "--between", "00:00-00:00", "--wait", "1s"])
      #expect(second.status == 0 && second.out.isEmpty && second.err.isEmpty, "\(second.out)\(second.err)")
      #expect(desk.notifies.count == 1, "\(desk.calls)")
      first.terminate()
    }
  }
}
