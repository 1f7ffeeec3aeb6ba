import Foundation
import PomoTestSupport
import Testing

/// The real binary, run from a folder with no Presets/ in a temporary HOME.
@Suite("End to end: presets", .endToEnd)
struct EndToEndPresetTests {
  @Test("the copied binary carries its presets, wherever it runs")
  func presetsAnywhere() async throws {
    try await PomoHome.with(presets: [:]) { home in
      let copy = home.file("bin/pomo")
      try await copyPomoBinary(to: copy)
      // In HOME, away from the source tree and its Presets/.
      let process = try home.launch(["presets"], name: "presets", program: copy)
      await process.waitForExit()
      let out = home.read("presets.out") ?? ""
      #expect(process.terminationStatus == 0)
      for name in ["work", "hiit", "tabata", "emom", "52-17", "stretch"] {
        #expect(out.contains("\n\(name) "))
      }
    }
  }

  @Test("pomo start hiit --rounds 8 --dry-run: warm-up, 8 work, 7 rest, cool-down, total")
  func hiitDryRun() async throws {
    try await PomoHome.with(presets: [:]) { home in
      let result = try await home.run(["start", "hiit", "--rounds", "8", "--dry-run"])
      #expect(result.status == 0)
      let lines = result.out.split(separator: "\n")
      #expect(lines.first == "hiit: 8 rounds, 17 phases, 17:40")
      #expect(lines.filter { $0.hasSuffix("  work") && $0.contains(" work ") }.count == 8)
      #expect(lines.filter { $0.hasSuffix("  rest") }.count == 7)
      #expect(lines.contains { $0.hasSuffix("warm-up") })
      #expect(lines.contains { $0.hasSuffix("cool-down") })
      #expect(lines.last == "Total 17:40: work 5:20, rest 12:20")
      // Nothing is recorded by a dry run.
      #expect(!FileManager.default.fileExists(atPath: home.file(".local/share/pomo")))
    }
  }

  @Test("a malformed preset: one line on stderr with file:line:column, exit 65")
  func malformed() async throws {
    try await PomoHome.with(presets: ["broken": "{\"round\": [\n  {\"name\": \"x\", \"kind\": \"work\", \"duration\": \"1m\"\n}"]) { home in
      let path = home.preset("broken")
      let result = try await home.run(["start", path, "--dry-run"])
      #expect(result.status == 65)
      #expect(result.err == "Error: \(path):3:2: invalid JSON: unexpected end of file; expected ',' or ']'\n")
    }
  }
}
