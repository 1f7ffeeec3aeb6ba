import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform

/// Output to a pipe or a file is not cut at 80 columns: fields are whole for `grep` and `cut`,
/// unless `COLUMNS` says how wide to be. Prose (help) still wraps at 80.
@Suite("output that is not a terminal", .endToEnd)
struct OutputWidthTests {
  static let longTag = "a-tag-that-is-much-longer-than-anything-a-terminal-line-leaves-room-for"

  func environment(_ home: TemporaryFolder, _ extra: [String: String] = [:]) -> [String: String] {
    ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(extra) { $1 }
  }

  @Test("output to a pipe is not cut at 80 columns: log, presets, report and dry runs keep their fields whole")
  func pipedOutputIsWhole() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home)
    let added = try await runPomo(
      ["add", "work", "--start", "2026-11-30T09:00", "--tag", "code review", "--tag", Self.longTag], environment: env)
    #expect(added.status == 0, "\(added.err)")
    let log = try await runPomo(["log"], environment: env)
    #expect(log.out.contains("code review,\(Self.longTag)\n"), "\(log.out)")
    let presets = try await runPomo(["presets"], environment: env)
    #expect(!presets.out.contains("…"), "\(presets.out)")
    #expect(presets.out.contains(try #require(try PresetCatalog.builtIns().first { $0.name == "hiit" }).description))
    let report = try await runPomo(["report", "--from", "2026-11-30", "--to", "2026-11-30"], environment: env)
    #expect(report.out.contains(Self.longTag + " "), "\(report.out)")
    let name = "a phase whose name is cut at eighty columns but whole in a pipe"
    let file = try home.write("long.json", #"{"round": [{"name": "\#(name)", "kind": "work", "duration": "1m"}]}"#)
    let dry = try await runPomo(["start", file, "--dry-run"], environment: env)
    #expect(dry.out.contains(name), "\(dry.out)\(dry.err)")
  }

  @Test("COLUMNS still sets the width of output to a pipe")
  func columnsStillCuts() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home, ["COLUMNS": "80"])
    #expect(
      try await runPomo(["add", "work", "--start", "2026-11-30T09:00", "--tag", Self.longTag], environment: env).status == 0)
    let log = try await runPomo(["log"], environment: env)
    #expect(log.out.split(separator: "\n").allSatisfy { $0.count < 80 }, "\(log.out)")
    #expect(try await runPomo(["presets"], environment: env).out.contains("…"))
  }

  @Test("help to a pipe still wraps at 80 columns")
  func helpWraps() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let help = try await runPomo(["start", "--help"], environment: environment(home))
    #expect(help.status == 0)
    #expect(help.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test("the one width: COLUMNS, else the terminal's, else none for a pipe and 80 for a terminal of unknown size")
  func width() {
    func context(_ env: [String: String], terminal: Bool, columns: Int?) -> Context {
      Context(
        environment: env, output: TextBuffer(), errors: TextBuffer(), stdoutIsTerminal: terminal,
        terminalColumns: columns)
    }
    #expect(context([:], terminal: false, columns: nil).width == Context.unlimited)
    #expect(context([:], terminal: false, columns: nil).wrapWidth == 80)
    #expect(context(["COLUMNS": "50"], terminal: false, columns: nil).width == 50)
    #expect(context([:], terminal: true, columns: 120).width == 120)
    #expect(context([:], terminal: true, columns: nil).width == 80)
  }

  static let longPreset = "a-preset-whose-name-is-longer-than-any-column-cap"

  /// A session of `preset` with `tags`, read back as the journal reads it.
  static func record(_ id: String, preset: String, tags: [String]) throws -> JournalRecord {
    let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
    let line =
      #"{"v":1,"id":"\#(id)","preset":"\#(preset)","status":"completed","start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","tags":[\#(tagList)],"rounds":1,"phases":[{"name":"focus","kind":"work","round":1,"start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    return try JournalRecord(line: Array(line.utf8))
  }

  static func presets(home: String) -> [Preset] {
    var long = Preset(
      name: longPreset, description: "a preset of one phase",
      round: [PhaseTemplate(name: "x", kind: .work, duration: .seconds(60))])
    long.source = .file(home + "/.config/pomo/presets/" + longPreset + ".json")
    let short = Preset(
      name: "work", description: "Classic Pomodoro: 25 min focus and 5 min breaks",
      round: [PhaseTemplate(name: "x", kind: .work, duration: .seconds(1500))], rounds: 4)
    return [long, short]
  }

  @Test("to a pipe, every table keeps every field whole: long preset names, paths and tags")
  func tablesToAPipeAreWhole() throws {
    let presets = PresetListText.render(
      Self.presets(home: "/home/me"), width: Context.unlimited, home: "/home/me", unicode: true)
    #expect(
      presets == """
        NAME                                               ROUNDS  TOTAL   SOURCE                                                                         DESCRIPTION
        a-preset-whose-name-is-longer-than-any-column-cap       1  1m      ~/.config/pomo/presets/a-preset-whose-name-is-longer-than-any-column-cap.json  a preset of one phase
        work                                                    4  1h 40m  built-in                                                                       Classic Pomodoro: 25 min focus and 5 min breaks

        """)
    let records = try [
      Self.record("11111111aaaa", preset: Self.longPreset, tags: ["code review", Self.longTag]),
      Self.record("22222222bbbb", preset: "work", tags: []),
    ]
    let log = LogText.render(records, width: Context.unlimited, unicode: true, offset: { _ in 0 })
    #expect(
      log == """
        ID        DATE        START  PRESET                                             STATUS     FOCUS  TAGS
        11111111  2026-11-24  08:00  a-preset-whose-name-is-longer-than-any-column-cap  completed  25:00  code review,\(Self.longTag)
        22222222  2026-11-24  08:00  work                                               completed  25:00

        """)
  }

  @Test(
    "log's short id is the id's first 8 characters, however it is written",
    arguments: [
      "c2ce6f44-7ed4-457b-9e2f", "abc", "", "12345678", "1234567\u{301}89", "1234567\r\n9", "\u{1F600}abcdefghij",
      "abcdefg\u{1F1EB}\u{1F1F7}x",
    ])
  func shortID(_ id: String) {
    #expect(LogText.shortID(id) == String(id.prefix(8)))
  }

  @Test("a width too narrow for the tags puts them under their row, never drops them")
  func narrowLogKeepsTags() throws {
    let records = try [
      Self.record("11111111aaaa", preset: Self.longPreset, tags: ["code review", "thesis"]),
      Self.record("22222222bbbb", preset: "work", tags: []),
    ]
    #expect(
      LogText.render(records, width: 60, unicode: true, offset: { _ in 0 }) == """
        ID        DATE        START  PRESET        STATUS     FOCUS
            TAGS
        11111111  2026-11-24  08:00  a-preset-wh…  completed  25:00
            code review,thesis
        22222222  2026-11-24  08:00  work          completed  25:00

        """)
    #expect(
      LogText.render(records, width: 90, unicode: true, offset: { _ in 0 }) == """
        ID        DATE        START  PRESET                  STATUS     FOCUS  TAGS
        11111111  2026-11-24  08:00  a-preset-whose-name-i…  completed  25:00  code review,thesis
        22222222  2026-11-24  08:00  work                    completed  25:00

        """)
  }

  @Test("a narrow width cuts names from their end, paths from their start, and moves descriptions under the row")
  func narrowPresets() {
    let presets = Self.presets(home: "/home/me")
    #expect(
      PresetListText.render(presets, width: 80, home: "/home/me", unicode: true) == """
        NAME                 ROUNDS  TOTAL   SOURCE                DESCRIPTION
        a-preset-whose-nam…       1  1m      …any-column-cap.json  a preset of one pha…
        work                      4  1h 40m  built-in              Classic Pomodoro: 2…

        """)
    #expect(
      PresetListText.render(presets, width: 50, home: "/home/me", unicode: true) == """
        NAME             ROUNDS  TOTAL   SOURCE
            DESCRIPTION
        a-preset-whose…       1  1m      …column-cap.json
            a preset of one phase
        work                  4  1h 40m  built-in
            Classic Pomodoro: 25 min focus and 5 min
            breaks

        """)
  }

  @Test("every table command to a pipe, through the binary: nothing is cut")
  func binaryTables() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home)
    _ = try home.write(
      ".config/pomo/presets/\(Self.longPreset).json",
      #"{"description": "a preset of one phase", "round": [{"name": "x", "kind": "work", "duration": "1m"}]}"#)
    let added = try await runPomo(
      ["add", Self.longPreset, "--start", "2026-11-30T09:00", "--tag", Self.longTag], environment: env)
    #expect(added.status == 0, "\(added.err)")
    #expect(added.out.contains(Self.longPreset + "  "), "\(added.out)")
    for arguments in [
      ["presets"], ["log"], ["report", "--from", "2026-11-30", "--to", "2026-11-30"],
      ["report", "--year", "2026"], ["journal"],
    ] {
      let run = try await runPomo(arguments, environment: env)
      #expect(run.status == 0, "\(arguments) \(run.err)")
      #expect(!run.out.contains("…") && !run.out.contains("~/.config/pomo/presets/…"), "\(arguments)\n\(run.out)")
    }
    let presets = try await runPomo(["presets"], environment: env).out
    #expect(presets.contains(Self.longPreset + " "), "\(presets)")
    #expect(presets.contains("~/.config/pomo/presets/\(Self.longPreset).json  "), "\(presets)")
    let log = try await runPomo(["log"], environment: env).out
    #expect(log.contains(Self.longPreset + "  completed") && log.contains(Self.longTag + "\n"), "\(log)")
    let narrow = try await runPomo(["log"], environment: environment(home, ["COLUMNS": "60"])).out
    #expect(narrow.contains("\n    " + Self.longTag.prefix(20)), "\(narrow)")
  }
}
