import PomoCore
import PomoPlatform

/// The journal: JSON Lines, one session or correction a line, appended and never rewritten.
/// Either a single file, or a folder of one file per machine (`JournalFolder`).
package struct Journal {
  /// The file this machine appends to.
  package var path: String
  /// The zone records are written in (their times carry its UTC offset), and messages speak.
  package var zone: any TimeZoneRules
  /// The folder, when the journal is one (nil for a single file).
  package var folder: JournalFolder?

  package init(path: String, zone: any TimeZoneRules = SystemZone(environment: [:]), folder: JournalFolder? = nil) {
    self.path = path
    self.zone = zone
    self.folder = folder
  }

  /// The files to read: every journal file of the folder (`JournalFolder.files`), or the single file.
  package var files: [String] { seenFiles.map(\.path) }

  /// The files, each with the file as it was seen when listed (nil for a journal of one file).
  package var seenFiles: [(path: String, identity: FileIdentity?)] {
    guard let folder else { return [(path, nil)] }
    return folder.seenFiles().map { ($0.path, $0.identity) }
  }

  /// One of the files, as a journal of its own (for warnings that name it).
  package func file(_ path: String) -> Journal { Journal(path: path, zone: zone) }

  /// What messages call the journal: the folder, or the file.
  package var name: String { folder?.path ?? path }

  /// Appends a record durably (see `append(lines:)`).
  package func append(_ record: JournalRecord) throws(FileSystemError) {
    try append(lines: [Array(record.json(offset: zone.offset).text.utf8)[...]])
  }

  /// The one way lines reach the journal (the live recorder, recovery, `add`, `edit`, `undo`
  /// and `import`): durably, in one write (see `Platform.appendLines`), and never a line
  /// longer than the readers take (`RecordSize.longestLine`): then nothing is written.
  package func append(lines: [ArraySlice<UInt8>]) throws(FileSystemError) {
    if let long = lines.first(where: { $0.count > RecordSize.longestLine }) { throw RecordSize.tooLong(long.count) }
    try Platform.appendLines(lines, to: path)
  }

  /// Whether a line holds nothing but spaces: no record, and no damage either.
  package static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// A line that could not be read, with its 1-based number.
  package struct BadLine: Equatable, Sendable {
    package var number: Int
    package var reason: String

    package init(number: Int, reason: String) {
      self.number = number
      self.reason = reason
    }
  }

  /// Why a line longer than `LineReader.maxLine` is damaged.
  package static let tooLongReason = "the line is longer than \(RecordSize.longestText), the longest a record may be"

  /// Reads every line in file order, streaming, and hands `body` each session or correction
  /// with its line as it stands in the file (what `import` copies). Damaged lines go to
  /// `bad`, blank lines are skipped, and a line whose id was already seen is skipped, so a
  /// journal merged twice counts each once. (Sessions as they now stand come from `Fold`.)
  ///
  /// A last line without its newline may be a record being appended right now, so it is
  /// neither read nor reported, unless the file is `finished` (a file to import, which no
  /// one writes any more). A missing file is an empty journal.
  ///
  /// Only the first `lines` lines are read: a reader that reads the file again reads it as it
  /// stood the first time, by the count this returns (the lines read, damaged ones too).
  @discardableResult
  package func forEach(
    finished: Bool = false, lines: Int = .max, bad: (BadLine) -> Void,
    _ body: (JournalEntry, _ line: ArraySlice<UInt8>) -> Void
  ) throws(FileSystemError) -> Int {
    var file: FileIdentity?
    return try forEach(finished: finished, lines: lines, file: &file, bad: bad, body)
  }

  /// The same, and `file` says which file was read: given nil, it is set to the file opened;
  /// given the file a pass before read, another at the path (the journal replaced since, by a
  /// rename) is `.changedWhileRead`, so no answer mixes two files.
  @discardableResult
  package func forEach(
    finished: Bool = false, lines: Int = .max, file: inout FileIdentity?, bad: (BadLine) -> Void,
    _ body: (JournalEntry, _ line: ArraySlice<UInt8>) -> Void
  ) throws(FileSystemError) -> Int {
    var reader: LineReader
    do {
      reader = try LineReader(path: path)
    } catch where error.isNotFound {
      // Nothing at the path (a dangling link too): an empty journal. A loop of links or a
      // folder that may not be entered is an error, as the indexed reader says.
      if file != nil { throw .changedWhileRead }
      return 0
    }
    defer { reader.close() }
    guard let opened = reader.identity else { throw .current }
    if let known = file, known.device != opened.device || known.inode != opened.inode { throw .changedWhileRead }
    file = opened
    var seen = Set<String>()
    while reader.lineNumber < lines, let line = try reader.next() {
      if !line.terminated && !finished { return reader.lineNumber - 1 }
      if line.tooLong {
        bad(BadLine(number: reader.lineNumber, reason: Self.tooLongReason))
        continue
      }
      if Self.isBlank(line.bytes) { continue }
      do {
        let entry = try JournalEntry(line: line.bytes)
        if seen.insert(entry.id).inserted { body(entry, line.bytes) }
      } catch {
        let reason = line.terminated ? error.message : "the last line is cut short (\(error.message))"
        bad(BadLine(number: reader.lineNumber, reason: reason))
      }
    }
    return reader.lineNumber
  }
}
