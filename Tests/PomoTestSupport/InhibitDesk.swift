import Foundation
import Testing

/// A desk for the tests of what a session holds back and locks: a private system bus with
/// the stand-in logind keeping a record of its inhibitors and locks, a private session bus
/// with the stand-in screen saver keeping one of its own, and a home whose config is given.
/// Every wait is for a condition.
package final class InhibitDesk {
  package let system: DBusDaemon
  package let session: DBusDaemon
  package let home: PomoHome
  private var launched: [Process] = []

  /// The stand-ins started and ready, or nil (with the issue recorded) when they did not start.
  package static func ready(config: String, presets: [String: String]) async throws -> InhibitDesk? {
    let desk = try await InhibitDesk(config: config, presets: presets)
    let up = await waitUntil(60) {
      desk.system.peerLog.contains("logind ready") && desk.session.peerLog.contains("screen saver ready")
    }
    if up { return desk }
    Issue.record("the stand-ins did not start: \(desk.system.peerLog) \(desk.session.peerLog)")
    desk.cleanUp()
    return nil
  }

  private init(config: String, presets: [String: String]) async throws {
    system = try await DBusDaemon(.system)
    session = try await DBusDaemon(.session)
    home = try PomoHome(presets: presets, environment: system.environment.merging(session.environment) { $1 })
    try home.folder.write(".config/pomo/config.json", config)
    try system.startPeer(DBusStandIns.logind, arguments: ["record=\(home.folder.file("logind.jsonl"))"])
    try session.startPeer(DBusStandIns.screenSaver, arguments: [home.folder.file("screensaver.jsonl")])
  }

  /// Starts `preset` (with `options`) in the background; killed by `cleanUp` if it still runs.
  package func start(_ preset: String, _ options: [String] = []) throws -> Process {
    let process = try home.launch(["start", home.preset(preset)] + options, name: "session-\(launched.count)")
    launched.append(process)
    return process
  }

  /// What the stand-in logind recorded, a JSON object a line.
  package var logind: [[String: Any]] { Self.lines(home.folder.read("logind.jsonl")) }
  /// What the stand-in screen saver recorded.
  package var screenSaver: [[String: Any]] { Self.lines(home.folder.read("screensaver.jsonl")) }

  /// The records of `call` in `entries`.
  package static func calls(_ call: String, in entries: [[String: Any]]) -> [[String: Any]] {
    entries.filter { $0["call"] as? String == call }
  }

  /// What the sessions printed on stderr, for a failure's message.
  package var errors: String {
    (0..<launched.count).map { home.folder.read("session-\($0).err") ?? "" }.joined(separator: "\n")
  }

  private static func lines(_ text: String?) -> [[String: Any]] {
    (text ?? "").split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  package func cleanUp() {
    for process in launched where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    system.stop()
    session.stop()
    home.cleanUp()
  }
}
