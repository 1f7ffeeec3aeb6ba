import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// A session whose final append fails is never lost: its record is kept in the state folder
/// and its state file stays, a detached session's stderr goes to a log there, the next pomo
/// says so, and records the session once the journal can be written.
@Suite("Lost sessions: a final append that fails", .endToEnd)
struct LostSessionTests {
  @Test("lost session: a detached session whose journal cannot be written is kept, reported, then recorded")
  func detachedFinalAppendFails() async throws {
    let fixture = try PomoHome(presets: ["short": #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}]}"#])
    let home = fixture.folder
    defer { fixture.cleanUp() }
    let journalPath = home.file(journalFile(home.path))
    let state = home.file(".local/state/pomo")
    let started = try await fixture.run("start", fixture.preset("short"), "--detach")
    #expect(started.status == 0, "\(started.err)")
    // The fault: the journal file turns into a folder while the session runs, so its final
    // append fails (EISDIR), as a full disk would make it.
    try? FileManager.default.removeItem(atPath: journalPath)
    try FileManager.default.createDirectory(atPath: journalPath, withIntermediateDirectories: true)
    let log = state + "/detached.log"
    #expect(
      await waitUntil { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("the next pomo records it") == true },
      "the detached session's stderr is kept in \(log)")
    let said = try String(contentsOfFile: log, encoding: .utf8)
    #expect(said.hasPrefix("Error: cannot write the journal \(journalPath): is a directory; it is kept in \(state)/unrecorded.jsonl"))
    #expect(said.contains(#""preset":"short","status":"completed""#))
    // The next command, while the journal is still unwritable, says the session waits.
    let warned = try #require(await fixture.run(["log"], until: { $0.err.contains("could not be written to the journal") })).err
    #expect(warned.contains("pomo: warning: 1 session that ended (short at "))
    #expect(warned.contains("kept in \(state)/unrecorded.jsonl, and recorded once the journal can be written"))
    #expect(FileManager.default.fileExists(atPath: state + "/current.json"))
    // Once the journal can be written, the next command records it, whole, and says so.
    try FileManager.default.removeItem(atPath: journalPath)
    let recovered = try await fixture.run("log")
    #expect(recovered.status == 0)
    #expect(recovered.err.hasPrefix("pomo: recorded 1 session (short at "), "\(recovered.err)")
    #expect(recovered.out.contains("completed"))
    let records = try journalRecords(journalPath)
    #expect(records.count == 1)
    #expect(records.first?.status == .completed)
    #expect(!FileManager.default.fileExists(atPath: state + "/current.json"))
    #expect(!FileManager.default.fileExists(atPath: state + "/unrecorded.jsonl"))
    // Recorded once: the next command finds nothing more.
    let again = try await fixture.run("log")
    #expect(again.err.isEmpty)
    #expect(try journalRecords(journalPath).count == 1)
  }
}
