import PomoCore

/// Reads the `history` file of the Open Pomodoro Format (github.com/open-pomodoro): one
/// pomodoro a line, its start as an ISO 8601 timestamp with its UTC offset, then logfmt
/// attributes, all optional:
///
///     2026-11-30T09:00:00-05:00 description="Write the report" duration=25 tags=work,writing
///
/// `duration` is in minutes (25 when missing), `tags` are separated by commas, `description`
/// becomes the note. Each line becomes a session of one completed focus phase, whose id is
/// derived from its start (the format's own key: two pomodoros with one start are one).
/// A timestamp without an offset, which the format forbids, is read as local time in `zone`.
public enum OpenPomodoroImport {
  public static let tool = "openpomodoro"
  /// The format's default length, in minutes.
  public static let defaultMinutes = 25.0

  public static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    var result = ImportResult()
    var content = bytes[...]
    if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
    for (index, rawLine) in content.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      func skip(_ reason: String) { result.skipped.append(ImportSkip(line: number, reason: reason)) }
      var line = rawLine
      while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
      while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
      if line.isEmpty { continue }
      guard let text = String(validating: line, as: UTF8.self) else {
        skip("the line is not UTF-8 text")
        continue
      }
      let stamp = String(text.prefix { $0 != " " && $0 != "\t" })
      let start: Double
      switch timestamp(stamp, zone: zone) {
      case .success(let t): start = t
      case .failure(let problem):
        skip(problem.text)
        continue
      }
      let attributes: [(key: String, value: String)]
      switch Logfmt.pairs(text.dropFirst(stamp.count)) {
      case .success(let pairs): attributes = pairs
      case .failure(let problem):
        skip("the pomodoro at \(TextLayout.inert(stamp)) " + problem.text)
        continue
      }
      var minutes = defaultMinutes
      var tags: [String] = []
      var note: String?
      var bad: String?
      for (key, value) in attributes {
        switch key {
        case "duration":
          guard let m = Self.minutes(value) else {
            bad =
              "has a duration that is not a number of minutes (more than 0, at most 1440): \(Interchange.quoted(value))"
            break
          }
          minutes = m
        case "tags":
          tags = value.split(separator: ",").map { String($0).trimmingSpaces() }
        case "description":
          note = value
        default:
          break  // Attributes of other applications are theirs.
        }
      }
      if let bad {
        skip("the pomodoro at \(TextLayout.inert(stamp)) " + bad)
        continue
      }
      let key = RFC3339.format(start.rounded(.down), offset: 0)
      result.records.append(
        Interchange.session(
          tool: tool, key: key, start: start, end: start + minutes * 60, tags: tags, note: note, host: host))
    }
    return result
  }

  /// The start of a line: RFC 3339 (as the format's Go library writes it), or a local date and
  /// time without an offset, read in `zone`.
  static func timestamp(_ text: String, zone: any TimeZoneRules) -> Result<Double, Interchange.Reason> {
    if let t = RFC3339.parse(text), Interchange.times.contains(t) { return .success(t) }
    let dated = text.count >= 16 && text.prefix(4).allSatisfy(\.isASCIIDigit) && text.dropFirst(4).first == "-"
    if dated {
      switch WhenParser.parse(text, now: 0, zone: zone) {
      case .success(let t) where Interchange.times.contains(t): return .success(t)
      case .failure(let error) where !error.isNotATime: return .failure(Interchange.Reason(text: error.description))
      default: break
      }
    }
    return .failure(
      Interchange.Reason(text: "\(Interchange.quoted(text)) is not a timestamp like 2026-11-30T09:00:00-05:00"))
  }

  /// Minutes as the format writes them ("25", "22.5"), or with units ("22m30s").
  static func minutes(_ text: String) -> Double? {
    if let m = Double(text), m.isFinite, m > 0, m <= 1440, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }) {
      return m
    }
    guard text.contains(where: { $0 == "h" || $0 == "m" || $0 == "s" }),
      case .success(let span) = DurationText.parse(text)
    else { return nil }
    return TimeText.seconds(span) / 60
  }
}

extension WhenError {
  fileprivate var isNotATime: Bool {
    if case .notATime = self { return true }
    return false
  }
}

/// logfmt (brandur.org/logfmt): `key=value` pairs separated by spaces, a value bare or in
/// double quotes with backslash escapes; a key alone is a flag, read as "true".
enum Logfmt {
  static func pairs(_ text: Substring) -> Result<[(key: String, value: String)], Interchange.Reason> {
    var pairs: [(key: String, value: String)] = []
    var rest = Array(text.unicodeScalars)[...]
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
    while true {
      while let c = rest.first, isSpace(c) { rest = rest.dropFirst() }
      guard !rest.isEmpty else { return .success(pairs) }
      let keyScalars = rest.prefix { !isSpace($0) && $0 != "=" && $0 != "\"" }
      guard !keyScalars.isEmpty else {
        return .failure(
          Interchange.Reason(
            text: "has a value without a key: \(Interchange.quoted(String(String.UnicodeScalarView(rest))))"))
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
          return .failure(Interchange.Reason(text: "has a quoted value of \(key) without its closing quote"))
        }
      } else {
        let bare = rest.prefix { !isSpace($0) }
        guard !bare.contains("\"") else {
          return .failure(Interchange.Reason(text: "has a stray quote in the value of \(key)"))
        }
        value.append(contentsOf: bare)
        rest = rest.dropFirst(bare.count)
      }
      pairs.append((key, String(value)))
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s = s.dropFirst() }
    while s.last == " " || s.last == "\t" { s = s.dropLast() }
    return String(s)
  }
}
