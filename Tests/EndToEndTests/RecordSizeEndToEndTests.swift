import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore

/// The built binary refuses a session whose record could be longer than a journal line,
/// before it starts.
@Suite("Record size, end to end", .endToEnd)
struct RecordSizeEndToEndTests {
  @Test("record size: a session whose record could be longer than a line is refused before it starts")
  func tooLargeRefusedAtStart() async throws {
    try await PomoHome.with(presets: [:]) { home in
      let phase = #"{"name": "\#(String(repeating: "\\u0080", count: 64))", "kind": "work", "duration": "1s"}"#
      try home.folder.write("huge.json", #"{"rounds": 10000, "round": [\#(phase), \#(phase), \#(phase)]}"#)
      let run = try await home.run(["start", home.preset("huge")], timeout: 60)
      #expect(run.status == ExitCode.usage)
      #expect(run.err.hasPrefix("Error: the session's record could be "))
      #expect(run.err.contains("longer than a journal line may be (16 MB (16777216 bytes))"))
      #expect(try journalRecords(home.folder.file(journalFile(home.path))).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: home.folder.file(".local/state/pomo/current.json")))
    }
  }
}
