import PomoCore

/// The keys a live session answers to, as its displays show them: in full where they fit,
/// else a short pointer to the key that shows them (`?`), and what to press when a phase waits.
package enum KeyHints {
  /// The key (and its twin) that prints the full list where the header had no room for it.
  package static let helpKeys: Set<UInt8> = [UInt8(ascii: "?"), UInt8(ascii: "h")]

  /// The full list: `space pause, s skip, + 1 min, i/e mark, q quit`, with `enter go on` when
  /// phases wait for confirmation (`i/e mark`: an internal or external interruption). With
  /// open phases (Flowtime) space ends the focus and `+` adds time only to a break, so the list
  /// says so: it is shown for the whole session.
  package static func full(confirm: Bool, open: Bool = false, quit: String = "q quit", extra: String? = nil) -> String {
    let keys =
      open
      ? ["space end focus (pause a break)", "s skip", "+ 1 min (to a break)"]
      : ["space pause"] + (confirm ? ["enter go on"] : []) + ["s skip", "+ 1 min"]
    return (keys + [markKeys, quit] + (extra.map { [$0] } ?? [])).joined(separator: ", ")
  }

  /// The full list for a plan, as the session's own displays show it.
  package static func full(_ plan: Plan) -> String {
    full(confirm: plan.confirms, open: plan.hasOpenPhase, extra: countKey(plan))
  }

  /// The keys that mark an interruption of a focus phase: `i` internal, `e` external.
  package static let markKeys = "i/e mark"

  /// Fits in the narrowest header that has any room: the key that shows the list.
  package static let short = "? keys"

  /// The status line's last part while a phase waits: how to go on; in an open phase
  /// (Flowtime), how to end the focus.
  package static func waiting(keys: Bool, open: Bool = false) -> String {
    open ? (keys ? "space or enter ends focus" : "'pomo next' ends focus") : (keys ? "enter to go on" : "'pomo next' to go on")
  }

  /// The same where the line has little room: the status line keeps it, with the time,
  /// down to 20 columns.
  package static func waitingShort(keys: Bool, open: Bool = false) -> String {
    keys ? (open ? "space ends" : "enter go on") : "pomo next"
  }

  /// `head`, `separator` and the hints when that fits in `room` columns, else `? keys` in
  /// their place, else `head` alone.
  /// The head is cut (to no less than 8 columns) before `? keys` goes, so the way to the keys
  /// stays in sight down to 20 columns.
  package static func header(_ head: String, hints: String, room: Int, separator: String, unicode: Bool = true)
    -> String
  {
    let full = head + separator + hints
    if TextLayout.width(full) <= room { return full }
    let tail = separator + short
    let headRoom = room - TextLayout.width(tail)
    if headRoom >= 8 { return TextLayout.truncate(head, headRoom, unicode: unicode) + tail }
    return head
  }

  /// The first of `heads` (longest first, each less useful part dropped in turn) that fits in
  /// `room` columns with the hints, else with `? keys`, else alone: the whole hints go first,
  /// then the head's least useful part, then `? keys`, then the rest of the head in order.
  package static func header(
    _ heads: [String], hints: String?, room: Int, separator: String, unicode: Bool = true
  ) -> String {
    guard let first = heads.first else { return "" }
    if let hints {
      if TextLayout.width(first + separator + hints) <= room { return first + separator + hints }
      for head in heads where TextLayout.width(head + separator + short) <= room {
        return head + separator + short
      }
      // The way to the keys stays in sight down to 20 columns, the head cut to 8 or more.
      let headRoom = room - TextLayout.width(separator + short)
      if headRoom >= 8 { return TextLayout.truncate(heads.last ?? first, headRoom, unicode: unicode) + separator + short }
    }
    if let fits = heads.first(where: { TextLayout.width($0) <= room }) { return fits }
    return TextLayout.truncate(heads.last ?? first, room, unicode: unicode)
  }

  /// The list printed after `?`: `keys: …`, wrapped to `width` columns less the last one.
  package static func list(_ hints: String, width: Int) -> [String] {
    TextLayout.wrap("keys: " + hints, width: max(1, width - 1), indent: 0, hanging: 6)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The status line's last part while something is counted: the question for an earlier
  /// phase's reps with what has been typed (and why the last key was not taken), else an
  /// AMRAP's rounds and how to mark one; nil when nothing is. `short` is for a narrow line.
  package static func counting(_ s: SessionSnapshot, keys: Bool) -> (full: String, short: String)? {
    if let question = s.question {
      let what = s.questionPhase.map(EventText.what) ?? "the last phase"
      var full = "reps for \(what)? \(question.typed)_"
      if let warning = question.warning {
        full += " (\(warning))"
      } else if !keys {
        full += " ('pomo rep N')"
      }
      return (full, "reps? \(question.typed)_")
    }
    if let n = s.counted {
      let rounds = TextLayout.count(n, "round")
      return (rounds + (keys ? ", r to count" : ", 'pomo rep' to count"), rounds)
    }
    return nil
  }

  /// `r count` for a plan with an AMRAP phase, whose rounds the key marks; else nil.
  package static func countKey(_ plan: Plan) -> String? {
    plan.phases.contains { $0.count == .rounds } ? "r count" : nil
  }
}
