// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "pomo",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "pomo", targets: ["pomo"])
  ],
  targets: [
    // The thin executable: hands the arguments to PomoKit and exits with its status.
    // On Linux it links the Swift runtime statically: the binary runs when copied to a
    // machine without Swift, starts faster and takes about half the memory.
    .executableTarget(
      name: "pomo", dependencies: ["PomoKit"],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),
    // Everything pomo does: presets, the session engine, the terminal, the journal, reports.
    .target(name: "PomoKit", dependencies: ["CPlatform"], plugins: ["EmbedPresets"]),
    // The few system calls the Glibc module does not expose; used only by PomoKit/Platform.
    .target(name: "CPlatform"),
    // Build-time tool that turns Presets/*.json into Swift source, so the binary carries them.
    .executableTarget(name: "PresetEmbedder"),
    .plugin(
      name: "EmbedPresets", capability: .buildTool(), dependencies: ["PresetEmbedder"]),
    // `swift test` builds every target, so the end-to-end tests find a fresh `pomo` binary
    // beside the test bundle. (Depending on the executable would link the tests statically.)
    .testTarget(name: "PomoKitTests", dependencies: ["PomoKit", "CPlatform"]),
  ],
  swiftLanguageModes: [.v6]
)
