import PomoCore

/// logfmt (brandur.org/logfmt): `key=value` pairs separated by spaces, a value bare or in
/// double quotes with backslash escapes; a key alone is a flag, read as "true".
enum Logfmt {
  static func pairs(_ text: Substring) throws(Interchange.Reason) -> [(key: String, value: String)] {
    var pairs: [(key: String, value: String)] = []
    var rest = Array(text.unicodeScalars)[...]
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
    while true {
      while let c = rest.first, isSpace(c) { rest = rest.dropFirst() }
      guard !rest.isEmpty else { return pairs }
      let keyScalars = rest.prefix { !isSpace($0) && $0 != "=" && $0 != "\"" }
      guard !keyScalars.isEmpty else {
        throw Interchange.Reason(
          "has a value without a key: \(Interchange.quoted(String(String.UnicodeScalarView(rest))))")
      }
      rest = rest.dropFirst(keyScalars.count)
      let key = String(String.UnicodeScalarView(keyScalars))
      guard rest.first == "=" else {
        pairs.append((key, "true"))
        continue
      }
      rest = rest.dropFirst()
      var value = String.UnicodeScalarView()
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var closed = false
        while let c = rest.first {
          rest = rest.dropFirst()
          if c == "\"" {
            closed = true
            break
          }
          if c == "\\", let next = rest.first {
            rest = rest.dropFirst()
            switch next {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            default: value.append(next)
            }
          } else {
            value.append(c)
          }
        }
        guard closed else {
          throw Interchange.Reason("has a quoted value of \(key) without its closing quote")
        }
      } else {
        let bare = rest.prefix { !isSpace($0) }
        guard !bare.contains("\"") else {
          throw Interchange.Reason("has a stray quote in the value of \(key)")
        }
        value.append(contentsOf: bare)
        rest = rest.dropFirst(bare.count)
      }
      pairs.append((key, String(value)))
    }
  }
}
