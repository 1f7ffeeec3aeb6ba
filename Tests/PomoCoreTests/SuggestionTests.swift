import Testing

@testable import PomoCore

/// "Did you mean …?": the one name a word begins, else the nearest by edit distance.
@Suite("Suggestions for a mistyped name")
struct SuggestionTests {
  static let commands = ["start", "status", "stop", "report", "rep", "resume", "log"]

  @Test(
    "an unambiguous prefix wins over edit distance; an ambiguous one leaves it to edit distance",
    arguments: [
      ("stat", "status"), ("statu", "status"), ("STAT", "status"), ("repo", "report"), ("star", "start"),
      ("strat", "start"), ("stpo", "stop"), ("lgo", "log"),
    ])
  func suggestion(word: String, expected: String) {
    #expect(Suggestion.closest(to: word, in: Self.commands) == expected)
  }

  @Test("a prefix of several names, or of none and far from all, suggests nothing")
  func nothing() {
    #expect(Suggestion.closest(to: "s", in: Self.commands) == nil)
    #expect(Suggestion.closest(to: "zzzzzz", in: Self.commands) == nil)
    #expect(Suggestion.closest(to: "", in: Self.commands) == nil)
  }
}
