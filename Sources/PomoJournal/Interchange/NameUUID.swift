/// Name-based UUIDs (RFC 9562 version 5: SHA-1 over a namespace and a name), so that a session
/// imported from another tool gets the same id every time and importing again adds nothing.
package enum NameUUID {
  /// The namespaces RFC 9562 defines (appendix A.6).
  package static let dns = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
  package static let url = "6ba7b811-9dad-11d1-80b4-00c04fd430c8"

  /// pomo's namespace for imported sessions: the version 5 UUID of the URL "pomo:import".
  package static let imports = make(namespace: url, name: "pomo:import")!

  /// The version 5 UUID of `name` in `namespace` (a UUID in text form, any case), lowercase;
  /// nil when `namespace` is not a UUID.
  package static func make(namespace: String, name: String) -> String? {
    guard let space = bytes(namespace) else { return nil }
    var digest = Array(SHA1.digest(space + Array(name.utf8)).prefix(16))
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    return text(digest)
  }

  /// The id of a session imported from `tool` ("timewarrior", "watson", "openpomodoro"), given
  /// what identifies it in that tool's data.
  package static func imported(tool: String, key: String) -> String {
    make(namespace: imports, name: tool + ":" + key)!
  }

  /// The 16 bytes of a UUID written "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", or nil.
  package static func bytes(_ uuid: String) -> [UInt8]? {
    let utf8 = Array(uuid.utf8)
    let dashes = [8, 13, 18, 23]
    guard utf8.count == 36, dashes.allSatisfy({ utf8[$0] == UInt8(ascii: "-") }) else { return nil }
    let digits = utf8.indices.filter { !dashes.contains($0) }.compactMap {
      Character(Unicode.Scalar(utf8[$0])).hexDigitValue
    }
    guard digits.count == 32 else { return nil }
    return stride(from: 0, to: 32, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
  }

  /// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" in lowercase.
  package static func text(_ bytes: [UInt8]) -> String {
    let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
    return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
  }
}
