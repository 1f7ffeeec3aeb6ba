import Foundation
import PomoTestSupport
import Testing

/// Text from a file is never an option to a program pomo starts: a phase named "--stdout"
/// or "-o out.aiff" reaches the speaker and the notifier as words, a sound file named "-ding"
/// as a file.
@Suite("Arguments from files are never options", .endToEnd)
struct ArgumentsFromFilesTests {
  /// A program on PATH that logs each argument it gets on a line of its own.
  static func fakeProgram(_ name: String, in home: PomoHome) throws -> String {
    let log = home.folder.file(name + ".log")
    let script = try home.folder.write(
      "bin/\(name)", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(log)'; done\n")
    chmod(script, 0o755)
    return log
  }

  @Test("a phase named like an option is spoken and notified as words, a sound file named so is played as a file")
  func optionLikeNames() async throws {
    let home = try PomoHome(presets: [
      "dash": #"{"round": [{"name": "--stdout", "kind": "work", "duration": "1s"}, {"name": "-o out.aiff", "kind": "rest", "duration": "1s"}]}"#
    ])
    defer { home.cleanUp() }
    let spoken = try Self.fakeProgram("espeak-ng", in: home)
    let notified = try Self.fakeProgram("notify-send", in: home)
    let played = try Self.fakeProgram("paplay", in: home)
    try home.folder.write("-ding.wav", "RIFF")
    try home.folder.write(".config/pomo/config.json", #"{"sound": {"phase_end": "-ding.wav"}}"#)
    var environment = home.environment
    environment["PATH"] = home.folder.file("bin") + ":/usr/bin:/bin"
    let process = try home.launch(["start", home.preset("dash"), "--voice"], name: "run", environment: environment)
    // pomo reads the sound file relative to where it runs: HOME.
    await process.waitForExit()
    #expect(process.terminationStatus == 0, "\(home.folder.read("run.err") ?? "")")
    func lines(_ log: String) -> [String] {
      (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }
    #expect(await waitUntil { lines(spoken).contains { $0.contains("--stdout") } && lines(spoken).contains("done") })
    #expect(lines(spoken).contains(" --stdout, work"), "\(lines(spoken))")
    #expect(lines(spoken).contains(" -o out.aiff, rest"), "\(lines(spoken))")
    #expect(await waitUntil { !lines(notified).isEmpty })
    // Only pomo's own option may start with a dash.
    let options = (lines(spoken) + lines(notified) + lines(played)).filter { $0.hasPrefix("-") }
    #expect(options.allSatisfy { $0 == "--app-name=pomo" }, "\(options)")
  }
}
