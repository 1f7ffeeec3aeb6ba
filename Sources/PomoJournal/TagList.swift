/// A session's tags as one line of text that reads back exactly: joined by a separator that
/// begins with a comma, and a tag that holds a comma or a quote, starts or ends with a space, or
/// is empty is quoted, its quotes doubled (`"a,b",c` is the two tags `a,b` and `c`).
public enum TagList {
  public static func text(_ tags: [String], separator: String = ",") -> String {
    tags.map(quoted).joined(separator: separator)
  }

  /// The tag as it is, or quoted when it must be.
  public static func quoted(_ tag: String) -> String {
    let plain =
      !tag.isEmpty && !tag.contains(",") && !tag.contains("\"") && tag.first?.isWhitespace == false
      && tag.last?.isWhitespace == false
    if plain { return tag }
    var out = "\""
    for c in tag {
      if c == "\"" { out += "\"\"" } else { out.append(c) }
    }
    return out + "\""
  }
}
