import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

/// Notifications you can answer, through the real binary: a private `dbus-daemon` is the
/// session bus, and a Python stand-in notification server records every `Notify` and
/// `CloseNotification` and clicks the buttons a test scripts. Every wait is for a condition.
@Suite("End to end: desktop notifications with buttons on a real session bus", .endToEnd, .hangLimit)
struct DBusNotificationEndToEndTests {
  /// Two rounds of 2 s focus and 2 s break, without the last break: go, breathe, go.
  static let pair =
    #"{"rounds": 2, "skip_last_rest": true, "round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "2s"}]}"#

  /// A session bus with the steered stand-in on it, and a HOME whose pomo uses it.
  struct Desk {
    let daemon: DBusDaemon
    let home: PomoHome
    var record: String { daemon.folder.file("notify.jsonl") }

    init(clicks: [String], config: String = #"{"bell": false}"#, mode: String = "actions") async throws {
      daemon = try await DBusDaemon()
      try daemon.startPeer(
        DBusStandIns.steeredNotificationServer,
        arguments: [
          daemon.folder.file("notify.jsonl"), clicks.joined(separator: ","), mode,
        ])
      home = try PomoHome(presets: ["pair": DBusNotificationEndToEndTests.pair], environment: daemon.environment)
      try home.folder.write(".config/pomo/config.json", config)
    }

    /// A desk whose stand-in owns its name (it takes a moment to start), or nil (with the issue
    /// recorded) when it did not start.
    private static func ready(clicks: [String], config: String = #"{"bell": false}"#, mode: String = "actions") async throws
      -> Desk?
    {
      let desk = try await Desk(clicks: clicks, config: config, mode: mode)
      if await waitUntil(60, { desk.daemon.peerLog.contains("notification server ready") }) { return desk }
      Issue.record("the stand-in did not start: \(desk.daemon.peerLog)")
      desk.cleanUp()
      return nil
    }

    /// Runs `body` at a ready desk (at none, the issue recorded, when its stand-in did not
    /// start) and cleans it up after, however `body` ends.
    static func with(
      clicks: [String], config: String = #"{"bell": false}"#, mode: String = "actions",
      _ body: (Desk) async throws -> Void
    ) async throws {
      guard let desk = try await ready(clicks: clicks, config: config, mode: mode) else { return }
      defer { desk.cleanUp() }
      try await body(desk)
    }

    /// `with` a server in `mode` that gets no clicks, and the environment of `withNotifySend`.
    static func withNotifySend(mode: String, _ body: (Desk, [String: String]) async throws -> Void) async throws {
      try await with(clicks: [], mode: mode) { desk in try await body(desk, try desk.withNotifySend()) }
    }

    /// The environment with a notify-send of the test's own first on PATH, which records that
    /// the fallback ran in `HOME/notify-send.log`.
    func withNotifySend() throws -> [String: String] {
      let bin = try home.folder.write("bin/notify-send", "#!/bin/sh\necho \"$@\" >> \"$HOME/notify-send.log\"\n")
      chmod(bin, 0o755)
      var environment = home.environment
      environment["PATH"] = home.folder.file("bin") + ":/usr/bin:/bin"
      return environment
    }

    /// The calls the stand-in recorded, in order.
    var calls: [[String: Any]] {
      (daemon.folder.read("notify.jsonl") ?? "").split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }

    var notifies: [[String: Any]] { calls.filter { $0["call"] as? String == "Notify" } }
    var closes: [[String: Any]] { calls.filter { $0["call"] as? String == "CloseNotification" } }

    var lastRecord: JournalRecord? { try? journalRecords(home.folder.file(journalFile(home.path))).last }

    /// Kills the sessions still running, then stops the bus.
    func cleanUp() {
      home.cleanUp()
      daemon.stop()
    }
  }

  static func actions(_ call: [String: Any]) -> [String] { call["actions"] as? [String] ?? [] }

  @Test(
    "--confirm: 'Skip break' on the end of focus starts the break and skips it; every notification replaces the last",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func skipBreak() async throws {
    try await Desk.with(clicks: ["skip"]) { desk in
      let run = try await desk.home.run(["start", desk.home.preset("pair"), "--confirm"], timeout: 120)
      #expect(run.status == 0, "\(run.err)")
      #expect(!run.err.contains("warning"), "\(run.err)")
      let record = try #require(desk.lastRecord)
      #expect(record.status == .completed)
      #expect(record.phases.map(\.name) == ["go", "breathe", "go"])
      #expect(record.phases.map(\.completed) == [true, false, true])
      #expect(record.phases[1].elapsedSeconds < 1)
      // The last notification goes out as the session ends: the stand-in may record it a
      // moment after pomo has exited, on a loaded machine.
      _ = await waitUntil(60) { desk.notifies.count >= 2 }
      let notifies = desk.notifies
      #expect(notifies.count == 2, "\(desk.calls)")
      let first = try #require(notifies.first)
      #expect(Self.actions(first) == ["next", "Start break", "extend", "+5 min", "skip", "Skip break"])
      #expect(first["replaces"] as? Int == 0)
      #expect(first["clicked"] as? String == "skip")
      #expect((first["summary"] as? String) == "pomo: go done")
      // The end of the session: no buttons, in place of the last one.
      let last = try #require(notifies.last)
      #expect(Self.actions(last) == [])
      #expect(last["replaces"] as? Int == 41)
      #expect((last["summary"] as? String)?.hasSuffix("complete") == true)
    }
  }

  @Test(
    "--confirm: 'Start break' goes on; '+5 min' on the waiting break adds five minutes; pomo skip still steers beside it",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func startAndExtend() async throws {
    try await Desk.with(clicks: ["next", "extend"]) { desk in
      let session = try desk.home.launch(["start", desk.home.preset("pair"), "--confirm"], name: "session")
      // The break waits, its "+5 min" is clicked, and it counts down five minutes again.
      #expect(
        await waitUntil(60) {
          let status = (try? await desk.home.run(["status"]))?.out ?? ""
          return status.contains("breathe") && (status.contains(" 4:") || status.contains(" 5:00"))
        }, "\(desk.calls)")
      let notifies = desk.notifies
      #expect(notifies.count == 2, "\(desk.calls)")
      if notifies.count >= 2 {
        #expect(Self.actions(notifies[0]) == ["next", "Start break", "extend", "+5 min", "skip", "Skip break"])
        #expect(notifies[0]["clicked"] as? String == "next")
        #expect(Self.actions(notifies[1]) == ["next", "Start focus", "extend", "+5 min"])
        #expect(notifies[1]["replaces"] as? Int == 41)
        #expect(notifies[1]["clicked"] as? String == "extend")
      }
      // The control socket still steers, beside the notifications.
      #expect(try await desk.home.run(["skip"]).status == 0)
      await session.waitForExit()
      #expect(session.terminationStatus == 0, "\(desk.home.folder.read("session.err") ?? "")")
      let record = try #require(desk.lastRecord)
      #expect(record.phases.map(\.name) == ["go", "breathe", "go"])
      #expect(record.phases[1].extendedSeconds == 300)
      #expect(record.phases[1].completed == false)
      #expect(record.phases[2].completed)
    }
  }

  @Test(
    "a notification with buttons closes when the phase moves on another way; the warning has '+5 min'",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func closedWhenMovedOn() async throws {
    try await Desk.with(clicks: [], config: #"{"bell": false, "warn_before": "1s"}"#) { desk in
      let session = try desk.home.launch(["start", desk.home.preset("pair"), "--confirm"], name: "session")
      // The warning, then the end of focus with its buttons; then `pomo next` from a shell.
      #expect(await waitUntil(60) { desk.notifies.contains { $0["summary"] as? String == "pomo: go done" } }, "\(desk.calls)")
      let warning = try #require(desk.notifies.first)
      #expect((warning["summary"] as? String)?.hasSuffix("left") == true)
      #expect(Self.actions(warning) == ["extend", "+5 min"])
      #expect(try await desk.home.run(["next"]).status == 0)
      #expect(await waitUntil(60) { !desk.closes.isEmpty }, "\(desk.calls)")
      #expect(desk.closes.first?["id"] as? Int == 41)
      // The rest of the session, answered from the shell too.
      _ = await waitUntil(60) { desk.notifies.contains { $0["summary"] as? String == "pomo: breathe done" } }
      _ = try await desk.home.run(["next"])
      await session.waitForExit()
      #expect(session.terminationStatus == 0)
      // Every notification of the session replaced the first.
      #expect(desk.notifies.dropFirst().allSatisfy { $0["replaces"] as? Int == 41 }, "\(desk.calls)")
      #expect(desk.lastRecord?.status == .completed)
    }
  }

  @Test(
    "a server without buttons, or --no-notify: nothing is sent over the bus, and no warning",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func noActions() async throws {
    try await Desk.withNotifySend(mode: "noactions") { desk, environment in
      let run = try await runPomo(["start", desk.home.preset("pair"), "--no-confirm"], environment: environment, timeout: 120)
      #expect(run.status == 0)
      #expect(run.err == "")
      #expect(desk.notifies.isEmpty)
      #expect(await waitUntil(30) { (desk.home.folder.read("notify-send.log") ?? "").contains("complete") })
      let quiet = try await runPomo(
        ["start", desk.home.preset("pair"), "--no-confirm", "--no-notify"], environment: environment, timeout: 120)
      #expect(quiet.status == 0)
      #expect(desk.notifies.isEmpty)
    }
  }

  @Test(
    "a hostile server's flood and nonsense leave the session steady; a bus that dies mid-session hands the alerts to notify-send",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func hostileThenGone() async throws {
    try await Desk.withNotifySend(mode: "hostile") { desk, environment in
      let session = try desk.home.launch(
        ["start", desk.home.preset("pair"), "--confirm"], name: "session", environment: environment)
      // After the flood, the one real click, "+5 min", is carried out: focus counts down again.
      #expect(
        await waitUntil(60) {
          let status = (try? await desk.home.run(["status"]))?.out ?? ""
          return status.contains("go") && (status.contains(" 4:") || status.contains(" 5:00"))
        }, "\(desk.calls)")
      // The bus goes away in the middle of the session.
      desk.daemon.stop()
      #expect(try await desk.home.run(["skip"]).status == 0)
      // The break's end is alerted through notify-send now.
      #expect(await waitUntil(60) { (desk.home.folder.read("notify-send.log") ?? "").contains("breathe done") })
      #expect(try await desk.home.run(["stop"]).status == 0)
      await session.waitForExit()
      #expect(session.terminationReason == .exit, "pomo died of a signal")
      let record = try #require(desk.lastRecord)
      #expect(record.phases.first?.extendedSeconds == 300)
      #expect(record.phases.count >= 2)
    }
  }

  @Test("a session bus that is named but cannot be reached: one warning line, and the session runs")
  func unreachableBus() async throws {
    let home = try PomoHome(
      presets: ["tiny": PomoHome.tinyPreset],
      environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/pomo-test-bus"])
    defer { home.cleanUp() }
    try home.folder.write(".config/pomo/config.json", #"{"bell": false}"#)
    let run = try await home.run(["start", home.preset("tiny")])
    #expect(run.status == 0)
    let lines = run.err.split(separator: "\n")
    #expect(lines.count == 1, "\(run.err)")
    #expect(lines.first?.hasPrefix("pomo: warning: the session bus cannot be reached: ") == true)
    #expect(lines.first?.hasSuffix("; notifications have no buttons") == true)
    // Without a bus at all: not a word.
    let none = try PomoHome(presets: ["tiny": PomoHome.tinyPreset])
    defer { none.cleanUp() }
    try none.folder.write(".config/pomo/config.json", #"{"bell": false}"#)
    #expect(try await none.run(["start", none.preset("tiny")]).err == "")
  }
}
