import PomoCore

/// logfmt (brandur.org/logfmt): `key=value` pairs separated by spaces, a value bare or in
/// double quotes with backslash escapes; a key alone is a flag, read as "true".
enum Logfmt {
  static func pairs(_ text: Substring) throws(ImportSkip) -> [(key: String, value: String)] {
    var pairs: [(key: String, value: String)] = []
    var rest = text.unicodeScalars
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
    while true {
      rest = rest.drop(while: isSpace)
      guard !rest.isEmpty else { return pairs }
      let keyScalars = rest.prefix { !isSpace($0) && $0 != "=" && $0 != "\"" }
      guard !keyScalars.isEmpty else {
        throw ImportSkip("has a value without a key: \(Interchange.quoted(String(Substring(rest))))")
      }
      rest = rest[keyScalars.endIndex...]
      let key = String(Substring(keyScalars))
      guard rest.first == "=" else {
        pairs.append((key, "true"))
        continue
      }
      rest = rest.dropFirst()
      var value = String.UnicodeScalarView()
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var closed = false
        while !closed, let c = rest.popFirst() {
          if c == "\"" {
            closed = true
          } else if c == "\\", let next = rest.popFirst() {
            value.append(["n": "\n", "t": "\t", "r": "\r"][next] ?? next)
          } else {
            value.append(c)
          }
        }
        guard closed else { throw ImportSkip("has a quoted value of \(key) without its closing quote") }
      } else {
        let bare = rest.prefix { !isSpace($0) }
        guard !bare.contains("\"") else { throw ImportSkip("has a stray quote in the value of \(key)") }
        value.append(contentsOf: bare)
        rest = rest[bare.endIndex...]
      }
      pairs.append((key, String(value)))
    }
  }
}
