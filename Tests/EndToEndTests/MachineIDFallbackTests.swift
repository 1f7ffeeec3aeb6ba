import Foundation
import PomoTestSupport
import Testing

import PomoJournal

/// A machine id that cannot be kept is a stable fallback (from /etc/machine-id and the
/// user), never a new journal file per run.
@Suite("Machine id: one file per machine, even when the id cannot be kept", .endToEnd)
struct MachineIDFallbackTests {
  enum Setup: String, CaseIterable, CustomTestStringConvertible {
    /// `machine-id` in the state folder is a folder.
    case idIsFolder
    /// The state folder cannot be made (its parent is a file), so nothing can be kept.
    case stateFolderUnusable
    /// The state folder is read-only (root writes anyway, so only for other users).
    case stateFolderReadOnly

    var testDescription: String { rawValue }
  }

  @Test("machine id: add, edit and undo write one file, the one 'pomo journal' names", arguments: Setup.allCases)
  func unusableMachineID(_ setup: Setup) async throws {
    if setup == .stateFolderReadOnly && getuid() == 0 { return }  // Root ignores the mode.
    var fixture = try PomoHome()
    let state = fixture.folder.file(".local/state/pomo")
    defer {
      chmod(state, 0o700)
      fixture.cleanUp()
    }
    switch setup {
    case .idIsFolder:
      try FileManager.default.createDirectory(atPath: state + "/machine-id", withIntermediateDirectories: true)
    case .stateFolderUnusable:
      try fixture.folder.write("state", "a file, not a folder\n")
      fixture.environment["XDG_STATE_HOME"] = fixture.folder.file("state/below")
    case .stateFolderReadOnly:
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      chmod(state, 0o500)
    }
    let runs = [
      ["add", "25m", "--start", "-3h"], ["add", "25m", "--start", "-2h"], ["edit", "last", "--note", "kept"],
      ["undo"], ["add", "25m", "--start", "-1h"],
    ]
    for words in runs {
      let run = try await fixture.run(words)
      #expect(run.status == 0, "pomo \(words.joined(separator: " ")): \(run.err)")
    }
    let folder = fixture.folder.file(".local/share/pomo/journal")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }
    #expect(files.count == 1, "\(files)")
    let journal = try await fixture.run("journal")
    let named = journal.out.split(separator: "\n").first { $0.hasPrefix("This machine writes to: ") }
      .map { String($0.dropFirst("This machine writes to: ".count)) }
    #expect(named == files.first)
    // Three sessions, the edit and the undo.
    let lines = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5)
  }

  @Test("machine id: the fallback is the same for one system and user, apart for another of either")
  func fallbackIsStable() {
    let id = JournalFolder.fallbackID(systemID: "4c4c4544003\n", user: 1000)
    #expect(id == JournalFolder.fallbackID(systemID: "4c4c4544003", user: 1000))
    #expect(id != JournalFolder.fallbackID(systemID: "4c4c4544003", user: 1001))
    #expect(id != JournalFolder.fallbackID(systemID: "5d5d5655114", user: 1000))
    #expect(id.count == 6 && id.allSatisfy { ("a"..."z").contains($0) || ("2"..."7").contains($0) })
  }
}
