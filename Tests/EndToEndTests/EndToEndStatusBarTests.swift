import Foundation
import PomoSession
import PomoTestSupport
import Testing

/// `pomo status --format` through the built binary against a real running session, and the
/// README's status-bar recipes: each recipe's command line is read from the README and run.
@Suite("End to end: status formats and bar recipes", .endToEnd)
struct EndToEndStatusBarTests {
  let home: TemporaryFolder
  let environment: [String: String]
  var statePath: String { home.file(".local/state/pomo/current.json") }

  init() throws {
    home = try TemporaryFolder()
    // The recipes call plain `pomo`, as an installed one would be found.
    let bin = (pomoBinary as NSString).deletingLastPathComponent
    environment = ["HOME": home.path, "PATH": "\(bin):/usr/bin:/bin", "LANG": "C.UTF-8"]
    // A phase name that needs Pango escaping.
    try home.write("long.json", #"{"round": [{"name": "Q&A <prep>", "kind": "work", "duration": "25m"}]}"#)
  }

  /// Starts a 25-minute session in the background and waits until its state file is there.
  func startSession() async throws -> Process {
    let process = try PomoHome(folder: home, environment: environment).launch(
      ["start", home.file("long.json"), "--tag", "R&D", "--no-bell", "--no-notify"])
    #expect(await waitUntil { FileManager.default.fileExists(atPath: statePath) }, "the session did not start")
    return process
  }

  /// Stops the session and waits for it, so the next test starts clean.
  func stop(_ process: Process) {
    process.terminate()
    process.waitUntilExit()
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
  }

  /// A waybar custom module's line: exactly the five keys, with their types.
  static func checkWaybar(_ line: String, running: Bool) throws {
    let object = try object(line)
    #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
    let text = try #require(object["text"] as? String)
    #expect(object["alt"] is String && object["tooltip"] is String && object["class"] is String)
    // A whole number, not a fraction or a boolean.
    #expect(line.range(of: #""percentage":(100|[1-9]?[0-9])[,}]"#, options: .regularExpression) != nil, "\(line)")
    if running {
      #expect(text.hasPrefix("WORK Q&amp;A &lt;prep&gt; 2"), "\(text)")
      #expect(object["alt"] as? String == "running")
      #expect(object["class"] as? String == "work")
      #expect((object["tooltip"] as? String)?.hasSuffix("tags: R&amp;D") == true)
    } else {
      #expect(text == "")
      #expect(object["class"] as? String == "idle")
    }
  }

  /// An i3blocks line in `format=json`: full_text, short_text and color, all strings.
  static func checkI3blocks(_ line: String, running: Bool) throws {
    let object = try object(line)
    #expect(Set(object.keys) == ["full_text", "short_text", "color"])
    let full = try #require(object["full_text"] as? String)
    let short = try #require(object["short_text"] as? String)
    let color = try #require(object["color"] as? String)
    #expect(color.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil)
    if running {
      #expect(full.hasPrefix("WORK Q&A <prep> 2") && full.hasSuffix(" (0%, round 1/1)"), "\(full)")
      #expect(short.range(of: #"^WORK 2[0-9]:[0-5][0-9]$"#, options: .regularExpression) != nil, "\(short)")
      #expect(color == StatusText.i3blocksColors.work)
    } else {
      #expect(full == "" && short == "")
    }
  }

  @Test("each --format against a running session, and idle")
  func formats() async throws {
    defer { home.cleanUp() }
    func status(_ words: String...) async throws -> String {
      let result = try await runPomo(["status"] + words, environment: environment)
      #expect(result.status == 0, "\(words): \(result.err)")
      #expect(result.err == "")
      #expect(result.out.hasSuffix("\n") && result.out.filter { $0 == "\n" }.count == 1, "\(words): \(result.out)")
      return String(result.out.dropLast())
    }
    try await Self.checkWaybar(status("--format", "waybar"), running: false)
    try await Self.checkI3blocks(status("--format", "i3blocks"), running: false)
    #expect(try await status("--format", "{badge} {remaining}") == "")

    let session = try await startSession()
    defer { stop(session) }
    #expect(try await status("--format", "text").hasPrefix("WORK Q&A <prep> 2"))
    let json = try await Self.object(try status("--format", "json"))
    #expect(await Set(json.keys) == Set(try Self.object(try status("--json")).keys))
    #expect(json["state"] as? String == "running")
    #expect(json["phase"] as? String == "Q&A <prep>")
    try await Self.checkWaybar(status("--format", "waybar"), running: true)
    try await Self.checkI3blocks(status("--format", "i3blocks"), running: true)
    let line = try await status(
      "--format", "{state}|{kind}|{phase}|{round}/{rounds}|{phase_index}/{phase_count}|{tags}|{{x}}")
    #expect(line == "running|work|Q&A <prep>|1/1|1/1|R&D|{x}")
    let pid = try await status("--format", "{pid}")
    #expect(pid == String(session.processIdentifier))
    let unknown = try await runPomo(["status", "--format", "{remainig}"], environment: environment)
    #expect(unknown.status == 64)
    #expect(unknown.out == "")
    #expect(unknown.err.hasPrefix("Error: '--format' has an unknown field '{remainig}'. Did you mean '{remaining}'?\n"))
  }

  // MARK: - The README's recipes

  /// A recipe: its bar, its command line as the README gives it, and its whole block.
  struct Recipe {
    var bar: String
    var command: String
    var block: String
  }

  /// The recipes under "## Status bars" in docs/status-bars.md: after each `**bar**`, the first fenced block, and in
  /// it the command the bar runs (waybar's `"exec"`, polybar's `exec =`, i3blocks' `command=`,
  /// tmux's `#(...)`).
  static func recipes() throws -> [Recipe] {
    let page = try String(contentsOfFile: packageRoot + "/docs/status-bars.md", encoding: .utf8)
    let start = try #require(page.range(of: "\n## Status bars\n"))
    let rest = page[start.upperBound...]
    let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    var result: [Recipe] = []
    let patterns = [
      "waybar": #"^\s*"exec": (".*"),$"#, "polybar": #"^exec = (.*)$"#, "i3blocks": #"^command=(.*)$"#,
      "tmux": #"^set -g status-right '#\((.*)\)'$"#,
    ]
    for bar in ["waybar", "polybar", "i3blocks", "tmux"] {
      let label = try #require(section.range(of: "**\(bar)**"), "no \(bar) recipe")
      let after = section[label.upperBound...]
      let open = try #require(after.range(of: "```"))
      let body = after[open.upperBound...].drop { $0 != "\n" }.dropFirst()
      let close = try #require(body.range(of: "\n```"))
      let block = String(body[..<close.lowerBound])
      let lines = block.split(separator: "\n").map(String.init)
      let pattern = try Regex(patterns[bar]!)
      let match = try #require(lines.lazy.compactMap { $0.wholeMatch(of: pattern) }.first, "\(bar): no command")
      var command = String(try #require(match.output[1].substring))
      if bar == "waybar" {
        command = try #require(
          try JSONSerialization.jsonObject(with: Data(command.utf8), options: .fragmentsAllowed) as? String)
      }
      result.append(Recipe(bar: bar, command: command, block: block))
    }
    return result
  }

  /// Runs a recipe's command as its bar would, through `sh -c`, and returns its first line.
  /// TODO(integrator): this branch has no `status --follow`; until it does, the follow form is
  /// run without `--follow` (the same output, once). Once `--follow` is in `status --help`,
  /// the recipe runs as written and its first line is read, the follower then stopped.
  func firstLine(_ command: String) async throws -> String {
    let follows = try await runPomo(["status", "--help"], environment: environment).out.contains("--follow")
    let line = follows ? command : command.replacing(" --follow", with: "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec " + line]
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line is read on a thread of its own, which a follower's pipe keeps blocked.
    let reading = FirstLine()
    let reader = pipe.fileHandleForReading
    Thread {
      var bytes: [UInt8] = []
      while !bytes.contains(0x0A) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        bytes += chunk
      }
      reading.finish(bytes)
    }.start()
    let arrived = await waitUntil(30) { reading.bytes != nil }
    // A command that does not follow ends by itself; a follower is stopped after its line.
    if !follows { _ = await waitUntil(30) { !process.isRunning } }
    if process.isRunning { process.terminate() }
    await process.waitForExit()
    if !arrived { _ = await waitUntil { reading.bytes != nil } }
    let bytes = reading.bytes ?? []
    #expect(arrived, "\(line): no line within 30 s")
    let text = String(decoding: bytes, as: UTF8.self)
    if !follows {
      #expect(process.terminationStatus == 0, "\(line)")
      #expect(text.filter { $0 == "\n" }.count == 1, "\(line): \(text)")
    }
    return String(text.prefix { $0 != "\n" })
  }

  @Test("docs/status-bars.md has the four recipes, with what each bar needs")
  func recipesAreThere() throws {
    let recipes = try Self.recipes()
    #expect(recipes.map(\.bar) == ["waybar", "polybar", "i3blocks", "tmux"])
    let block = Dictionary(uniqueKeysWithValues: recipes.map { ($0.bar, $0.block) })
    #expect(block["waybar"]!.contains(#""return-type": "json""#))
    #expect(block["waybar"]!.contains(#""on-click": "pomo toggle""#))
    #expect(block["polybar"]!.contains("\ntail = true"))
    #expect(block["i3blocks"]!.contains("\ninterval=persist"))
    #expect(block["i3blocks"]!.contains("\nformat=json"))
    #expect(block["tmux"]!.contains("set -g status-interval 1"))
    for recipe in recipes { #expect(recipe.command.hasPrefix("pomo status "), "\(recipe.bar)") }
    // polybar cannot escape its `%{...}` tags (click actions run commands): no text from files.
    for field in ["{phase}", "{preset}", "{tags}"] {
      #expect(recipes.first { $0.bar == "polybar" }?.command.contains(field) == false, "\(field)")
    }
    for bar in ["waybar", "polybar", "i3blocks"] {
      #expect(recipes.first { $0.bar == bar }?.command.contains(" --follow") == true, "\(bar) follows the feed")
    }
  }

  @Test("each recipe's command gives its bar what it expects, running and idle")
  func recipesRun() async throws {
    defer { home.cleanUp() }
    let recipes = try Self.recipes()
    func check(_ running: Bool) async throws {
      for recipe in recipes {
        let line = try await firstLine(recipe.command)
        switch recipe.bar {
        case "waybar": try Self.checkWaybar(line, running: running)
        case "i3blocks": try Self.checkI3blocks(line, running: running)
        default:  // polybar and tmux: a plain line, the badge and the time
          #expect(running ? line.wholeMatch(of: /WORK 2\d:[0-5]\d/) != nil : line == "", "\(recipe.bar): \(line)")
        }
      }
    }
    try await check(false)
    let session = try await startSession()
    defer { stop(session) }
    try await check(true)
  }
}

/// The bytes a reader thread got up to the first newline, handed over once it is done.
private final class FirstLine: @unchecked Sendable {
  private let lock = NSLock()
  private var read: [UInt8]?

  var bytes: [UInt8]? { lock.withLock { read } }

  func finish(_ bytes: [UInt8]) { lock.withLock { read = bytes } }
}
