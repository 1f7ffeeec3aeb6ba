import PomoCore
import PomoPlatform

/// A journal kept as a folder of JSON Lines files, one per machine (`<host>-<id>.jsonl`),
/// so that file-sync tools (Syncthing, Nextcloud, Dropbox, git) carry it with no conflict:
/// each machine appends only to its own file, and readers read every file.
package struct JournalFolder: Sendable {
  package let path: String

  package init(path: String) {
    self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// Whether a name in the folder is a journal file: `*.jsonl`, sync-conflict copies
  /// included, the sync tools' temporary and hidden files left out (`.syncthing.*.tmp`,
  /// `~syncthing~*.tmp`, Nextcloud's `.part`, Dropbox's hidden cache, `.git`, ...).
  package static func isJournalFile(_ name: String) -> Bool {
    name.hasSuffix(".jsonl") && !name.hasPrefix(".") && !name.hasPrefix("~") && name.utf8.count > 6
  }

  /// The journal files, full paths, sorted by name (every machine reads them in the same
  /// order, so the first line of a duplicated id is the same one everywhere), each with the
  /// file as it was seen when listed.
  package func seenFiles() -> [(path: String, identity: FileIdentity)] {
    let found = Platform.regularFiles(in: path, Self.isJournalFile(bytes:)) ?? []
    return Self.order(found.map(\.path), after: path.utf8.count + 1).map { found[$0] }
  }

  /// `isJournalFile` of a name's bytes; an ASCII name (nearly all are) is read as it is.
  static func isJournalFile(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !name.contains(where: { $0 >= 0x80 }) else { return isJournalFile(String(decoding: name, as: UTF8.self)) }
    return name.count > 6 && name[0] != 0x2E && name[0] != 0x7E && name[(name.count - 6)...].elementsEqual(suffix)
  }

  private static let suffix: [UInt8] = Array(".jsonl".utf8)

  /// The places of `names` in the order `String` sorts them, found fast: sorted by their first
  /// 24 bytes after the `after` bytes they all share as numbers (in the same order for names
  /// in one normal form, as nearly all are), then checked name by name, unless all are ASCII
  /// (then that order is `String`'s), and sorted as strings only when the check fails.
  static func order(_ names: [String], after shared: Int = 0) -> [Int] {
    var ascii = true
    var keys = names.indices.map { k in
      var name = names[k]
      return name.withUTF8 { bytes in
        let rest = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[min(shared, bytes.count)...]))
        var key: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: rest.prefix(24))) }
        if ascii && rest.contains(where: { $0 >= 0x80 }) { ascii = false }
        return (UInt64(bigEndian: key.0), UInt64(bigEndian: key.1), UInt64(bigEndian: key.2), k)
      }
    }
    keys.sort { a, b in
      (a.0, a.1, a.2) != (b.0, b.1, b.2) ? (a.0, a.1, a.2) < (b.0, b.1, b.2) : names[a.3] < names[b.3]
    }
    let order = keys.map(\.3)
    if ascii || zip(order, order.dropFirst()).allSatisfy({ !(names[$1] < names[$0]) }) { return order }
    return names.indices.sorted { names[$0] < names[$1] }
  }

  /// Entries named like journal files that are not read, and why: folders, FIFOs, devices,
  /// dangling links, names that are not UTF-8 (shown with their bytes escaped, `\xFF`).
  /// `pomo journal` names them, so none goes unnoticed.
  package func unreadable() -> [(name: String, reason: Unreadable)] {
    var found: [(name: String, reason: Unreadable)] = []
    for name in Platform.listDirectoryNames(path) ?? [] {
      guard let text = name.text else {
        // Its name, decoded as best it can be, looks like a journal file's.
        if Self.isJournalFile(String(decoding: name.bytes, as: UTF8.self)) { found.append((name.shown, .nameNotUTF8)) }
        continue
      }
      guard Self.isJournalFile(text) else { continue }
      switch FileStatus.following(path + "/" + text) {
      case .success(let status) where status.kind == .regular: continue
      case .success(let status): found.append((text, .notRegular(status.kindText)))
      case .failure(let error): found.append((text, .cannotLook(error.description)))
      }
    }
    return found.sorted { $0.name < $1.name }
  }

  /// Why an entry named like a journal file is not read.
  package enum Unreadable: Equatable, Sendable, CustomStringConvertible {
    /// Its name is not UTF-8: pomo cannot name it to the system as it names every other.
    case nameNotUTF8
    /// A folder, a FIFO, a device: the kind, as "a folder".
    case notRegular(String)
    /// A dangling link, or no permission: the system's reason.
    case cannotLook(String)

    package var description: String {
      switch self {
      case .nameNotUTF8: "its name is not UTF-8; rename it to have it read"
      case .notRegular(let kind): "\(kind), not a regular file"
      case .cannotLook(let reason): reason
      }
    }
  }

  /// Whether a file is a sync tool's copy of a conflict (Syncthing's `.sync-conflict-`,
  /// Dropbox's and Nextcloud's "conflicted copy").
  package static func isConflictCopy(_ name: String) -> Bool {
    name.contains(".sync-conflict-") || name.contains("conflicted copy") || name.contains("_conflict-")
  }

  /// The host a file belongs to, from its name: `laptop-k3x2r2.jsonl` is laptop's (a
  /// conflict copy names the file it copies).
  package static func host(ofFile name: String) -> String {
    var base = String(name.split(separator: "/").last ?? "")
    if base.hasSuffix(".jsonl") { base.removeLast(6) }
    if let conflict = base.firstRange(of: ".sync-conflict-") { base = String(base[..<conflict.lowerBound]) }
    if let conflict = base.firstRange(of: " (") { base = String(base[..<conflict.lowerBound]) }
    guard let dash = base.lastIndex(of: "-"), base.distance(from: dash, to: base.endIndex) == 7 else { return base }
    return String(base[..<dash])
  }

  /// This machine's file name: its host name (made safe for any file system) and its id.
  package static func fileName(host: String, id: String) -> String {
    let safe = host.unicodeScalars.map { c -> Character in
      c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_")
        ? Character(c) : "-"
    }
    // Without leading dots or dashes: never a hidden file, which `isJournalFile` leaves out.
    let name = String(safe.drop { $0 == "." || $0 == "-" })
    return (name.isEmpty ? "machine" : String(name.prefix(64))) + "-" + id + ".jsonl"
  }

  /// The letters of a machine's id (RFC 4648's base 32, in lowercase).
  private static let idAlphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

  /// The short random id of this machine, made once and kept in the state folder (never in
  /// the synced one), so two machines with the same host name never share a file.
  ///
  /// When no id can be kept there (a read-only state folder, `machine-id` a folder), the id
  /// is `fallbackID()`: the same every run, so every run writes to the same file and `pomo
  /// journal` names the one that exists.
  package static func machineID(stateDirectory: String) -> String {
    let file = stateDirectory + "/machine-id"
    if let id = read(file) { return id }
    var rng = SystemRandomNumberGenerator()
    let id = String((0..<6).map { _ in idAlphabet.randomElement(using: &rng)! })
    try? Platform.makeDirectories(stateDirectory)
    // Another pomo may make one at the same moment: the file appears whole (written aside,
    // then linked into place without replacing anything), and the first one wins.
    let aside = file + ".\(id).tmp"
    if (try? Platform.createNewFile(id + "\n", at: aside)) != nil {
      try? Platform.moveWithoutReplacing(aside, to: file)
      Platform.removeFile(aside)
    }
    if let made = read(file) { return made }
    // A file that holds no id (damaged by hand): replaced once, so runs do not each make one.
    try? Platform.writeAtomically(id + "\n", to: file)
    return read(file) ?? fallbackID()
  }

  /// An id derived from the system's (`/etc/machine-id`, when it can be read) and the user's
  /// (uid): stable across runs, and still apart for two users, or two machines, of one name.
  package static func fallbackID(
    systemID: String? = (try? Platform.readFile("/etc/machine-id", limit: 256)).map {
      String(decoding: $0, as: UTF8.self)
    },
    user: UInt32 = Platform.userID
  ) -> String {
    let hash = FNV1a.hash("\((systemID ?? "").trimmingSpaces())\u{0}\(user)")
    return String((0..<6).map { idAlphabet[Int(hash >> (5 * UInt64($0)) & 31)] })
  }

  private static func read(_ file: String) -> String? {
    guard let bytes = try? Platform.readFile(file, limit: 64) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
    return text.count == 6 && text.allSatisfy(idAlphabet.contains) ? text : nil
  }

  /// Moves the single-file journal of earlier versions into the folder as this machine's
  /// file, once: one move that never replaces a file. Returns the line to tell the user.
  package static func migrate(legacy: String, into own: String) -> String? {
    guard Platform.isRegularFile(legacy) else { return nil }
    if Platform.fileExists(own) {
      return
        "pomo: warning: \(legacy) is no longer read, as the journal is now the folder \(Platform.parentFolder(own)); add its sessions with 'pomo import \(legacy)'"
    }
    do {
      try Platform.makeDirectories(Platform.parentFolder(own))
      try Platform.moveWithoutReplacing(legacy, to: own)
    } catch {
      // Another pomo moved it a moment ago, or it cannot be moved: say so once.
      if !Platform.fileExists(legacy) { return nil }
      return "pomo: warning: cannot move \(legacy) into \(Platform.parentFolder(own)): \(error)"
    }
    return "pomo: moved the journal into \(own) (one file per machine, so sync tools can carry the folder)"
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
