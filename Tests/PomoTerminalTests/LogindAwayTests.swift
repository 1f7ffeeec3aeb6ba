import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `LogindAway` against a real `dbus-daemon` configured as a system bus, with the stand-in
/// logind emitting the real signals, driven as the event loop drives it: the causes kept
/// apart, the state read at the start, and a logind that restarts.
@Suite("DBus logind away", .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
struct LogindAwayTests {
  /// A 10-min focus under the standard rules (focus pauses), a watcher and the stand-in logind.
  final class Desk {
    let clock = FakeClock()
    let daemon: DBusDaemon
    let steering: DBusConnection
    var logind: Process
    var engine: SessionEngine
    let watcher: LogindAway

    /// `state`: what the stand-in's session is from its start ("locked", "idle").
    init(state: [String] = [], idleAfter: Duration = .seconds(300)) async throws {
      daemon = try await DBusDaemon(.system)
      logind = try daemon.startPeer(DBusStandIns.logind, arguments: state)
      let daemon = daemon
      #expect(await waitUntil(60) { daemon.peerLog.contains("logind ready") }, "\(daemon.peerLog)")
      steering = try DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60))
      let preset = Preset(name: "f", round: [phase("go", .work, 600)])
      engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock, away: .standard)
      watcher = try LogindAway(
        connection: DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60)), sessionID: nil,
        processID: UInt32(getpid()), idleAfter: idleAfter, timeout: .seconds(60))
      publish(engine.start())
    }

    func publish(_ events: [SessionEvent]) { watcher.sessionDidUpdate(engine, events: events) }

    /// A command from elsewhere (`pomo back`, `pomo away`, a key), as the event loop carries it out.
    func apply(_ command: SessionCommand) { publish(engine.apply(command)) }

    /// Calls the stand-in's test interface: Lock, Unlock, Sleep(b), SetIdle(b).
    func steer(_ member: String, _ body: [DBusValue] = []) throws {
      _ = try steering.call(
        .methodCall(
          destination: Logind.service, path: Logind.managerPath, interface: "org.pomo.Test", member: member, body: body),
        timeout: .seconds(60))
    }

    /// Serves as the event loop would until `done`, at most 30 s; whether it came.
    @discardableResult
    func serve(until done: () -> Bool) async -> Bool {
      await waitUntil(30) {
        for fd in watcher.descriptors where UnixSocket.waitReadable(fd, milliseconds: 0) {
          watcher.serve(ready: [fd]) { command in
            publish(engine.apply(command))
            return engine
          }
        }
        watcher.serveDue(now: clock.boot) { command in
          publish(engine.apply(command))
          return engine
        }
        return done()
      }
    }

    var away: AwayCause? { engine.away?.cause }

    /// The stand-in says Lock; whether the session then hears it, away with the cause "lock".
    func lock() async throws -> Bool {
      try steer("Lock")
      return await serve { away == .lock }
    }

    func cleanUp() {
      watcher.close()
      steering.close()
      daemon.stop()
    }

    /// Runs `body` at a new desk and cleans it up after, however `body` ends.
    static func with(
      state: [String] = [], idleAfter: Duration = .seconds(300), _ body: (Desk) async throws -> Void
    ) async throws {
      let desk = try await Desk(state: state, idleAfter: idleAfter)
      defer { desk.cleanUp() }
      try await body(desk)
    }
  }

  @Test("a lock ended by 'pomo back' leaves the next Lock heard, and its Unlock ends it", .hangLimit)
  func lockAfterBack() async throws {
    try await Desk.with { desk async throws in
      #expect(try await desk.lock())
      desk.apply(.back)
      #expect(desk.engine.status == .running)
      #expect(desk.watcher.causes.isEmpty)
      // The locker locks again without logind having said Unlock in between.
      #expect(try await desk.lock(), "a Lock after 'pomo back' is heard")
      try desk.steer("Unlock")
      #expect(await desk.serve { desk.away == nil })
      #expect(desk.engine.status == .running)
    }
  }

  @Test("an Unlock never ends a 'pomo away --cause idle', even after a lock 'pomo back' ended", .hangLimit)
  func unlockLeavesAwayByHand() async throws {
    try await Desk.with { desk async throws in
      #expect(try await desk.lock())
      desk.apply(.back)
      desk.apply(.away(.idle))
      #expect(desk.away == .idle)
      try desk.steer("Unlock")
      // A sleep after it: once it is heard, so was the Unlock before it.
      try desk.steer("Sleep", [.boolean(true)])
      #expect(await desk.serve { desk.watcher.causes.contains(.sleep) })
      #expect(desk.away == .idle, "the Unlock ended a time away begun by hand")
      try desk.steer("Sleep", [.boolean(false)])
      #expect(await desk.serve { desk.watcher.causes.isEmpty })
      #expect(desk.away == .idle)
    }
  }

  @Test(
    "a suspend then the locker's Lock: waking keeps the session away until Unlock, in one time away", .hangLimit)
  func sleepThenLock() async throws {
    try await Desk.with { desk async throws in
      try desk.steer("Sleep", [.boolean(true)])
      #expect(await desk.serve { desk.away == .sleep })
      try desk.steer("Lock")
      #expect(await desk.serve { desk.watcher.causes == [.sleep, .lock] })
      try desk.steer("Sleep", [.boolean(false)])
      #expect(await desk.serve { desk.watcher.causes == [.lock] })
      #expect(desk.away == .sleep, "waking ended the time away while the screen was locked")
      #expect(desk.engine.status == .paused)
      try desk.steer("Unlock")
      #expect(await desk.serve { desk.away == nil })
      #expect(desk.engine.status == .running)
    }
  }

  @Test("a session begun while the screen is locked is away from its start, until Unlock", .hangLimit)
  func lockedAtStart() async throws {
    try await Desk.with(state: ["locked"]) { desk async throws in
      #expect(await desk.serve { desk.away == .lock }, "the LockedHint at the start was not read")
      #expect(desk.engine.status == .paused)
      try desk.steer("Unlock")
      #expect(await desk.serve { desk.away == nil })
    }
  }

  @Test("a session begun on an idle desk counts it idle once idle_after has passed", .hangLimit)
  func idleAtStart() async throws {
    try await Desk.with(state: ["idle"], idleAfter: .seconds(60)) { desk async throws in
      // The hint is read, and the wait for idle_after begins.
      #expect(await desk.serve { desk.watcher.nextWake(desk.engine) != nil }, "the IdleHint at the start was not read")
      desk.clock.advance(.seconds(61))
      #expect(await desk.serve { desk.away == .idle })
    }
  }

  @Test("a logind that restarts is heard again: its Lock pauses, and a lock it forgot ends", .hangLimit)
  func logindRestarts() async throws {
    try await Desk.with { desk in
      #expect(try await desk.lock())
      // logind restarts with the screen unlocked: the lock it held is over.
      kill(desk.logind.processIdentifier, SIGKILL)
      await desk.logind.waitForExit()
      desk.logind = try desk.daemon.startPeer(DBusStandIns.logind)
      #expect(await desk.serve { desk.away == nil }, "the restarted logind's hints were not read")
      #expect(await waitUntil(60) { desk.daemon.peerLog.components(separatedBy: "logind ready").count == 3 })
      #expect(try await desk.lock(), "the restarted logind's Lock was not heard")
      try desk.steer("Unlock")
      #expect(await desk.serve { desk.away == nil })
    }
  }
}
