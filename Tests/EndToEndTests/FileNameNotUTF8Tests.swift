import Foundation
import PomoTestSupport
import Testing

import PomoPlatform

/// A file name that is not UTF-8 is named exactly (its bytes escaped) and for what it is, never
/// turned into another name and called "not a regular file".
@Suite("A file name that is not UTF-8", .endToEnd)
struct FileNameNotUTF8Tests {
  static let cases: [([UInt8], String)] = [
    (Array("laptop-abc.jsonl".utf8), "laptop-abc.jsonl"),
    (Array("caf".utf8) + [0xE9] + Array(".jsonl".utf8), "caf\\xE9.jsonl"),
    ([0xFF, 0xFE] + Array("-x.jsonl".utf8), "\\xFF\\xFE-x.jsonl"),
    (Array("a\\".utf8) + [0x80], "a\\\\\\x80"),
    (Array("é".utf8) + [0xC3], "é\\xC3"),
  ]

  @Test("a file name that is not UTF-8: shown with its bytes escaped, UTF-8 ones as they are", arguments: cases)
  func shown(bytes: [UInt8], expected: String) {
    #expect(FileName(bytes: bytes).shown == expected)
  }

  @Test("a file name that is not UTF-8: pomo journal lists it exactly, with the reason")
  func journalListsIt() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    let folder = home.folder.file("journal")
    var environment = home.environment
    environment["POMO_JOURNAL"] = folder + "/"
    #expect(try await runPomo(["add", "25m", "--start", "-1h"], environment: environment).status == 0)
    // A regular journal file whose name holds Latin-1 bytes, as an old sync tool may make.
    let name = Array("laptop-caf".utf8) + [0xE9] + Array(".jsonl".utf8)
    let path = (Array(folder.utf8) + [0x2F] + name).map { CChar(bitPattern: $0) } + [0]
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(fd >= 0)
    close(fd)
    // The other names in the folder are read as before.
    #expect(Platform.listDirectory(folder)?.count == 1)
    #expect(Platform.listDirectoryNames(folder)?.contains(FileName(bytes: name)) == true)

    let listing = try await runPomo(["journal"], environment: environment)
    #expect(listing.status == 0)
    #expect(
      listing.out.hasSuffix("\nNot read:\n  laptop-caf\\xE9.jsonl: its name is not UTF-8; rename it to have it read\n"),
      "\(listing.out)")
    #expect(!listing.out.contains("not a regular file"))
    let json = try await runPomo(["journal", "--json"], environment: environment)
    #expect(json.out.contains(#""not_read":["laptop-caf\\xE9.jsonl"]"#), "\(json.out)")
    #expect(json.out.contains(#""reason":"its name is not UTF-8; rename it to have it read""#))
    #expect(try await runPomo(["log"], environment: environment).out.split(separator: "\n").count == 2)
  }
}
