#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads a file in fixed-size chunks and hands out its lines, so memory stays flat however
/// long the file grows; a line longer than `maxLine` is passed over without being kept.
package struct LineReader {
  /// The longest line handed out: 16 MB, what the largest session presets allow needs
  /// (`RecordSize` in PomoJournal works it out); a longer line is damage.
  package static let maxLine = 1 << 24

  /// One line: its bytes (without the newline), whether a newline ended it, and whether it
  /// was longer than `maxLine` (then its bytes are empty: it was skipped unread).
  package struct Line {
    package var bytes: ArraySlice<UInt8>
    package var terminated: Bool
    package var tooLong: Bool
  }

  package let fd: Int32
  private let path: String
  /// How many bytes were read: at the end, a file shorter than that was cut while read.
  private var consumed: Int64 = 0
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next newline resumes, so a long line is scanned once.
  private var scanned = 0
  private var atEnd = false
  /// Inside a line longer than `maxLine`, whose bytes are being dropped.
  private var skipping = false
  /// Where a read last came back empty before the file's size: a second one there is no end.
  private var emptyReadAt: Int64 = -1
  package private(set) var lineNumber = 0

  package init(path: String) throws(FileSystemError) {
    self.path = path
    // Standard input may be a pipe (`pomo import -`); any other path must be a regular file.
    if path == "/dev/stdin" {
      try Platform.refuseEndlessStandardInput()
      fd = dup(0)
      guard fd >= 0 else { throw .current }
    } else {
      fd = try Platform.openRegularFile(path)
    }
  }

  package func close() { _ = Glibc_or_Darwin_close(fd) }

  /// Which file was opened (its device and inode, size and times as they are now).
  package var identity: FileIdentity? {
    var info = stat()
    return fstat(fd, &info) == 0 ? FileIdentity(info) : nil
  }

  /// The next line; nil at the end.
  package mutating func next() throws(FileSystemError) -> Line? {
    while true {
      if let newline = Platform.firstNewline(in: buffer, from: max(start, scanned)) {
        lineNumber += 1
        let long = skipping || newline - start > Self.maxLine
        let line = Line(bytes: long ? [][...] : buffer[start..<newline], terminated: true, tooLong: long)
        start = newline + 1
        scanned = start
        skipping = false
        return line
      }
      scanned = buffer.count
      if atEnd {
        guard start < buffer.count || skipping else { return nil }
        lineNumber += 1
        let line = Line(bytes: skipping ? [][...] : buffer[start...], terminated: false, tooLong: skipping)
        start = buffer.count
        scanned = start
        skipping = false
        return line
      }
      if buffer.count - start > Self.maxLine {
        skipping = true
        start = buffer.count
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        scanned -= start
        start = 0
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let n = FileCalls.read(fd, &chunk, chunk.count, path: path)
      if n < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if n == 0 {
        // Lines read before the file was cut short are no longer in it: no answer may count them.
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        if regular && Int64(info.st_size) < consumed { throw .changedWhileRead }
        // A read that ends before the size the file has is not its end: read again, once;
        // a second read that ends there too is a file that changed under the reader.
        if regular && Int64(info.st_size) > consumed {
          if emptyReadAt == consumed { throw .changedWhileRead }
          emptyReadAt = consumed
          continue
        }
        atEnd = true
      } else {
        buffer += chunk[0..<n]
        consumed += Int64(n)
      }
    }
  }
}
