import Foundation
import PomoTestSupport
import Testing

import PomoPlatform

/// `pomo import` copies each new record's line as it stands and never rewrites one.
@Suite("Import copies, never rewrites", .endToEnd)
struct ImportTests {
  static let foreign: [String] = [
    #"{"v":7,"id":"future","preset":"work","status":"completed","start":"2026-11-30T09:00:00.123456+09:00","end":"2026-11-30T09:25:00.5+09:00","colour":"red","phases":[{"name":"focus","kind":"work","start":"2026-11-30T09:00:00.123456+09:00","end":"2026-11-30T09:25:00.5+09:00","elapsed_seconds":1500.0001,"completed":true,"mood":{"deep":[1,2]}}]}"#,
    #"{ "id" : "spaced", "start" : "2026-11-30T08:00:00Z", "phases" : [ ] , "rounds": 1 }"#,
    #"{"v":1,"id":"crlf","start":"2026-11-30T07:00:00-05:30","note":"caf\u00e9 \"q\"","phases":[]}"# + "\r",
  ]

  @Test("each new record's line is appended byte for byte, and a second import appends nothing")
  func byteForByte() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let present =
      #"{"v":1,"id":"spaced","preset":"mine","status":"completed","start":"2026-11-29T08:00:00Z","phases":[]}"#
    let target = try home.write("target.jsonl", present + "\n")
    // A BOM on the first line, a damaged line, and a record repeated inside the source.
    let source = try home.write(
      "source.jsonl",
      "\u{FEFF}" + Self.foreign.joined(separator: "\n") + "\nnot json\n" + Self.foreign[0] + "\n")
    let first = try await home.run(["import", source, "--journal", target])
    // The others are in; the status says one was not.
    #expect(first.status == 65)
    #expect(
      first.err == "pomo: warning: \(source):4: skipped a damaged line: invalid JSON at column 1: not a JSON object\n"
        + "Error: \(source): 1 of 4 records could not be imported (named above); the others were\n")
    #expect(first.out == "imported 2 sessions, 1 already present, 1 skipped (into \(target))\n")
    let expected = [present, Self.foreign[0], Self.foreign[2]].joined(separator: "\n") + "\n"
    #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
    let again = try await home.run(["import", source, "--journal", target])
    #expect(again.status == 65)
    #expect(again.out == "imported 0 sessions, 3 already present, 1 skipped (into \(target))\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == expected)
  }

  @Test("a journal's tasks and corrections are counted as what they are, apart from its sessions")
  func tasksCounted() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let target = try home.write("target.jsonl", "")
    let source = try home.write(
      "source.jsonl",
      [
        #"{"v":2,"kind":"task","id":"t1","at":"2026-11-30T08:00:00Z","host":"h","title":"write","tags":[]}"#,
        #"{"v":2,"kind":"task","id":"t2","at":"2026-11-30T08:01:00Z","host":"h","title":"read","tags":[]}"#,
        #"{"v":1,"id":"s1","preset":"work","status":"completed","start":"2026-11-30T09:00:00Z","phases":[]}"#,
        #"{"v":2,"kind":"amend","id":"c1","target":"t1","at":"2026-11-30T10:00:00Z","host":"h","set":{"done":"2026-11-30T10:00:00Z"}}"#,
      ].joined(separator: "\n") + "\n")
    let result = try await home.run(["import", source, "--journal", target])
    #expect(result.err == "")
    #expect(result.out == "imported 1 session, 2 tasks and 1 correction, 0 already present, 0 skipped (into \(target))\n")
    let again = try await home.run(["import", source, "--journal", target])
    #expect(again.out == "imported 0 sessions, 4 already present, 0 skipped (into \(target))\n")
  }

  @Test("what any file of a journal folder holds is already present, sessions, tasks and corrections alike")
  func folderHolds() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let lines = [
      #"{"v":2,"kind":"task","id":"t1","at":"2026-11-30T08:00:00Z","host":"h","title":"write","tags":[]}"#,
      #"{"v":1,"id":"s1","preset":"work","status":"completed","start":"2026-11-30T09:00:00Z","phases":[]}"#,
      #"{"v":2,"kind":"amend","id":"c1","target":"t1","at":"2026-11-30T10:00:00Z","host":"h","set":{"done":"2026-11-30T10:00:00Z"}}"#,
      #"{"v":1,"id":"s2","preset":"work","status":"completed","start":"2026-11-30T11:00:00Z","phases":[]}"#,
    ]
    // Another machine's file holds the first three; this machine's file holds something else.
    try Platform.makeDirectories(home.file("journal"))
    try home.write("journal/other-aaaaaa.jsonl", lines[0..<3].joined(separator: "\n") + "\n")
    try home.write(
      "journal/mine-bbbbbb.jsonl",
      #"{"v":1,"id":"s0","preset":"work","status":"completed","start":"2026-11-29T09:00:00Z","phases":[]}"# + "\n")
    let source = try home.write("source.jsonl", lines.joined(separator: "\n") + "\n")
    let result = try await home.run(["import", source, "--journal", home.file("journal") + "/"])
    #expect(result.err == "")
    #expect(result.out.hasPrefix("imported 1 session, 3 already present, 0 skipped"), "\(result.out)")
    let again = try await home.run(["import", source, "--journal", home.file("journal") + "/"])
    #expect(again.out.hasPrefix("imported 0 sessions, 4 already present, 0 skipped"), "\(again.out)")
  }

  @Test("one durable append for all the records: 20,000 import in a few seconds at most")
  func batch() async throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let lines = (0..<20_000).map { i in
      #"{"v":1,"id":"r\#(i)","preset":"work","status":"completed","start":"2026-11-30T09:00:00+01:00","end":"2026-11-30T09:25:00+01:00","host":"other","rounds":1,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2026-11-30T09:00:00+01:00","end":"2026-11-30T09:25:00+01:00","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    }
    let source = try home.write("source.jsonl", lines.joined(separator: "\n") + "\n")
    let target = home.file("data/journal.jsonl")
    let started = Date()
    let result = try await home.run(["import", source, "--journal", target])
    let seconds = Date().timeIntervalSince(started)
    #expect(result.status == 0)
    // All at one time: each shares it with the others, counted and the first few named.
    #expect(!result.err.contains("Error"))
    #expect(
      result.out
        == "imported 20000 sessions, 0 already present, 0 skipped, 20000 sharing time with another (into \(target))\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == lines.joined(separator: "\n") + "\n")
    // Well under a second in a release build; generous here for debug builds on a loaded machine.
    #expect(seconds < 10, "import of 20,000 records took \(seconds) s")
  }

  @Test("a batch append starts on a fresh line after a cut one, and writes each line whole")
  func appendLinesAfterCut() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try folder.write("j.jsonl", #"{"id":"cut"#)
    try Platform.appendLines([Array("a".utf8)[...], Array("b\n".utf8)[...]], to: path)
    #expect(folder.read("j.jsonl") == "{\"id\":\"cut\na\nb\n")
    try Platform.appendLines([], to: path)
    #expect(folder.read("j.jsonl") == "{\"id\":\"cut\na\nb\n")
  }
}
