import PomoPlatform

/// A parsed JSON value that remembers where it stood in the source text.
///
/// pomo parses its own files (presets, config) with this rather than `JSONDecoder`, because
/// a person fixing a file needs the line and column, which `JSONDecoder` does not report.
package struct JSONValue: Sendable {
  package indirect enum Kind: Sendable {
    case null
    case bool(Bool)
    /// The number's source text is kept so integers are read exactly and huge ones are caught.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  package struct Member: Sendable {
    package var key: String
    package var keyPosition: SourcePosition
    package var value: JSONValue
  }

  package var kind: Kind
  package var position: SourcePosition
  /// Where the value's text stands in the source, in bytes.
  package var span: Range<Int> = 0..<0

  /// A short name of the value's type, for error messages.
  package var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as it would be written back, shortened for error messages.
  package var snippet: String {
    let text: String
    switch kind {
    case .null: text = "null"
    case .bool(let b): text = b ? "true" : "false"
    case .number(let n): text = n
    case .string(let s):
      // Control characters are shown escaped, so a message stays on one line.
      let escaped = s.unicodeScalars.map {
        $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
      }
      text = "\"\(escaped.joined())\""
    case .array: text = "[...]"
    case .object: text = "{...}"
    }
    return text.count > 40 ? String(text.prefix(40)) + "..." : text
  }
}
