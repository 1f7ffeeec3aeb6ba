/// Why a text is not a point in time, in a one-line lowercase message that quotes it.
package enum WhenError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not any of the forms `WhenParser` reads.
  case notATime(String)
  /// A date that no calendar has, such as "2026-02-30 09:00".
  case noSuchDay(String)
  /// A clock reading past 23:59:59, such as "24:30".
  case noSuchTimeOfDay(String)
  /// "-0m", "-25h": a relative time whose duration `DurationText` refuses.
  case duration(String, DurationText.Problem)
  /// "-90": a span back from now without a unit; `suggestion` is the same in minutes.
  case bareNumber(String, suggestion: String)
  /// "-90mn": a span back from now with a misspelt unit; `suggestion` is it respelled.
  case misspelt(String, suggestion: String)
  /// A local time the clocks skip when they go forward; `at` is the local time they jump at.
  case nonexistent(String, zone: String, at: String)
  /// A local time that happens twice when the clocks go back; `example` is the input with the
  /// earlier one's offset.
  case ambiguous(String, zone: String, example: String)
  /// A time a session should end or start at that has already gone by.
  case past(String)
  /// Not a time a session can end or start at (`--until`, `--at`, `@`): those take a time of
  /// day or a date and a time, never a span back from now or "yesterday".
  case notAClockTime(String)
  /// A time one phase should end at, or a session start at, that is further off than a day (a
  /// mistyped year, say): a phase is at most a day long.
  case tooFar(String)

  package var description: String {
    switch self {
    case .notATime(let text):
      "'\(TextLayout.inert(text))' is not a time; expected one like 09:00, yesterday 14:30, 2026-11-30 09:00, "
        + "2026-11-30T09:00+01:00 or -90m"
    case .noSuchDay(let text): "'\(TextLayout.inert(text))' names a day that does not exist"
    case .noSuchTimeOfDay(let text): "'\(TextLayout.inert(text))' is not a time of day (00:00 to 23:59)"
    case .duration(let text, let problem):
      "'\(TextLayout.inert(text))' is not a time: "
        + problem.message(for: TextLayout.inert(String(text.drop { $0 == " " || $0 == "-" })))
    case .bareNumber(let text, let suggestion):
      "'\(TextLayout.inert(text))' has no unit; did you mean '\(TextLayout.inert(suggestion))'?"
    case .misspelt(let text, let suggestion):
      "'\(TextLayout.inert(text))' is not a time; did you mean '\(TextLayout.inert(suggestion))'?"
    case .nonexistent(let text, let zone, let at):
      "'\(TextLayout.inert(text))' does not exist in \(zone) (the clocks go forward at \(at))"
    case .ambiguous(let text, let zone, let example):
      "'\(TextLayout.inert(text))' is ambiguous in \(zone) (it happens twice; give an offset, e.g. \(example))"
    case .past(let text): "'\(TextLayout.inert(text))' has already gone by"
    case .tooFar(let text):
      "'\(TextLayout.inert(text))' is more than a day away; a timer ends, and a session starts, within the next 24 hours"
    case .notAClockTime(let text):
      "'\(TextLayout.inert(text))' is not a time; expected a time of day like 17:00 or 9:05, "
        + "or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"
    }
  }
}
