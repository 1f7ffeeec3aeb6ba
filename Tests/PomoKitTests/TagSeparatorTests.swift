import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit

/// Tags in `log` and in CSV are joined by a separator a tag may hold: both say exactly which
/// tags a session has.
@Suite("Tags joined ambiguously")
struct TagSeparatorTests {
  static let cases: [[String]] = [
    [], ["thesis"], ["a,b", "c"], ["a", "b,c"], ["a;b", "c"], ["a\\;b", "c\\"], ["say \"hi\""], [" padded ", "x"],
    ["", "empty"], [";", ",", "\\", "\""], ["café,thé"],
  ]

  @Test("tags joined ambiguously: CSV's field splits back into exactly the tags", arguments: cases)
  func csv(tags: [String]) {
    #expect(csvTags(field: CSVExport.tagsField(tags)) == tags)
  }

  @Test("tags joined ambiguously: two different tag lists never show the same in log or CSV")
  func distinct() {
    let lists = Self.cases + [["a", "b", "c"], ["a;b;c"], ["a,b,c"], ["a", "b;c"], ["a,b", "c"]]
    #expect(Set(lists.map(LogText.tagList)).count == Set(lists).count)
    #expect(Set(lists.map(CSVExport.tagsField)).count == Set(lists).count)
  }

  @Test("tags joined ambiguously: log quotes a tag that holds the separator")
  func log() {
    #expect(LogText.tagList(["thesis", "ch3"]) == "thesis,ch3")
    #expect(LogText.tagList(["a,b", "c"]) == "\"a,b\",c")
    #expect(LogText.tagList(["say \"hi\""]) == "\"say \"\"hi\"\"\"")
    #expect(LogText.tagList(["a;b"]) == "a;b")
  }

  @Test("tags joined ambiguously: a tag with a line break never shows as one with a caret")
  func controlCharacters() {
    let lists: [[String]] = [
      ["new\nline"], ["new^Jline"], ["new^^Jline"], ["a^b"], ["a\u{1B}b"], ["a^[b"], ["x", "y"],
    ]
    let shown = lists.map { TextLayout.inert(LogText.tagList($0)) }
    #expect(Set(shown).count == lists.count, "\(shown)")
    #expect(shown[0] == "\"new^Jline\"" && shown[1] == "\"new^^Jline\"")
    #expect(LogText.tagList(["thesis"]) == "thesis")
  }

  @Test("tags joined ambiguously: status's {tags} quotes a tag that holds the separator")
  func status() {
    #expect(TagList.text(["a, b", "c"], separator: ", ") == "\"a, b\", c")
    #expect(TagList.text(["a", "b, c"], separator: ", ") == "a, \"b, c\"")
    #expect(TagList.text(["thesis", "ch3"], separator: ", ") == "thesis, ch3")
  }
}
