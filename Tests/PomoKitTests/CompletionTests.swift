import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing
@testable import PomoIndex

@testable import PomoJournal
@testable import PomoKit

@Suite("Completions: the command and its lists")
struct CompletionCommandTests {
  @Test("the shell is a checked choice; a shell or --list is required, not both")
  func usage() {
    let home = "/nonexistent"
    let pomo = InProcess(home: home)
    let bad = pomo.run("completions", "tcsh")
    #expect(bad.status == 64)
    #expect(bad.err.hasPrefix("Error: '<shell>' must be one of bash, zsh, fish, got 'tcsh'\n"))
    let near = pomo.run("completions", "zhs")
    #expect(near.err.hasPrefix("Error: '<shell>' must be one of bash, zsh, fish, got 'zhs'. Did you mean 'zsh'?\n"))
    #expect(pomo.run("completions").err.hasPrefix("Error: missing expected argument '<shell>'\n"))
    #expect(pomo.run("completions").status == 64)
    #expect(pomo.run("completions", "bash", "--list", "tags").status == 64)
    let list = pomo.run("completions", "--list", "colours")
    #expect(list.status == 64)
    #expect(list.err.hasPrefix("Error: '--list' must be one of presets, tags, sessions, tasks, got 'colours'\n"))
  }

  @Test("--list presets: the built-ins and the user's own, read when asked")
  func presets() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      let before = pomo.run("completions", "--list", "presets")
      #expect(before.status == 0)
      #expect(
        before.out == "52-17\namrap\nemom\nflow\nhiit\nladder\nstretch\nstretch-sides\ntabata\ntabata-moves\nwork\n")
      try home.write(
        ".config/pomo/presets/legs.json", #"{"round": [{"name": "squat", "kind": "work", "duration": "30s"}]}"#)
      #expect(
        pomo.run("completions", "--list", "presets").out
          == "52-17\namrap\nemom\nflow\nhiit\nladder\nlegs\nstretch\nstretch-sides\ntabata\ntabata-moves\nwork\n")
    }
  }

  @Test("--list sessions and --list tasks: the latest sessions' and the open tasks' short ids, newest first, each with what it is")
  func sessionsAndTasks() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      #expect(pomo.run("completions", "--list", "sessions").out == "")
      #expect(pomo.run("completions", "--list", "tasks").out == "")
      try home.write(journalFile(home.path), CompletionJournal.lines.joined(separator: "\n") + "\n")
      let sessions = pomo.run("completions", "--list", "sessions")
      #expect(sessions.status == 0 && sessions.err == "", "\(sessions.err)")
      #expect(
        sessions.out == "3f2a1b4c\tlegs 2026-12-01 08:00\nid-1\twork 2026-11-30 09:00\nid-2\twork 2026-11-30 09:00\n")
      // A done task is not offered; the newest task first.
      #expect(pomo.run("completions", "--list", "tasks").out == "ab12cd34\twrite the intro\n")
      // At most the latest 20 sessions.
      let many = (0..<25).map { n in
        #"{"v":1,"id":"aaaa00\#(String(format: "%02d", n))-0000-4000-8000-000000000000","preset":"work","status":"completed","start":"2026-11-\#(String(format: "%02d", n + 1))T09:00:00Z","end":"2026-11-\#(String(format: "%02d", n + 1))T09:25:00Z","host":"h","rounds":1,"phases":[]}"#
      }
      try home.write(journalFile(home.path), many.joined(separator: "\n") + "\n")
      let listed = pomo.run("completions", "--list", "sessions").out.split(separator: "\n").map { $0.prefix(8) }
      #expect(listed == (5..<25).reversed().map { "aaaa00" + String(format: "%02d", $0) }[...].map { $0.prefix(8) })
    }
  }

  @Test("--list tags: every tag in the journal once, sorted; kept current as the journal grows and is replaced")
  func tags() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      #expect(pomo.run("completions", "--list", "tags").out == "")
      let journal = home.file(journalFile(home.path))
      try home.write(
        journalFile(home.path),
        [
          journalLine(1, tags: ["thesis"]), journalLine(2, tags: ["code", "thesis"]), "garbage",
          journalLine(3, tags: []),
        ]
        .joined(separator: "\n") + "\n")
      #expect(pomo.run("completions", "--list", "tags").out == "code\nthesis\n")
      let cache = try FileManager.default.contentsOfDirectory(atPath: home.file(".cache/pomo"))
      #expect(cache.contains { $0.hasPrefix("index-") && $0.hasSuffix(".bin") }, "the tags are kept in the index")

      // Appended: read from where the cache stopped.
      let handle = try #require(FileHandle(forWritingAtPath: journal))
      handle.seekToEndOfFile()
      handle.write(Data((journalLine(4, tags: ["deep work", "ch3"]) + "\n").utf8))
      // A line cut short is left for later.
      handle.write(Data(#"{"v":1,"id":"id-5","tags":["half"#.utf8))
      try handle.close()
      #expect(pomo.run("completions", "--list", "tags").out == "ch3\ncode\ndeep work\nthesis\n")

      // Replaced by a shorter journal: rebuilt, old tags gone.
      try home.write(journalFile(home.path), journalLine(9, tags: ["new"]) + "\n")
      #expect(pomo.run("completions", "--list", "tags").out == "new\n")

      // --journal names another.
      let other = try home.write("other.jsonl", journalLine(1, tags: ["elsewhere"]) + "\n")
      #expect(pomo.run("completions", "--list", "tags", "--journal", other).out == "elsewhere\n")
    }
  }

  @Test("the cache: a rewrite in place of the same length is noticed; a damaged cache is rebuilt")
  func cacheValidity() throws {
    try TemporaryFolder.with { home in
      let journal = Journal(path: try home.write("j.jsonl", journalLine(1, tags: ["aaaa"]) + "\n"))
      let cacheFolder = home.file("cache")
      func tags() throws -> [String] { try IndexedJournal(journal: journal, cacheFolder: cacheFolder).tags }
      #expect(try tags() == ["aaaa"])
      try home.write("j.jsonl", journalLine(1, tags: ["bbbb"]) + "\n")
      #expect(try tags() == ["bbbb"])
      for name in try FileManager.default.contentsOfDirectory(atPath: cacheFolder) {
        try "junk".write(toFile: cacheFolder + "/" + name, atomically: true, encoding: .utf8)
      }
      #expect(try tags() == ["bbbb"])
    }
  }
}
