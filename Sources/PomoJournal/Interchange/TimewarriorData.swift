import PomoCore

/// Timewarrior's own data files, the way back into it: Timewarrior 1.4 has no `timew import`,
/// and its command line cannot carry every tag (`timew track … from` or a tag like `1h` is
/// read as part of the range), so the intervals are written into the files it reads,
/// `data/YYYY-MM.data`, one interval a line, sorted by start:
///
///     inc 20261201T090000Z - 20261201T092500Z # "thesis" "code review" # "chapter 3"
///
/// An interval is filed under the month of its start in local time, as Timewarrior files it
/// (it finds an interval to change by that month). Every tag and the annotation are quoted,
/// with `"` and `\` escaped, so none is taken for a word of Timewarrior's grammar.
public enum TimewarriorData {
  /// A focus phase as Timewarrior holds it.
  public struct Interval: Equatable, Sendable {
    /// Whole seconds since 1970.
    public var start: Double
    public var end: Double
    public var tags: [String]
    public var annotation: String?
    /// The session it is a phase of.
    public var session: JournalRecord

    /// The line of a data file that holds it.
    public var line: String {
      var text = "inc \(TimewarriorImport.text(start)) - \(TimewarriorImport.text(end))"
      if !tags.isEmpty || annotation != nil { text += " # " + tags.map(TimewarriorData.quoted).joined(separator: " ") }
      if let annotation { text += " # " + TimewarriorData.quoted(annotation) }
      return text
    }
  }

  /// The focus phases of `records` as intervals, oldest first, to the second (rounded down; a
  /// phase of no whole second is left out). An untagged session's intervals carry its preset's
  /// name as their tag, so they are not lost among Timewarrior's untagged time.
  public static func intervals(_ records: [JournalRecord]) -> [Interval] {
    var intervals: [Interval] = []
    for record in records {
      let tags = record.tags.isEmpty ? (record.preset.isEmpty ? [] : [record.preset]) : record.tags
      let note = record.note.flatMap { $0.isEmpty ? nil : $0 }
      for phase in record.phases where phase.kind == .work {
        let start = phase.start.rounded(.down)
        let end = phase.end.rounded(.down)
        if end > start {
          intervals.append(Interval(start: start, end: end, tags: tags, annotation: note, session: record))
        }
      }
    }
    return intervals.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(
      \.element)
  }

  /// `text` in double quotes, `"` and `\` escaped; line ends and other control characters
  /// become spaces (a data file is a line an interval).
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The start and end of a data file's line (`inc START - END …`, or `inc START …` while
  /// it is being tracked: its end is nil); nil for a line that holds no interval.
  static func span(_ line: Substring) -> (start: Double, end: Double?)? {
    let words = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
    guard words.count >= 2, words[0] == "inc", let start = TimewarriorImport.time(String(words[1])) else { return nil }
    if words.count >= 4, words[2] == "-", let end = TimewarriorImport.time(String(words[3])) { return (start, end) }
    return (start, nil)
  }

  /// What merging intervals into a data file made of it.
  public struct Merge {
    /// The file's new text: its lines and the added ones, sorted by start.
    public var text: String
    public var added: [Interval] = []
    /// Intervals the file held already (the same start and end: an earlier run's).
    public var present: [Interval] = []
    /// Intervals left out because they share time with one in the file or added before
    /// them (Timewarrior refuses overlapping intervals), with that one's line.
    public var overlapping: [(interval: Interval, other: String)] = []
  }

  /// `intervals` merged into a data file's `existing` text. `now` ends an interval still
  /// being tracked.
  public static func merge(_ existing: String, _ intervals: [Interval], now: Double) -> Merge {
    var lines: [(start: Double, end: Double, text: String)] = []
    var kept: [Substring] = []
    for line in existing.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let span = span(line) else {
        kept.append(line)
        continue
      }
      lines.append((span.start, span.end ?? max(now, span.start), String(line)))
    }
    var merge = Merge(text: "")
    for interval in intervals {
      if lines.contains(where: { $0.start == interval.start && $0.end == interval.end }) {
        merge.present.append(interval)
      } else if let other = lines.first(where: { Overlap.overlaps(interval.start, interval.end, $0.start, $0.end) }) {
        merge.overlapping.append((interval, other.text))
      } else {
        lines.append((interval.start, interval.end, interval.line))
        merge.added.append(interval)
      }
    }
    // Sorted by start, as Timewarrior keeps them; lines it holds that are not intervals first.
    let sorted = lines.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
    let all = kept.map(String.init) + sorted.map(\.element.text)
    merge.text = all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
    return merge
  }
}
