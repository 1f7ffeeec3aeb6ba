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
    .executableTarget(name: "pomo", dependencies: ["PomoKit"]),
    // Everything pomo does: presets, the session engine, the terminal, the journal, reports.
    .target(name: "PomoKit", dependencies: ["CPlatform"], plugins: ["EmbedPresets"]),
    // The few system calls the Glibc module does not expose; used only by PomoKit/Platform.
    .target(name: "CPlatform"),
    // Build-time tool that turns Presets/*.json into Swift source, so the binary carries them.
    .executableTarget(name: "PresetEmbedder"),
    .plugin(
      name: "EmbedPresets", capability: .buildTool(), dependencies: ["PresetEmbedder"]),
    // Depends on the executable too, so end-to-end tests always find a fresh binary.
    .testTarget(name: "PomoKitTests", dependencies: ["PomoKit", "CPlatform", "pomo"]),
  ],
  swiftLanguageModes: [.v6]
)
