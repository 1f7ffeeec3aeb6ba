/// Text for markup (XML, SVG, HTML, Pango): `&`, `<`, `>`, `"` and `'` as entities, the one
/// escape every writer of markup uses.
package enum MarkupText {
  package static func escaped(_ text: String) -> String {
    guard text.contains(where: { "&<>'\"".contains($0) }) else { return text }
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(c)
      }
    }
    return out
  }
}
