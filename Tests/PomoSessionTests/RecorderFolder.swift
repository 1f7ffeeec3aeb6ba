import Foundation
import PomoPlatform
import PomoTestSupport

@testable import PomoJournal
@testable import PomoSession

/// A temporary folder holding what the recorder writes for a session: the state file (in a
/// `state` folder, as recovery finds it) and the journal, with the recorder that writes them.
struct RecorderFolder {
  let folder: TemporaryFolder
  let statePath: String
  let journal: Journal
  let recorder: JournalRecorder

  init(info: SessionInfo) throws {
    folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
    statePath = folder.file("state/current.json")
    journal = Journal(path: folder.file("journal.jsonl"))
    recorder = JournalRecorder(journal: journal, statePath: statePath, info: info, errors: TextBuffer())
  }

  /// The sessions the journal holds, in order.
  func records() throws -> [JournalRecord] {
    var records: [JournalRecord] = []
    try journal.forEach(finished: true, bad: { _ in }) { entry, _ in
      if case .session(let r) = entry { records.append(r) }
    }
    return records
  }
}
