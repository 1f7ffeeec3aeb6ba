import PomoCore

/// A session's tags as one line of text that reads back exactly: joined by a separator that
/// begins with a comma, and a tag that holds a comma or a quote, starts or ends with a space, or
/// is empty is quoted, its quotes doubled (`"a,b",c` is the two tags `a,b` and `c`); so is
/// one that holds a control character or a `^` (below).
package enum TagList {
  /// Whether a shell can offer the tag: not blank, no control characters (they would break
  /// the one-tag-a-line list, and nobody types them).
  package static func isCompletable(_ tag: String) -> Bool {
    !tag.trimmedSpaces().isEmpty && !tag.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  package static func text(_ tags: [String], separator: String = ",") -> String {
    tags.map(quoted).joined(separator: separator)
  }

  /// The tag as it is, or quoted when it must be.
  ///
  /// A tag with a control character is quoted too, with every `^` in it doubled: a terminal
  /// shows a control character in caret notation (`^J`, see `TextLayout.inert`), so a tag
  /// holding a line break (`"new^Jline"`) never reads as one that holds `^J` (`"new^^Jline"`).
  package static func quoted(_ tag: String) -> String {
    // Nearly every tag is printable ASCII with no comma, quote or caret, and no space at
    // either end: as it is, with no character looked at.
    let simple = tag.utf8.withContiguousStorageIfAvailable { bytes in
      guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
      return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x2C && $0 != 0x22 && $0 != 0x5E }
    }
    if simple == true { return tag }
    let control = tag.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    let caret = control || tag.contains("^")
    let plain =
      !tag.isEmpty && !caret && !tag.contains(",") && !tag.contains("\"") && tag.first?.isWhitespace == false
      && tag.last?.isWhitespace == false
    if plain { return tag }
    var out = "\""
    for c in tag {
      if c == "\"" {
        out += "\"\""
      } else if c == "^" {
        out += "^^"
      } else {
        out.append(c)
      }
    }
    return out + "\""
  }
}
