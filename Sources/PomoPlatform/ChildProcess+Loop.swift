import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension ChildProcess {
  /// Starts `argv` (its program found on the environment's PATH) reading on stdin `head`, then
  /// `loop` again and again with no gap, fed at `bytesPerSecond`: the ambient sound's player.
  /// Nil when it cannot be started.
  ///
  /// The returned process is the guard that feeds the player (`cplatform_spawn_looping`); it
  /// leads the group that the player runs in, so `end` ends both. The guard dies with pomo
  /// (the kernel signals it when pomo dies, even by SIGKILL), and kills its group as it goes;
  /// the player dies with the guard, and a player left alone sees its input end. No sound
  /// outlives pomo.
  package static func startLooping(
    _ argv: [String], environment: [String: String], head: [UInt8], loop: [UInt8], bytesPerSecond: Int
  ) -> ChildProcess? {
    guard let program = argv.first, let path = Spawner.resolve(program, path: environment["PATH"]),
      !loop.isEmpty, bytesPerSecond > 0
    else { return nil }
    let pid = Spawner.withCArrays(argv, environment) { arguments, variables in
      head.withUnsafeBytes { head in
        loop.withUnsafeBytes { loop in
          cplatform_spawn_looping(
            path, arguments, variables, head.baseAddress, head.count, loop.baseAddress, loop.count, bytesPerSecond)
        }
      }
    }
    return pid > 0 ? ChildProcess(pid: pid) : nil
  }
}
