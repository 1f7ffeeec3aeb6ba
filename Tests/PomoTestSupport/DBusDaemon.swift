import Foundation

/// A private, real `dbus-daemon` in a temporary folder: a session bus, or a stand-in for the
/// system bus (the same daemon with `<type>system</type>`), listening on a socket file and on
/// an abstract socket. Nothing of the machine's own buses is touched.
package final class DBusDaemon {
  package enum Kind: String { case session, system }

  /// Who may do what on the bus.
  package enum Policy {
    /// Anyone may own any name, call anything and eavesdrop: the tests' usual bus.
    case open
    /// The system bus's default policy (dbus's own `system.conf`): anyone may send signals,
    /// talk to the bus itself and answer calls made to it; only this user (the stand-ins, the
    /// tests, pomo) may own names and call methods. Another user (nobody) is a stranger there.
    case systemDefault
  }

  package struct Failure: Error, CustomStringConvertible {
    package let description: String
  }

  package let folder: TemporaryFolder
  package let kind: Kind
  /// The address the daemon printed (`unix:path=…,guid=…`).
  package let address: String
  /// An address of its abstract socket, which it also listens on (Linux).
  package let abstractAddress: String
  private let process: Process
  private var peers: [Process] = []

  /// Starts the daemon and waits (at most `timeout` seconds) until it prints its address.
  package init(_ kind: Kind = .session, policy: Policy = .open, timeout: TimeInterval = 60) async throws {
    let folder = try TemporaryFolder()
    self.folder = folder
    self.kind = kind
    let abstractName = "pomo-test-\(UUID().uuidString)"
    abstractAddress = "unix:abstract=\(abstractName)"
    let config = try folder.write(
      "bus.conf",
      """
      <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
       "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
      <busconfig>
        <type>\(kind.rawValue)</type>
        <listen>unix:path=\(folder.file("bus"))</listen>
        <listen>\(abstractAddress)</listen>
        <auth>EXTERNAL</auth>
      \(Self.rules(policy))
      </busconfig>
      """)
    let printed = folder.file("address")
    _ = FileManager.default.createFile(atPath: printed, contents: nil)
    let process = Process()
    self.process = process
    process.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "dbus-daemon") ?? "/usr/bin/dbus-daemon")
    process.arguments = ["--config-file=\(config)", "--nofork", "--print-address=1"]
    process.environment = ["PATH": RequiredTool.searchPath, "LC_ALL": "C.UTF-8"]
    let output = FileHandle(forWritingAtPath: printed)
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    try? output?.close()  // the daemon has its own copy
    var line: String?
    _ = await waitUntil(timeout) {
      line = folder.read("address").flatMap { $0.split(separator: "\n").first.map(String.init) }
      return line != nil || !process.isRunning
    }
    guard let line else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw Failure(description: "dbus-daemon printed no address within \(timeout) s")
    }
    address = line
  }

  private static func rules(_ policy: Policy) -> String {
    switch policy {
    case .open:
      """
        <policy context="default">
          <allow user="*"/>
          <allow own="*"/>
          <allow send_destination="*" eavesdrop="true"/>
          <allow eavesdrop="true"/>
        </policy>
      """
    case .systemDefault:
      """
        <policy context="default">
          <allow user="*"/>
          <deny own="*"/>
          <deny send_type="method_call"/>
          <allow send_type="signal"/>
          <allow send_requested_reply="true" send_type="method_return"/>
          <allow send_requested_reply="true" send_type="error"/>
          <allow receive_type="method_call"/>
          <allow receive_type="method_return"/>
          <allow receive_type="error"/>
          <allow receive_type="signal"/>
          <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
          <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
          <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
        </policy>
        <policy user="\(getuid())">
          <allow own="*"/>
          <allow send_type="method_call"/>
        </policy>
      """
    }
  }

  /// The environment a client of this bus reads its address from.
  package var environment: [String: String] {
    [kind == .session ? "DBUS_SESSION_BUS_ADDRESS" : "DBUS_SYSTEM_BUS_ADDRESS": address]
  }

  /// Starts a Python peer on this bus: `script` run with the bus address and `arguments`.
  /// Its output goes to `peer.log` in the folder, shown when a test fails. With `prefix`
  /// (`setpriv` to run it as nobody), the script is given inline and the address is the
  /// abstract socket's, which another user can reach where the folder is closed to it.
  @discardableResult
  package func startPeer(_ script: String, arguments: [String] = [], prefix: [String] = []) throws -> Process {
    let file = try folder.write("peer-\(peers.count).py", script)
    let log = folder.file("peer.log")
    if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
    let peer = Process()
    let python = RequiredTool.path(of: "python3") ?? "/usr/bin/python3"
    if prefix.isEmpty {
      peer.executableURL = URL(fileURLWithPath: python)
      peer.arguments = [file, address] + arguments
    } else {
      peer.executableURL = URL(fileURLWithPath: prefix[0])
      peer.arguments = Array(prefix.dropFirst()) + [python, "-c", script, abstractAddress] + arguments
    }
    peer.environment = ["PATH": RequiredTool.searchPath, "LC_ALL": "C.UTF-8"]
    let handle = FileHandle(forWritingAtPath: log)
    handle?.seekToEndOfFile()
    peer.standardOutput = handle
    peer.standardError = handle
    try peer.run()
    try? handle?.close()
    peers.append(peer)
    return peer
  }

  /// Sends the daemon `signal`: SIGSTOP makes a bus that takes every call and answers none,
  /// until SIGCONT.
  package func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// What the peers printed.
  package var peerLog: String { folder.read("peer.log") ?? "" }

  /// Stops the peers and the daemon, waits for them, and removes the folder. They are
  /// killed: a process started from the test runner may inherit SIGTERM blocked.
  package func stop() {
    for child in peers + [process] where child.isRunning {
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
    }
    peers = []
    folder.cleanUp()
  }

  deinit { stop() }
}
