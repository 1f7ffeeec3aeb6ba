import Foundation
import Testing

@testable import PomoJournal

@Suite("SHA-1 and name-based UUIDs")
struct NameUUIDTests {
  /// RFC 3174's test vectors (section 7.3), the empty message, and messages around the 55/56/64
  /// byte edges where the padding takes a second block (checked against Python's hashlib).
  static let digests: [(String, Int, String)] = [
    ("", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    ("abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ("a", 1_000_000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
    (
      "0123456701234567012345670123456701234567012345670123456701234567", 10, "dea356a2cddd90c7a7ecedc5ebb563934f460452"
    ),
    ("a", 55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
    ("a", 56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
    ("a", 63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
    ("a", 64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
    ("a", 65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
    ("héllo ✓", 1, "b7c2a1aa52961195ac19331417a20a8b4f202ddb"),
  ]

  @Test("SHA-1 of known messages", arguments: digests)
  func sha1(text: String, repeats: Int, expected: String) {
    let message = (0..<repeats).flatMap { _ in Array(text.utf8) }
    #expect(SHA1.digest(message).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() == expected)
  }

  @Test("version 5 UUIDs match RFC 9562 and Python's uuid.uuid5")
  func uuid5() {
    // RFC 9562 appendix A.4: the DNS namespace and "www.example.com".
    #expect(NameUUID.make(namespace: NameUUID.dns, name: "www.example.com") == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    #expect(
      NameUUID.make(namespace: NameUUID.dns.uppercased(), name: "www.example.com")
        == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    #expect(
      NameUUID.make(namespace: NameUUID.url, name: "https://www.example.com/ünïcode")
        == "1e894bb2-c12d-5f36-b796-8ef0c6a54657")
    // pomo's namespace for imports is pinned: changing it would import everything again.
    #expect(NameUUID.imports == "89847724-ce53-50a6-9aba-ee9909ab476f")
    #expect(
      NameUUID.imported(tool: "watson", key: "5ab0dc0f5c5d4c0a9d2f3b5e0f3c1a2b")
        == "f5dbc816-44e2-5391-83ee-87db89b59915")
  }

  @Test(
    "a namespace that is not a UUID is refused",
    arguments: ["", "6ba7b810", "6ba7b810-9dad-11d1-80b4-00c04fd430cg", "6ba7b8109dad11d180b400c04fd430c8xxxx"])
  func badNamespace(namespace: String) {
    #expect(NameUUID.make(namespace: namespace, name: "x") == nil)
  }
}
