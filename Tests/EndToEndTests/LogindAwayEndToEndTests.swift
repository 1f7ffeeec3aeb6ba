import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoJournal
import PomoPlatform

/// Away from logind, through the real binary: a private `dbus-daemon` configured as a system
/// bus (`DBUS_SYSTEM_BUS_ADDRESS`), and the Python stand-in logind on it emitting the real
/// signals. Every wait is for a condition.
@Suite(
  "End to end: away from logind on a stand-in system bus", .endToEnd,
  .requires(.dbusDaemon, .pythonDBus, .pythonGLib), .hangLimit)
struct LogindAwayEndToEndTests {
  /// Long enough that a Lock sent after one `pomo status` arrives before it ends on a loaded
  /// machine; short enough that waiting it out while paused is quick.
  static let focus = #"{"round": [{"name": "go", "kind": "work", "duration": "6s"}]}"#

  struct Desk {
    let daemon: DBusDaemon
    let home: PomoHome
    let steering: DBusConnection

    /// - Parameter long: the duration of a one-phase preset `long`, when a test needs one
    init(
      config: String = #"{"bell": false, "notify": false}"#, policy: DBusDaemon.Policy = .open, state: [String] = [],
      long: String? = nil
    ) async throws {
      daemon = try await DBusDaemon(.system, policy: policy)
      try daemon.startPeer(DBusStandIns.logind, arguments: state)
      var presets = ["focus": LogindAwayEndToEndTests.focus]
      if let long { presets["long"] = #"{"round": [{"name": "go", "kind": "work", "duration": "\#(long)"}]}"# }
      home = try PomoHome(presets: presets, environment: daemon.environment)
      try home.folder.write(".config/pomo/config.json", config)
      steering = try DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60))
    }

    /// A desk whose stand-in logind is up, or nil (with the issue recorded) when it did not start.
    static func ready(
      config: String = #"{"bell": false, "notify": false}"#, policy: DBusDaemon.Policy = .open, state: [String] = [],
      long: String? = nil
    ) async throws -> Desk? {
      let desk = try await Desk(config: config, policy: policy, state: state, long: long)
      if await waitUntil(60, { desk.daemon.peerLog.contains("logind ready") }) { return desk }
      Issue.record("the stand-in logind did not start: \(desk.daemon.peerLog)")
      desk.cleanUp()
      return nil
    }

    /// A ready desk with `preset` running in it (see `ready` and `start`), or nil.
    static func running(
      _ preset: String, config: String = #"{"bell": false, "notify": false}"#, policy: DBusDaemon.Policy = .open,
      long: String? = nil
    ) async throws -> (Desk, Process)? {
      guard let desk = try await ready(config: config, policy: policy, long: long) else { return nil }
      do {
        let session = try await desk.start(preset)
        return (desk, session)
      } catch {
        desk.cleanUp()
        throw error
      }
    }

    /// Starts `preset` (with `options`) in the background, killed by `cleanUp` if it still runs;
    /// waits until `pomo status` says it runs unless `waiting` is false.
    func start(_ preset: String, _ options: [String] = [], waiting: Bool = true) async throws -> Process {
      let session = try home.launch(["start", home.preset(preset)] + options, name: "session")
      seen.session = session
      if waiting { #expect(await waitUntil(60) { await state() == "running" }) }
      return session
    }

    /// Waits for the session to end by itself.
    func ended(_ session: Process) async {
      #expect(await waitUntil(60) { !session.isRunning })
      await session.waitForExit()
    }

    /// The `state` of what `pomo status --json` says now.
    func state() async -> String? { await status()["state"] as? String }

    /// Calls the stand-in's test interface: Lock, Unlock, Sleep(b), SetIdle(b).
    func steer(_ member: String, _ body: [DBusValue] = []) throws {
      _ = try steering.call(
        .methodCall(
          destination: "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: "org.pomo.Test",
          member: member, body: body),
        timeout: .seconds(60))
    }

    /// The unique name of the bus connection that process `pid` holds, once it has one.
    func connection(of pid: Int32) async -> String? {
      var found: String?
      _ = await waitUntil(60) {
        for name in (try? steering.listNames(timeout: .seconds(60))) ?? [] where name.hasPrefix(":") {
          let reply = try? steering.call(
            .methodCall(
              destination: DBusNames.bus, path: DBusNames.busPath, interface: DBusNames.bus,
              member: "GetConnectionUnixProcessID", body: [.string(name)]),
            timeout: .seconds(60))
          if reply?.body.first?.uint32 == UInt32(pid) { found = name }
        }
        return found != nil
      }
      return found
    }

    /// What `pomo status --json` says now; kept as `lastStatus` for a failure's message.
    func status() async -> [String: Any] {
      let out = (try? await home.run(["status", "--json"]).out) ?? ""
      let status = (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]) ?? [:]
      seen.status = status
      return status
    }

    /// What the last `status()` said.
    var lastStatus: [String: Any] { seen.status }
    private let seen = Seen()

    /// The last status read, kept across the copies of a `Desk`.
    private final class Seen {
      var status: [String: Any] = [:]
      var session: Process?
    }

    var lastRecord: JournalRecord? { try? journalRecords(home.folder.file(journalFile(home.path))).last }

    func cleanUp() {
      if let session = seen.session, session.isRunning { kill(session.processIdentifier, SIGKILL) }
      steering.close()
      daemon.stop()
      home.cleanUp()
    }
  }

  @Test("Lock pauses a 6-s focus (policy pause) until Unlock; the record holds the span away, cause lock")
  func lockPauses() async throws {
    guard case let (desk, session)? = try await Desk.running("focus") else { return }
    defer { desk.cleanUp() }
    try desk.steer("Lock")
    #expect(
      await waitUntil(60) {
        let status = await desk.status()
        return status["state"] as? String == "paused" && status["away"] as? String == "lock"
      }, "\(desk.lastStatus)")
    // Paused: past the whole focus's 6 s, it still runs.
    let pausedAt = Date()
    #expect(await waitUntil(60) { Date().timeIntervalSince(pausedAt) > 6.5 || !session.isRunning })
    #expect(session.isRunning)
    #expect(await desk.state() == "paused")
    try desk.steer("Unlock")
    await desk.ended(session)
    #expect(session.terminationStatus == 0, "\(desk.home.folder.read("session.err") ?? "")")
    let record = try #require(desk.lastRecord)
    #expect(record.status == .completed)
    let away = try #require(record.phases.first?.away.first)
    #expect(away.cause == "lock")
    #expect(away.paused)
    #expect(away.seconds >= 6.5)
    #expect(record.phases[0].elapsedSeconds < 6.5)
    #expect(record.phases[0].pausedSeconds >= 6.5)
    #expect(record.focusSeconds < 6.5)
  }

  /// Signals forged by another connection: the session's `Unlock` and `PropertiesChanged`
  /// with `LockedHint` false, 500 of each, and the manager's `PrepareForSleep(false)`.
  static let forger = """
    import sys
    import dbus, dbus.lowlevel
    bus = dbus.bus.BusConnection(sys.argv[1])
    SESSION = '/org/freedesktop/login1/session/_31'
    for i in range(500):
        bus.send_message(dbus.lowlevel.SignalMessage(SESSION, 'org.freedesktop.login1.Session', 'Unlock'))
        m = dbus.lowlevel.SignalMessage(SESSION, 'org.freedesktop.DBus.Properties', 'PropertiesChanged')
        m.append('org.freedesktop.login1.Session', {'LockedHint': dbus.Boolean(False)}, dbus.Array([], signature='s'),
                 signature='sa{sv}as')
        bus.send_message(m)
    m = dbus.lowlevel.SignalMessage('/org/freedesktop/login1', 'org.freedesktop.login1.Manager', 'PrepareForSleep')
    m.append(False, signature='b')
    bus.send_message(m)
    bus.flush()
    print('forged', flush=True)
    """

  @Test(
    "signals forged by another connection are not believed: a locked session stays paused until logind unlocks")
  func forged() async throws {
    guard case let (desk, session)? = try await Desk.running("focus") else { return }
    defer { desk.cleanUp() }
    try desk.steer("Lock")
    #expect(await waitUntil(60) { await desk.status()["away"] as? String == "lock" })
    try desk.daemon.startPeer(Self.forger)
    #expect(await waitUntil(60) { desk.daemon.peerLog.contains("forged") }, "\(desk.daemon.peerLog)")
    // However long it is given, the forged unlocks do not bring the session back (a status
    // that could not be read is no answer either way).
    #expect(await waitUntil(3) { (await desk.state()).map { $0 != "paused" } ?? false } == false)
    #expect(session.isRunning)
    try desk.steer("Unlock")
    await desk.ended(session)
    #expect(session.terminationStatus == 0)
    #expect(desk.lastRecord?.phases.first?.away.count == 1)
  }

  @Test("PrepareForSleep under run: the focus goes on, the span is a sleep; IdleHint counts after idle_after")
  func sleepAndIdle() async throws {
    // Room for five `pomo status` runs, four calls and idle_after before it ends, on a loaded machine.
    guard
      case let (desk, session)? = try await Desk.running(
        "long", config: #"{"bell": false, "notify": false, "away": {"work": "run"}, "idle_after": "1s"}"#, long: "20s")
    else { return }
    defer { desk.cleanUp() }
    try desk.steer("Sleep", [.boolean(true)])
    #expect(await waitUntil(60) { await desk.status()["away"] as? String == "sleep" }, "\(desk.lastStatus)")
    #expect(await desk.state() == "running")
    try desk.steer("Sleep", [.boolean(false)])
    #expect(await waitUntil(60) { await desk.status()["away"] == nil })
    try desk.steer("SetIdle", [.boolean(true)])
    #expect(await waitUntil(60) { await desk.status()["away"] as? String == "idle" || !session.isRunning }, "\(desk.lastStatus)")
    try desk.steer("SetIdle", [.boolean(false)])
    await desk.ended(session)
    let record = try #require(desk.lastRecord)
    let spans = record.phases.flatMap(\.away)
    #expect(spans.map(\.cause) == ["sleep", "idle"], "\(spans)")
    #expect(spans.allSatisfy { !$0.paused })
    // The idle span is dated back to when IdleHint turned true, a second before it counted.
    if spans.count == 2 { #expect(spans[1].seconds >= 1) }
  }

  @Test("a Lock after a lock that 'pomo back' ended pauses the session again, and its Unlock resumes it")
  func lockAfterBack() async throws {
    guard case let (desk, session)? = try await Desk.running("long", long: "10m") else { return }
    defer { desk.cleanUp() }
    try desk.steer("Lock")
    #expect(await waitUntil(60) { await desk.status()["away"] as? String == "lock" }, "\(desk.lastStatus)")
    _ = try await desk.home.run(["back"])
    #expect(await waitUntil(60) { await desk.state() == "running" }, "\(desk.lastStatus)")
    try desk.steer("Lock")
    #expect(
      await waitUntil(60) { await desk.state() == "paused" },
      "a Lock after 'pomo back' was not heard: \(desk.lastStatus)")
    try desk.steer("Unlock")
    #expect(await waitUntil(60) { await desk.state() == "running" }, "\(desk.lastStatus)")
    _ = try await desk.home.run(["stop"])
    #expect(await waitUntil(60) { !session.isRunning })
  }

  @Test("a session started while the screen is locked is paused from its start, until Unlock")
  func lockedAtStart() async throws {
    try await pausedFromItsStart(after: [])
  }

  @Test("a session whose --at countdown ends while the screen is locked is paused from its start, until Unlock")
  func lockedWhenTheWaitEnds() async throws {
    let start = (Date().timeIntervalSince1970 + 3).rounded(.up)
    let record = try await pausedFromItsStart(after: ["--at", String(RFC3339.format(start, offset: 0).prefix(19)) + "+00:00"])
    #expect((record?.start ?? 0) >= start)
  }

  /// Starts a focus (with `options`) on a locked screen: the session is away from its start,
  /// paused until Unlock, and records the lock. Returns the record.
  @discardableResult
  func pausedFromItsStart(after options: [String]) async throws -> JournalRecord? {
    guard let desk = try await Desk.ready(state: ["locked"]) else { return nil }
    defer { desk.cleanUp() }
    let session = try await desk.start("focus", options, waiting: false)
    #expect(
      await waitUntil(60) { await desk.status()["away"] as? String == "lock" || !session.isRunning },
      "the locked screen at the start was not read: \(desk.lastStatus)")
    #expect(await desk.state() == "paused")
    try desk.steer("Unlock")
    await desk.ended(session)
    let record = try #require(desk.lastRecord)
    #expect(record.phases.first?.away.first?.cause == "lock")
    #expect(record.phases.first?.away.first?.paused == true)
    return record
  }

  @Test("another user's flood of 8 MB signals does not hold logind's Lock back: the session pauses within 5 s")
  func flood() async throws {
    guard case let (desk, session)? = try await Desk.running("long", policy: .systemDefault, long: "10m") else { return }
    defer { desk.cleanUp() }
    let pomo = try #require(await desk.connection(of: session.processIdentifier), "pomo's connection to the bus")
    // As nobody, as on a real system bus, where root may; as this user otherwise.
    let nobody = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    try desk.daemon.startPeer(DBusStandIns.flooder, arguments: [pomo], prefix: nobody)
    #expect(await waitUntil(60) { desk.daemon.peerLog.contains("flooding") }, "\(desk.daemon.peerLog)")
    let sent = Date()
    try desk.steer("Lock")
    #expect(await waitUntil(60) { await desk.state() == "paused" }, "\(desk.lastStatus)")
    let delay = Date().timeIntervalSince(sent)
    #expect(delay < 5, "the Lock was heard \(delay) s late")
    #expect(session.isRunning)
  }
}
