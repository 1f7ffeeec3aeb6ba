import PomoTestSupport
import Testing

@testable import PomoJournal

@Suite("The journal folder")
struct JournalFolderTests {
  @Test(
    "which names in the folder are journal files",
    arguments: [
      ("laptop-k3x2r2.jsonl", true), ("laptop-k3x2r2.sync-conflict-20261201-091523-K3X2R2T.jsonl", true),
      ("journal.jsonl", true), (".syncthing.laptop-k3x2r2.jsonl.tmp", false),
      ("~syncthing~laptop-k3x2r2.jsonl.tmp", false),
      (".laptop-k3x2r2.jsonl", false), ("laptop-k3x2r2.jsonl.part", false), (".stversions", false),
      (".stfolder", false),
      (".git", false), ("notes.txt", false), (".jsonl", false),
    ])
  func journalFiles(name: String, isJournal: Bool) {
    #expect(JournalFolder.isJournalFile(name) == isJournal)
  }

  @Test(
    "files are read in the order String sorts their names, names of another normal form too",
    arguments: [
      ["host00002-aaaaaa.jsonl", "host00010-aaaaaa.jsonl", "host00001-aaaaaa.jsonl", "a.jsonl"],
      ["f.jsonl", "e\u{301}.jsonl", "\u{E9}x.jsonl", "a.jsonl", "Z.jsonl"],
      ["the same first twenty-four bytes-b.jsonl", "the same first twenty-four bytes-a.jsonl", "b.jsonl"],
    ])
  func order(names: [String]) {
    #expect(JournalFolder.order(names).map { names[$0] } == names.sorted())
  }

  @Test("a file's host comes from its name; conflict copies are known by theirs")
  func names() {
    #expect(JournalFolder.host(ofFile: "laptop-k3x2r2.jsonl") == "laptop")
    #expect(JournalFolder.host(ofFile: "my-desk-top-abcdef.jsonl") == "my-desk-top")
    #expect(JournalFolder.host(ofFile: "laptop-k3x2r2.sync-conflict-20261201-091523-K3X2R2T.jsonl") == "laptop")
    #expect(JournalFolder.isConflictCopy("laptop-k3x2r2.sync-conflict-20261201-091523-K3X2R2T.jsonl"))
    #expect(JournalFolder.isConflictCopy("laptop-k3x2r2 (conflicted copy 2026-12-01).jsonl"))
    #expect(!JournalFolder.isConflictCopy("laptop-k3x2r2.jsonl"))
    #expect(JournalFolder.fileName(host: "Büro PC/2", id: "abcdef") == "B-ro-PC-2-abcdef.jsonl")
    #expect(JournalFolder.fileName(host: "..", id: "abcdef") == "machine-abcdef.jsonl")
  }

  @Test("the machine id is made once and kept in the state folder")
  func machineID() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let first = JournalFolder.machineID(stateDirectory: folder.path + "/state")
    #expect(first.count == 6)
    #expect(JournalFolder.machineID(stateDirectory: folder.path + "/state") == first)
    #expect(folder.read("state/machine-id") == first + "\n")
  }
}
