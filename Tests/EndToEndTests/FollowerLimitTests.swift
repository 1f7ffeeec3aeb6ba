import Foundation
import PomoTestSupport
import Testing

import PomoControl
import PomoKit
import PomoPlatform

/// Followers never lock anyone out: commands always get through, a follower whose reader is
/// gone leaves at once, and past the follower table's size the oldest is told so and dropped.
/// Real `pomo status --follow` processes, 200 of them, some with dead readers.
@Suite("Followers must not lock anyone out", .endToEnd)
struct FollowerLimitTests {
  /// Seconds `body` took.
  func timed(_ body: () -> Void) -> Double {
    let start = Platform.awakeNanoseconds()
    body()
    return Double(Platform.awakeNanoseconds() - start) / 1e9
  }

  @Test("200 followers, some with dead readers: pause answers at once, the oldest are dropped with a reason")
  func followersMustNotLockAnyoneOut() async throws {
    Platform.ignoreBrokenPipes()
    let home = try PomoHome()
    defer { home.cleanUp() }
    let client = Paths(environment: home.environment).controlClient
    let session = try home.launch(["start", home.preset("long")], name: "session")
    var followers: [Process] = []
    defer {
      for process in followers + [session] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    #expect(await waitUntil { (try? client.send(.state)) != nil })
    // Paused, the session sends followers nothing: a follower can only notice its reader has
    // gone by watching its output, not by failing to write a line.
    #expect(try client.send(.command(.pause))?.pausedAt != nil)

    // Dead readers: followers whose pipe's reader closes once they have shown a line.
    var pipes: [(Process, Pipe)] = []
    for _ in 0..<40 {
      let pipe = Pipe()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: pomoBinary)
      process.arguments = ["status", "--follow"]
      process.environment = home.environment
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      try process.run()
      pipes.append((process, pipe))
      followers.append(process)
    }
    for (_, pipe) in pipes {
      let line = pipe.fileHandleForReading.availableData
      #expect(String(decoding: line, as: UTF8.self).hasPrefix("PAUSED focus 2"))
      try pipe.fileHandleForReading.close()
    }
    #expect(await waitUntil { pipes.allSatisfy { !$0.0.isRunning } }, "followers with no reader linger")
    // Killed followers.
    let killed = try (0..<30).map { n in try home.launch(["status", "--follow"], name: "killed\(n)") }
    followers += killed
    #expect(await waitUntil { (0..<30).allSatisfy { (home.folder.read("killed\($0).out") ?? "").hasPrefix("PAUSED") } })
    for process in killed { kill(process.processIdentifier, SIGKILL) }

    // 200 live followers arrive while commands are sent: every command gets through, quickly.
    var live: [Process] = []
    for n in 0..<200 {
      live.append(try home.launch(["status", "--follow"], name: "live\(n)"))
    }
    followers += live
    var latencies: [Double] = []
    for n in 0..<20 {
      let took = timed { #expect((try? client.send(.command(n % 2 == 0 ? .resume : .pause))) != nil) }
      latencies.append(took)
    }
    let started = Date()
    let paused = try await home.run("pause")
    let commandTook = Date().timeIntervalSince(started)
    #expect(paused.status == 0 && paused.out.hasPrefix("PAUSED focus 2"), "\(paused)")
    // Bounds for a loaded 2-core machine starting 200 debug processes at once: a command shut
    // out by the followers would wait for the client's 5 s time-out and fail; the round trips
    // themselves are measured by `Scripts/bench.sh control`.
    #expect(commandTook < 20, "pomo pause took \(commandTook) s with 200 followers arriving")
    latencies.sort()
    #expect(latencies.last! < 4, "a command took \(latencies.last!) s with 200 followers arriving")
    FileHandle.standardError.write(
      Data(
        "FollowerLimitTests: command round trips with 200 followers arriving: median \(Int(latencies[10] * 1000)) ms, max \(Int(latencies.last! * 1000)) ms; pomo pause (a whole process) \(Int(commandTook * 1000)) ms\n"
          .utf8))

    // The table holds the newest 64; the others heard why they were dropped, and exited 1.
    #expect(
      await waitUntil(120) { live.filter(\.isRunning).count == ControlServer.followerLimit },
      "\(live.filter(\.isRunning).count)")
    let dropped = live.indices.filter { !live[$0].isRunning }
    #expect(dropped.count == 200 - ControlServer.followerLimit)
    for n in dropped {
      live[n].waitUntilExit()
      #expect(live[n].terminationStatus == 1)
      #expect(home.folder.read("live\(n).err") == "Error: \(ControlServer.evictedMessage)\n", "\(n)")
    }
    // The followers left all see the next change.
    let resumed = try await home.run("resume")
    #expect(resumed.status == 0)
    let kept = live.indices.filter { live[$0].isRunning }
    #expect(
      await waitUntil { kept.allSatisfy { (home.folder.read("live\($0).out") ?? "").contains("WORK focus 2") } })
    #expect(try await home.run("stop").out.hasPrefix("Stopped "))
    await session.waitForExit()
    #expect(await waitUntil { kept.allSatisfy { (home.folder.read("live\($0).out") ?? "").hasSuffix("idle\n") } })
  }
}
