import PomoCore

/// Timewarrior's own data files, the way back into it: Timewarrior 1.4 has no `timew import`,
/// and its command line cannot carry every tag (`timew track … from` or a tag like `1h` is
/// read as part of the range), so the intervals are written into the files it reads,
/// `data/YYYY-MM.data`, one interval a line, sorted by start:
///
///     inc 20261201T090000Z - 20261201T092500Z # "thesis" "code review" # "chapter 3"
///
/// A line is written exactly as Timewarrior writes it (its `Interval::serialize`), in the
/// file of the local month of its start, as Timewarrior files it: to change or delete an
/// interval it looks for that very line in that file. So the tags are sorted and each told
/// once, a tag is quoted when it holds a space, a quote or one of `+-/()<^!=~_%` (so
/// `2026-12-01` is not read as a date), quotes escaped; the annotation is always quoted.
package enum TimewarriorData {
  /// A focus phase as Timewarrior holds it.
  package struct Interval: Equatable, Sendable {
    /// Whole seconds since 1970.
    package var start: Double
    package var end: Double
    package var tags: [String]
    package var annotation: String?
    /// The session it is a phase of.
    package var session: JournalRecord

    /// The line of a data file that holds it.
    package var line: String {
      var text = "inc \(UTCStamp.format(start)) - \(UTCStamp.format(end))"
      // Timewarrior keeps tags in a std::set: sorted by their bytes, each once.
      let sorted = Set(tags.map(TimewarriorData.oneLine)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      if !sorted.isEmpty { text += " # " + sorted.map(TimewarriorData.quotedIfNeeded).joined(separator: " ") }
      if let annotation {
        text +=
          (sorted.isEmpty ? " #" : "") + " # \"" + TimewarriorData.escapingQuotes(TimewarriorData.oneLine(annotation))
          + "\""
      }
      return text
    }
  }

  /// The focus phases of `records` as intervals, oldest first, to the second (rounded down; a
  /// phase of no whole second is left out). An untagged session's intervals carry its preset's
  /// name as their tag, so they are not lost among Timewarrior's untagged time.
  package static func intervals(_ records: [JournalRecord]) -> [Interval] {
    var intervals: [Interval] = []
    for record in records {
      let tags = record.tags.isEmpty ? (record.preset.isEmpty ? [] : [record.preset]) : record.tags
      let note = record.note.flatMap { $0.isEmpty ? nil : $0 }
      // A void Pomodoro is not focus, as reports say.
      for k in record.phases.indices where record.phases[k].kind == .work && !record.isVoid(k) {
        for stretch in focusStretches(of: record.phases[k]) {
          let start = stretch.start.rounded(.down)
          let end = stretch.end.rounded(.down)
          if end > start {
            intervals.append(Interval(start: start, end: end, tags: tags, annotation: note, session: record))
          }
        }
      }
    }
    // The sort is stable: intervals of one start keep their order.
    return intervals.sorted { $0.start < $1.start }
  }

  /// The stretches of a focus phase that count as focus, so that Timewarrior's total is the
  /// one reports give: the phase without its time away that was not kept, then shortened at
  /// its end by the time it was paused outside any time away (the journal keeps how long a
  /// phase was paused, not when).
  static func focusStretches(of phase: JournalPhase) -> [(start: Double, end: Double)] {
    var stretches: [(start: Double, end: Double)] = [(phase.start, phase.end)]
    for span in phase.away where span.kept != true {
      stretches = stretches.flatMap { stretch -> [(start: Double, end: Double)] in
        let from = max(stretch.start, span.start)
        let to = min(stretch.end, span.end)
        guard from < to else { return [stretch] }
        return [(stretch.start, from), (to, stretch.end)].filter { $0.end > $0.start }
      }
    }
    var over = stretches.reduce(0) { $0 + ($1.end - $1.start) } - phase.creditedSeconds
    while over > 0, let last = stretches.last {
      let cut = min(over, last.end - last.start)
      over -= cut
      if cut < last.end - last.start { stretches[stretches.count - 1].end -= cut } else { stretches.removeLast() }
    }
    return stretches
  }

  /// `text` with line ends and other control characters as spaces: a data file holds an
  /// interval a line.
  static func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }

  /// A tag as Timewarrior writes it (libshared's `quoteIfNeeded`).
  static func quotedIfNeeded(_ tag: String) -> String {
    guard tag.contains(where: { "\" +-/()<^!=~_%".contains($0) }) else { return tag }
    return "\"" + escapingQuotes(tag) + "\""
  }

  /// `text` with each `"` as `\"`, as libshared's `escape(text, '"')` writes it, and each `\`
  /// as `\\`, which Timewarrior's reader takes for one (it writes a lone `\`, which it then
  /// reads as an escape: Timewarrior 1.4 cannot itself change an interval with a backslash in
  /// a quoted tag or its annotation, but reads it as it was).
  static func escapingQuotes(_ text: String) -> String { Interchange.backslashed(text, "\"\\") }

  /// The start and end of a data file's line (`inc START - END …`, or `inc START …` while
  /// it is being tracked: its end is nil); nil for a line that holds no interval.
  static func span(_ line: Substring) -> (start: Double, end: Double?)? {
    let words = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
    guard words.count >= 2, words[0] == "inc", let start = UTCStamp.parse(String(words[1])) else { return nil }
    if words.count >= 4, words[2] == "-", let end = UTCStamp.parse(String(words[3])) { return (start, end) }
    return (start, nil)
  }

  /// Timewarrior's list of tags (`data/tags.data`, `{"tag":{"count":2},…}`) counting the tags
  /// of `added` too, each tag's other members kept as they were; nil when `existing` cannot
  /// be read as that list (then it is best removed: Timewarrior builds it again).
  package static func tagList(_ existing: [UInt8]?, adding added: [Interval]) -> String? {
    var entries: [String: (count: Int, rest: [String])] = [:]
    if let existing, !existing.allSatisfy(Interchange.isSpace) {
      guard let document = try? JSONParser.parse(existing), case .object(let members) = document.kind else {
        return nil
      }
      for member in members {
        guard case .object(let fields) = member.value.kind else { return nil }
        var entry = (count: 0, rest: [String]())
        for field in fields {
          if field.key != "count" {
            let text = String(decoding: existing[field.value.span], as: UTF8.self)
            entry.rest.append(JSONOutput.string(field.key).text + ":" + text)
          } else if let n = field.value.doubleValue, n >= 0, n < 1e15 {
            entry.count = Int(n)
          } else {
            return nil
          }
        }
        entries[member.key] = entry
      }
    }
    for tag in added.flatMap(\.tags) { entries[tag, default: (0, [])].count += 1 }
    let lines = entries.sorted { $0.key < $1.key }.map { tag, entry in
      "  " + JSONOutput.string(tag).text + ":{" + (["\"count\":\(entry.count)"] + entry.rest).joined(separator: ",")
        + "}"
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n}"
  }

  /// What merging intervals into a data file made of it.
  package struct Merge {
    /// The file's new text: its lines and the added ones, sorted by start.
    package var text: String
    package var added: [Interval] = []
    /// Intervals the file held already (the same start and end: an earlier run's).
    package var present: [Interval] = []
    /// Intervals left out because they share time with one in the file or added before
    /// them (Timewarrior refuses overlapping intervals), with that one's line.
    package var overlapping: [(interval: Interval, other: String)] = []
  }

  /// `intervals` merged into a data file's `existing` text. `now` ends an interval still
  /// being tracked.
  package static func merge(_ existing: String, _ intervals: [Interval], now: Double) -> Merge {
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
    // Sorted by start (stably), as Timewarrior keeps them; lines it holds that are not intervals first.
    let all = kept.map(String.init) + lines.sorted { $0.start < $1.start }.map(\.text)
    merge.text = all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
    return merge
  }
}
