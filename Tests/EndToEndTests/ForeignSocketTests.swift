import Foundation
import PomoTestSupport
import Testing

import PomoControl
import PomoKit
import PomoPlatform

/// Clients trust no foreign socket: a folder, a socket or a listening process that is not
/// this user's is never believed, and a session that cannot have a safe socket says why.
/// The foreign server is a real process run as nobody.
@Suite("Clients trust no foreign socket", .requires(.python, .setpriv), .endToEnd)
struct ForeignSocketTests {
  let home: PomoHome
  let shared: String
  let environment: [String: String]

  init() throws {
    Platform.ignoreBrokenPipes()
    var home = try PomoHome()
    // A shared runtime folder, as /tmp is: anyone may make `pomo/` in it first.
    shared = home.folder.file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    chmod(home.path, 0o755)
    chmod(shared, 0o1777)
    home.environment["XDG_RUNTIME_DIR"] = shared
    environment = home.environment
    self.home = home
  }

  var socketFolder: String { shared + "/pomo" }
  var client: ControlClient { Paths(environment: environment).controlClient }
  var asNobody: [String] { ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] }

  /// A server that answers every connection with `idle`, run as nobody: it makes `folder`
  /// (mode `mode`) if it must, listens at `folder/name`, writes `ready` there, and logs each
  /// request it reads to `folder/log`.
  static let server = """
    import os, socket, sys
    folder, name, mode = sys.argv[1], sys.argv[2], int(sys.argv[3], 8)
    if not os.path.isdir(folder):
        os.makedirs(folder)
        os.chmod(folder, mode)
    path = os.path.join(folder, name)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    os.chmod(path, 0o777)
    s.listen(16)
    open(os.path.join(folder, "ready"), "w").close()
    while True:
        c, _ = s.accept()
        c.settimeout(5)
        try:
            data = c.recv(4096)
        except Exception:
            data = b""
        with open(os.path.join(folder, "log"), "a") as log:
            log.write(repr(data) + "\\n")
        try:
            c.sendall(b"idle\\n")
        except Exception:
            pass
        c.close()
    """

  func startServer(folder: String, mode: String) async throws -> Process {
    let server = try home.launch(
      ["-c", Self.server, folder, String(client.socketPath.split(separator: "/").last!), mode], name: "server",
      program: "/usr/bin/python3", prefix: asNobody)
    #expect(
      await waitUntil { FileManager.default.fileExists(atPath: folder + "/ready") }, "\(home.folder.read("server.err") ?? "")"
    )
    return server
  }

  func stopped(_ process: Process) {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  @Test(
    "a foreign server as nobody in a shared folder: no command, follower or session believes it",
    .enabled(if: getuid() == 0, "needs root, to run the server as nobody"))
  func foreignServerInASharedFolder() async throws {
    defer { home.cleanUp() }
    let server = try await startServer(folder: socketFolder, mode: "777")
    defer { stopped(server) }
    let untrusted =
      "Error: will not trust the control socket \(client.socketPath): the folder \(socketFolder) belongs to user 65534, not to you (0); set XDG_RUNTIME_DIR to a folder only you can write\n"
    // Nothing runs: each command names the reason, never "idle" from the foreign server.
    for command in [["stop"], ["pause"], ["skip"], ["toggle"], ["status", "--follow"]] {
      let result = try await home.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.out == "", "\(command)")
      #expect(result.err == untrusted, "\(command)")
    }

    // A session started there runs without a socket, and says why.
    let session = try home.launch(["start", home.preset("long")], name: "session")
    defer { stopped(session) }
    #expect(await waitUntil { (try? await home.run("status").out.hasPrefix("WORK focus")) == true })
    let reason = "cannot use the folder \(socketFolder): owned by another user"
    #expect(
      home.folder.read("session.err")
        == "pomo: warning: this session has no control socket: \(reason); 'pomo pause', 'pomo stop' and 'pomo status --follow' cannot reach it\n"
    )
    let pid = session.processIdentifier
    let noControl = "the running session (pid \(pid)) cannot be steered: it has no control socket (\(reason))"
    let status = try await home.run("status")
    #expect(status.status == 1)
    #expect(status.out.hasPrefix("WORK focus 2"))
    #expect(status.err == "pomo: warning: \(noControl)\n")
    for command in [["stop"], ["pause"], ["status", "--follow"]] {
      let result = try await home.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.out == "", "\(command)")
      #expect(result.err == "Error: \(noControl)\n", "\(command)")
    }
    #expect(session.isRunning)
    // The foreign server never heard a word from any of them.
    #expect(home.folder.read("shared/pomo/log") == nil)
    kill(pid, SIGTERM)
    await session.waitForExit()
  }

  @Test(
    "a foreign process listening on a socket in this user's folder: the peer's uid is checked",
    .enabled(if: getuid() == 0, "needs root, to run the server as nobody"))
  func foreignPeer() async throws {
    defer { home.cleanUp() }
    // nobody listens in a folder of its own; the socket is then moved into this user's
    // folder and given to this user, so only the kernel's word on the peer tells them apart.
    let elsewhere = home.folder.file("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    chmod(elsewhere, 0o777)
    let server = try await startServer(folder: elsewhere, mode: "777")
    defer { stopped(server) }
    try Platform.makePrivateFolder(socketFolder)
    let name = String(client.socketPath.split(separator: "/").last!)
    #expect(rename(elsewhere + "/" + name, client.socketPath) == 0)
    #expect(chown(client.socketPath, 0, 0) == 0)
    for command in [["stop"], ["pause"], ["status", "--follow"]] {
      let result = try await home.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.out == "", "\(command)")
      #expect(
        result.err
          == "Error: will not trust the control socket \(client.socketPath): the process listening runs as user 65534, not as you (0); set XDG_RUNTIME_DIR to a folder only you can write\n",
        "\(command)")
    }
    // It connected, and sent nothing.
    #expect(await waitUntil { (home.folder.read("elsewhere/log") ?? "").split(separator: "\n").count == 3 })
    #expect(home.folder.read("elsewhere/log") == "b''\nb''\nb''\n")
  }

  @Test("a socket folder of this user's that others may write is not trusted")
  func widenedFolder() async throws {
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("long")], name: "session")
    defer { stopped(session) }
    #expect(await waitUntil { (try? client.send(.state)) != nil })
    chmod(socketFolder, 0o777)
    let result = try await home.run("pause")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: will not trust the control socket \(client.socketPath): the folder \(socketFolder) has mode 0777, not 0700; set XDG_RUNTIME_DIR to a folder only you can write\n"
    )
    chmod(socketFolder, 0o700)
    #expect(try await home.run("status").out.hasPrefix("WORK focus 2"))
    #expect(try await home.run("stop").out.hasPrefix("Stopped "))
    await session.waitForExit()
  }
}
