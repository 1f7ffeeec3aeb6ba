import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// `pomo tag`, `pomo untag` and `pomo note` from another shell change the running session,
/// and the journal records what it was about at the end.
@Suite("Tags and notes of the running session", .endToEnd)
struct RunningSessionLabelTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome()
  }

  @Test("tags added and taken off, and a note set, are recorded; the plain log says each change")
  func relabel() async throws {
    defer { home.cleanUp() }
    // Long enough for a loaded machine; stopped once the changes are in.
    let session = try home.launch(["start", "10m", "--tag", "a", "--no-notify"], name: "session")
    // Once the session listens, each command answers with its status line.
    #expect(await waitUntil { (try? await home.run(["tag", "b", "c d", "é"]))?.status == 0 })
    #expect(try await home.run(["untag", "a", "zzz"]).status == 0)
    let note = try await home.run(["note", "chapter 3 %20"])
    #expect(note.status == 0 && note.out.hasPrefix("WORK focus"))
    #expect(try await home.run(["stop"]).status == 0)
    await session.waitForExit()
    let record = try #require(try home.records().last)
    #expect(record.tags == ["b", "c d", "é"] && record.note == "chapter 3 %20")
    let log = home.read("session.out") ?? ""
    #expect(log.contains("label   tags b, c d, é; note \"chapter 3 %20\""))
  }

  @Test("with no session, each says so and exits 1; without a tag, a usage error")
  func nothingRunning() async throws {
    defer { home.cleanUp() }
    for words in [["tag", "x"], ["untag", "x"], ["note", "n"], ["note"]] {
      let result = try await home.run(words)
      #expect(result.status == 1 && result.err == "Error: no session is running\n", "\(words)")
    }
    let empty = try await home.run(["tag", "a", ""])
    #expect(empty.status == 64 && empty.err.hasPrefix("Error: a tag cannot be empty"))
    let bare = try await home.run(["tag"])
    #expect(bare.status == 64 && bare.err.hasPrefix("Error: missing expected argument '<tag>'"))
    let long = try await home.run(["note", String(repeating: "é", count: 2000)])
    #expect(long.status == 64 && long.err.hasPrefix("Error: too long to send to the session"))
  }
}
