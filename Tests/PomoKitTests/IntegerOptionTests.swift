import Foundation
import PomoKitTestSupport
import Testing

@testable import PomoKit

@Suite("Integer options are plain decimal digits")
struct IntegerOptionTests {
  let pomo = InProcess(home: "/nonexistent-home")

  @Test(
    "a sign, spaces, '_', hex or other digits are usage errors, exit 64",
    arguments: [
      (["start", "hiit", "--dry-run", "--rounds=+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (["start", "hiit", "--dry-run", "-r", "+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (
        ["start", "hiit", "--dry-run", "--rounds", " 5"], "'--rounds' must be a whole number from 1 to 10000, got ' 5'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "5 "], "'--rounds' must be a whole number from 1 to 10000, got '5 '"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds=-5"], "'--rounds' must be a whole number from 1 to 10000, got '-5'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "1_0"],
        "'--rounds' must be a whole number from 1 to 10000, got '1_0'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "0x5"],
        "'--rounds' must be a whole number from 1 to 10000, got '0x5'"
      ),
      (["start", "hiit", "--dry-run", "--rounds", "٥"], "'--rounds' must be a whole number from 1 to 10000, got '٥'"),
      (["presets", "show", "hiit", "--rounds=+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (["log", "--limit=+3"], "'--limit' must be a whole number from 1 to 1000000, got '+3'"),
      (["log", "-n", "+3"], "'--limit' must be a whole number from 1 to 1000000, got '+3'"),
      (["log", "--limit", "3.0"], "'--limit' must be a whole number from 1 to 1000000, got '3.0'"),
    ])
  func refused(words: [String], message: String) {
    let result = pomo.run(words)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: \(message)\nSee 'pomo "))
  }

  @Test("plain digits, leading zeros included, still work")
  func accepted() {
    #expect(pomo.run("start", "hiit", "--dry-run", "--rounds", "05").out.hasPrefix("hiit: 5 rounds"))
    #expect(ParsedArguments.plainInteger("-3", negative: true) == -3)
    #expect(ParsedArguments.plainInteger("-3", negative: false) == nil)
    #expect(ParsedArguments.plainInteger("-", negative: true) == nil)
    #expect(ParsedArguments.plainInteger("99999999999999999999", negative: false) == nil)
  }
}
