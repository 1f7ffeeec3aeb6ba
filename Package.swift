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
    // The layers, top to bottom, each with the targets it uses (→), all of them below it. A file
    // imports only what its own target declares. SwiftPM puts every module it has built within
    // reach of every target, so PackageLayersTests (in PomoKitTests) holds every import under
    // Sources/, this list and the one in docs/durability.md to the declarations. PomoKit, the
    // command line, is the only layer the executable sees.
    //
    // The terminal knows a session only through its engine: what reads or writes the session's
    // files (the state file, what `pomo status` says from it, the do-not-disturb mark) is
    // PomoSession's, so the terminal depends on neither the journal nor PomoSession, and a
    // report never on the terminal. The event loop (LiveSession) stays in PomoTerminal: it
    // drives the engine and its listeners and touches no file. The Timewarrior bridge sits with
    // Timewarrior's files in PomoJournal: the export needs those, and the live half needs only
    // the engine.
    //
    //   pomo         → PomoKit
    //     the thin executable
    //   PomoKit      → PomoControl, PomoSession, PomoReport, PomoIndex, PomoTerminal, PomoJournal, PomoCore, PomoPlatform
    //     the command line and its commands
    //   PomoControl  → PomoSession, PomoJournal, PomoCore, PomoPlatform
    //     the running session's socket: its server, commands and followers
    //   PomoSession  → PomoJournal, PomoCore, PomoPlatform
    //     the running session: its state file and lock, a waiting start, what `pomo status`
    //     says of it, do-not-disturb and its mark, the recorder, recovery of a dead session
    //   PomoReport   → PomoJournal, PomoCore, PomoPlatform
    //     summaries, their text, JSON and CSV
    //   PomoIndex    → PomoJournal, PomoCore, PomoPlatform
    //     the caches: each file's index, the day totals, history read through them
    //   PomoTerminal → PomoCore, PomoPlatform
    //     live display, plain log, alerts and hooks, terminal title and signals, the event loop
    //   PomoJournal  → PomoCore, PomoPlatform
    //     records, the journal, history recounted from it, import and export, Timewarrior (files
    //     and live bridge)
    //   PomoCore     → PomoPlatform
    //     durations, JSON, presets, plans, the session engine, config, calendars, text layout
    //   PomoPlatform → CPlatform
    //     every OS call: files, locks, clocks, terminal, signals, processes
    //   CPlatform
    //     the few system calls Swift's Glibc module does not expose
    .target(
      name: "PomoKit",
      dependencies: [
        "PomoControl", "PomoSession", "PomoReport", "PomoIndex", "PomoTerminal", "PomoJournal", "PomoCore",
        "PomoPlatform",
      ],
      plugins: ["EmbedBuildInfo"]),
    .target(name: "PomoControl", dependencies: ["PomoSession", "PomoJournal", "PomoCore", "PomoPlatform"]),
    .target(name: "PomoSession", dependencies: ["PomoJournal", "PomoCore", "PomoPlatform"]),
    .target(name: "PomoReport", dependencies: ["PomoJournal", "PomoCore", "PomoPlatform"]),
    .target(name: "PomoIndex", dependencies: ["PomoJournal", "PomoCore", "PomoPlatform"]),
    .target(name: "PomoTerminal", dependencies: ["PomoCore", "PomoPlatform"]),
    .target(name: "PomoJournal", dependencies: ["PomoCore", "PomoPlatform"]),
    .target(name: "PomoCore", dependencies: ["PomoPlatform"], plugins: ["EmbedPresets"]),
    .target(name: "PomoPlatform", dependencies: ["CPlatform"]),
    .target(name: "CPlatform"),
    // Build-time tool that turns Presets/*.json into Swift source, so the binary carries them.
    .executableTarget(name: "PresetEmbedder"),
    .plugin(
      name: "EmbedPresets", capability: .buildTool(), dependencies: ["PresetEmbedder"]),
    // Build-time tool that reads the version from CHANGELOG.md and the commit from .git, so
    // `pomo --version` and the manual page say what was built.
    .executableTarget(name: "BuildInfoEmbedder"),
    .plugin(
      name: "EmbedBuildInfo", capability: .buildTool(), dependencies: ["BuildInfoEmbedder"]),
    // The tests follow the layers: one target for each library, which sees that library and
    // those below it, one for the command line, one that runs the built binary as a user would,
    // and the helpers they share. PomoTestSupport needs only PomoCore and PomoPlatform (a
    // temporary HOME, the binary, a pseudo-terminal, a screen model, a fake clock, the tools a
    // test needs); PomoJournalTestSupport adds what needs the journal (its files, sample
    // records, other tools' data); PomoKitTestSupport runs commands in-process, for
    // PomoKitTests and the end-to-end tests that compare the binary with it.
    // `swift test` builds every target, so the end-to-end tests find a fresh `pomo` binary
    // beside the test bundle. (Depending on the executable would link the tests statically.)
    .target(
      name: "PomoTestSupport", dependencies: ["PomoCore", "PomoPlatform", "CPlatform"], path: "Tests/PomoTestSupport"),
    .target(
      name: "PomoJournalTestSupport", dependencies: ["PomoJournal", "PomoTestSupport"],
      path: "Tests/PomoJournalTestSupport"),
    .target(
      name: "PomoKitTestSupport", dependencies: ["PomoKit", "PomoJournalTestSupport", "PomoTestSupport"],
      path: "Tests/PomoKitTestSupport"),
    .testTarget(name: "PomoPlatformTests", dependencies: ["PomoPlatform", "PomoTestSupport"]),
    .testTarget(name: "PomoCoreTests", dependencies: ["PomoCore", "PomoTestSupport"]),
    .testTarget(name: "PomoJournalTests", dependencies: ["PomoJournal", "PomoTestSupport", "PomoJournalTestSupport"]),
    .testTarget(name: "PomoTerminalTests", dependencies: ["PomoTerminal", "PomoTestSupport"]),
    .testTarget(name: "PomoIndexTests", dependencies: ["PomoIndex", "PomoTestSupport", "PomoJournalTestSupport"]),
    .testTarget(name: "PomoSessionTests", dependencies: ["PomoSession", "PomoTestSupport", "PomoJournalTestSupport"]),
    .testTarget(name: "PomoReportTests", dependencies: ["PomoReport", "PomoTestSupport", "PomoJournalTestSupport"]),
    // Its tests run the built binary and reach its socket where the command line puts it
    // (PomoKit's `Paths`); PomoKit goes from this list when they move to EndToEndTests.
    .testTarget(
      name: "PomoControlTests", dependencies: ["PomoControl", "PomoTestSupport", "PomoJournalTestSupport", "PomoKit"]),
    // Its snapshots (help pages, the manual) are found through #filePath, so a test can rewrite
    // them in the source tree (CONTRIBUTING.md); they are no resources of the bundle.
    .testTarget(
      name: "PomoKitTests", dependencies: ["PomoKit", "PomoTestSupport", "PomoJournalTestSupport", "PomoKitTestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["PomoKit", "PomoTestSupport", "PomoJournalTestSupport", "PomoKitTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
