import CPlatform
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary HOME with a tiny preset, a long one, and one whose names are not ASCII.
package struct SampleHome {
  package let folder: TemporaryFolder
  package let tiny: String
  package let long: String

  package init() throws {
    folder = try TemporaryFolder()
    tiny = try folder.write(
      "tiny.json",
      #"{"rounds": 2, "skip_last_rest": true, "round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#
    )
    long = try folder.write(
      "long.json",
      #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}, {"name": "break", "kind": "rest", "duration": "5m"}], "rounds": 4}"#
    )
    try folder.write(
      ".config/pomo/presets/fokus.json",
      #"{"description": "Tiefe Arbeit · ohne Ablenkung, bis der Kopf leer ist…", "round": [{"name": "集中 Fokus", "kind": "work", "duration": "1s"}]}"#
    )
  }

  package func environment(_ extra: [String: String]) -> [String: String] {
    ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(extra) { $1 }
  }
}

/// fcntl's F_SETPIPE_SZ (Linux), which Glibc's Swift module does not export.
package let fSetPipeSize: Int32 = 1031

/// The bytes outside ASCII in `text`, for a readable failure.
package func nonASCII(_ text: String) -> String {
  String(text.unicodeScalars.filter { !$0.isASCII }.map(Character.init))
}

/// Starts the real binary as a shell would (signals at their defaults, none blocked), with
/// `pipe` as its descriptor `fd` (1 or 2) and /dev/null for the other standard ones.
package func spawnPomo(_ words: [String], home: SampleHome, pipe: Int32, as fd: Int32) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  for other: Int32 in [1, 2] where other != fd { posix_spawn_file_actions_addopen(&actions, other, "/dev/null", O_WRONLY, 0) }
  posix_spawn_file_actions_adddup2(&actions, pipe, fd)
  cplatform_spawn_close_from(&actions, 3)
  let argv: [UnsafeMutablePointer<CChar>?] = ([pomoBinary] + words).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] =
    home.environment(["LANG": "C.UTF-8"]).map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(&attributes, PseudoTerminal.cleanSignalFlags)
  PseudoTerminal.cleanSignals(&attributes)
  var pid: pid_t = 0
  let result = posix_spawn(&pid, pomoBinary, &actions, &attributes, argv, envp)
  guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
  return pid
}
