import Foundation

/// Real media players on a private session bus: `mpv` with Debian's MPRIS plugin, each playing a
/// tone it makes itself (lavfi's sine, into the null audio output: no sound card is needed),
/// and `playerctl` to read and steer them as a user would. Each player is known by the name
/// playerctl gives it (`mpv`, then `mpv.instance<pid>`).
package final class MPVPlayers {
  /// Where Debian's mpv-mpris puts the plugin.
  package static let plugin = "/usr/lib/mpv-mpris/mpris.so"

  package let daemon: DBusDaemon
  private var processes: [String: Process] = [:]
  private var count = 0
  /// `dbus-monitor`, once `startMonitor()` started it: every `PropertiesChanged` on the bus.
  private var monitor: Process?

  package init(on daemon: DBusDaemon) {
    self.daemon = daemon
  }

  deinit { stop() }

  /// The environment of a client of the bus.
  private var environment: [String: String] {
    daemon.environment.merging(
      ["HOME": daemon.folder.path, "PATH": RequiredTool.searchPath, "LC_ALL": "C.UTF-8"], uniquingKeysWith: { $1 })
  }

  /// Starts a player, paused from the start when `paused`, and waits until it shows on the bus;
  /// its playerctl name, nil (with what mpv said) when it never showed.
  package func start(paused: Bool = false) async throws -> String? {
    let before = Set(await names())
    count += 1
    let log = daemon.folder.file("mpv-\(count).log")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "mpv") ?? "/usr/bin/mpv")
    process.arguments =
      [
        "--no-config", "--script=\(Self.plugin)", "--no-video", "--ao=null", "--no-terminal", "--idle=no",
        "--log-file=\(log)",
      ] + (paused ? ["--pause"] : []) + ["av://lavfi:sine=frequency=\(300 + 100 * count)"]
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var found: String?
    _ = await waitUntil(60) {
      found = await names().first { !before.contains($0) }
      return found != nil || !process.isRunning
    }
    guard let found else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    processes[found] = process
    return found
  }

  /// The players playerctl sees.
  package func names() async -> [String] {
    guard let run = try? await playerctl(["-l"]), run.status == 0 else { return [] }
    return run.out.split(separator: "\n").map(String.init)
  }

  /// What `playerctl -p NAME status` says: "Playing", "Paused", or nil when it cannot tell.
  package func status(_ name: String) async -> String? {
    guard let run = try? await playerctl(["-p", name, "status"]), run.status == 0 else { return nil }
    return run.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until `name` says `status`; whether it did.
  package func waitFor(_ name: String, _ status: String, timeout: TimeInterval = 60) async -> Bool {
    await waitUntil(timeout) { await self.status(name) == status }
  }

  /// The user presses play or pause (`playerctl -p NAME play`).
  package func user(_ name: String, _ verb: String) async throws {
    _ = try await playerctl(["-p", name, verb])
  }

  /// Quits one player, as a user closing it, and waits until it is gone.
  package func quit(_ name: String) async {
    guard let process = processes.removeValue(forKey: name) else { return }
    kill(process.processIdentifier, SIGTERM)
    // A player that does not quit in time is killed: a test never hangs on it.
    if await !waitUntil(30, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  package func playerctl(_ arguments: [String]) async throws -> Finished {
    try await runProgram(
      [RequiredTool.path(of: "playerctl") ?? "/usr/bin/playerctl"] + arguments, environment: environment, timeout: 30)
  }

  /// The last lines of what the players logged, for a failing test.
  package var logs: String {
    (1...max(1, count)).compactMap { daemon.folder.read("mpv-\($0).log") }
      .map { $0.split(separator: "\n").suffix(15).joined(separator: "\n") }.joined(separator: "\n")
  }

  /// Starts `dbus-monitor` on the bus's `PropertiesChanged` signals, and waits until it listens.
  /// mpv-mpris sends a player's changes a moment after they happen, several as one: a user who
  /// plays and pauses within that moment sends only "Paused", and nobody on the bus can tell.
  /// A test that plays as a user waits with `heard` until the bus carried it, as a person's
  /// hand would take that long.
  package func startMonitor() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "dbus-monitor") ?? "/usr/bin/dbus-monitor")
    process.arguments = ["--address", daemon.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "", "type='signal',member='PropertiesChanged'"]
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: daemon.folder.file("monitor.log"), contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: daemon.folder.file("monitor.log")))
    process.standardError = FileHandle.nullDevice
    try process.run()
    monitor = process
  }

  /// How many times the bus carried a `PlaybackStatus` of `status` ("Playing", "Paused").
  package func heardCount(_ status: String) -> Int {
    (daemon.folder.read("monitor.log") ?? "").components(separatedBy: "string \"\(status)\"").count - 1
  }

  /// Waits until the bus carried `status` more than `count` times; whether it did.
  package func heard(_ status: String, after count: Int, timeout: TimeInterval = 60) async -> Bool {
    await waitUntil(timeout) { self.heardCount(status) > count }
  }

  /// Stops every player.
  package func stop() {
    if let monitor, monitor.isRunning {
      kill(monitor.processIdentifier, SIGKILL)
      monitor.waitUntilExit()
    }
    monitor = nil
    for process in processes.values where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    processes = [:]
  }
}
