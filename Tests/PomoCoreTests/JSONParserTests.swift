import Testing

@testable import PomoCore

@Suite("JSON parser")
struct JSONParserTests {
  @Test("values remember their line and column")
  func positions() throws {
    let value = try JSONParser.parse("{\n  \"a\": [1,\n    true]\n}")
    guard case .object(let members) = value.kind, case .array(let items) = members[0].value.kind else {
      Issue.record("wrong shape")
      return
    }
    #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
    #expect(items[1].position == SourcePosition(line: 3, column: 5))
  }

  static let broken: [(String, String, Int, Int)] = [
    ("{\"a\": 1,}", "trailing comma before '}'", 1, 9),
    ("{\n  \"a\": 1\n  \"b\": 2\n}", "unexpected '\"'; expected ',' or '}'", 3, 3),
    ("", "the file is empty; expected a JSON object", 1, 1),
    ("{\"a\": tru}", "invalid literal; expected 'true'", 1, 10),
    ("{\"a\": 01}", "numbers cannot have leading zeros", 1, 8),
    ("{\"a\": \"x\n\"}", "unterminated string (line break inside a string)", 1, 9),
    ("{\"a\": 1} x", "unexpected 'x' after the end of the JSON value", 1, 10),
    ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\"", 1, 10),
    ("{'a': 1}", "unexpected '''; expected a key in double quotes", 1, 2),
    ("{\"é\": [", "unexpected end of file; expected a value", 1, 8),
  ]

  @Test("syntax errors give a message, line and column", arguments: broken)
  func errors(text: String, message: String, line: Int, column: Int) {
    #expect(throws: JSONSyntaxError(message: message, position: SourcePosition(line: line, column: column))) {
      try JSONParser.parse(text)
    }
  }

  @Test("deep nesting is refused, not a stack overflow")
  func deep() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
  }

  @Test("invalid UTF-8 is refused")
  func badUTF8() {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]) }
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]) }
  }

  @Test("escapes and surrogate pairs decode")
  func escapes() throws {
    let value = try JSONParser.parse(#"["a\"b\\\n\u00e9\ud83c\udf45"]"#)
    guard case .array(let items) = value.kind, case .string(let s) = items[0].kind else {
      Issue.record("wrong shape")
      return
    }
    #expect(s == "a\"b\\\né🍅")
  }
}
