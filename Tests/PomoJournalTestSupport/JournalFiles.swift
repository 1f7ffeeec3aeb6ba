import Foundation
import PomoJournal
import PomoPlatform

/// The records of a journal file, in file order (none when it does not exist).
package func journalRecords(_ path: String) throws -> [JournalRecord] {
  let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  return try text.split(separator: "\n").map { try JournalRecord(line: Array($0.utf8)) }
}

/// The journal file, relative to `home`, of the machine that HOME stands for: in the default
/// folder, named for the host and the machine id. The id is made here ("testaa") when the
/// HOME has none yet, so a test knows the name before pomo first runs.
package func journalFile(_ home: String, host: String = Platform.hostName()) -> String {
  let state = home + "/.local/state/pomo"
  try? FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
  if !FileManager.default.fileExists(atPath: state + "/machine-id") {
    try? "testaa\n".write(toFile: state + "/machine-id", atomically: true, encoding: .utf8)
  }
  let id = JournalFolder.machineID(stateDirectory: state)
  return ".local/share/pomo/journal/" + JournalFolder.fileName(host: host, id: id)
}
