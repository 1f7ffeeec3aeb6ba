import PomoCore
import PomoJournal

/// Counts a history's streak of days with a completed focus session (`Streak`), from the indexes'
/// quarter hours where it can, and remembers the run in the first file's index file.
extension IndexedHistory {
  /// The current streak of days with a completed focus session, in `calendar`'s days, ending
  /// today (or yesterday while today has none).
  ///
  /// The index answers "was there a completed session on day D?" from the quarter hours of
  /// completed focus sessions; a day where a correction may have moved, deleted or re-statused a
  /// session is read and folded instead. The run of days is remembered in the first file's
  /// index file (a memo, `IndexMemo.streak`) and counted again only when completed sessions
  /// or corrections change.
  package func streak(today: Int64, calendar: LocalCalendar) -> Int {
    // What corrections may have changed, worked out only when the days must be read.
    lazy var suspectSessions = Set(movingRefs.map { UInt32(truncatingIfNeeded: $0.session) })
    lazy var suspectDays: Set<Int64> = {
      var days = Set<Int64>()
      for ref in movingRefs where !ref.from.isNaN {
        let first = calendar.day(of: ref.from)
        for day in first...max(first, min(calendar.day(of: ref.to), first + 31)) { days.insert(day) }
      }
      return days
    }()
    // An id several files hold is the session of the first file that holds it: the copy in
    // another file, on another day perhaps, is no session of its own, so a day where one of
    // them is completed is read too (usually none: `sharedIDHashes` is empty for one file).
    let shared = sharedIDHashes
    lazy var suspectShared = Set(shared.map { UInt32(truncatingIfNeeded: $0) })
    let completedOn = { (day: Int64) -> Bool in
      let from = calendar.start(of: day)
      let to = calendar.start(of: day + 1)
      var doubtful = suspectDays.contains(day)
      for file in self.files {
        for key in file.completedKeys(from: from, to: to) {
          let session = UInt32(truncatingIfNeeded: key)
          if !suspectSessions.contains(session) && (shared.isEmpty || !suspectShared.contains(session)) { return true }
          doubtful = true
        }
      }
      guard doubtful else { return false }
      var found = false
      try? self.records(overlapping: from, to) { record in
        if record.countsForStreak && calendar.day(of: record.start) == day { found = true }
      }
      return found
    }
    let outlines = files.lazy.map(\.outline)
    guard outlines.contains(where: { $0.quarters > 0 }) || !movingRefs.isEmpty, let home = files.first,
      home.cacheBase != nil
    else {
      return Streak.length(today: today, completedOn: completedOn)
    }
    // The run is counted back from today, or from the newest day that can hold a completed
    // session when that is earlier, and remembered for that day: a journal whose corrections
    // moved sessions into the future costs one walk a day, not one a run.
    let newest = outlines.map(\.newestQuarter).max() ?? 0
    let newestMoved = movingRefs.map(\.to).filter { !$0.isNaN }.max() ?? -.infinity
    let newestDay = max(
      calendar.day(of: Double(newest) * CachedZone.quarter),
      newestMoved.isFinite ? calendar.day(of: newestMoved) : Int64.min)
    let start = min(newestDay, today)
    // Remembered with what it stands on (`Staleness.standing`): while no index was built
    // again, no correction arrived, no other id came to be held twice and the calendar is the
    // same (all in the memo's key),
    // sessions were only added, so the run remembered is still a run and only days beyond it
    // need a look.
    // The ids several files hold are in the key too: one more of them may take a day's
    // session away, which a run remembered while sessions were only added would keep.
    let key = FNV1a.hash("streak 7\n\(calendar.fingerprint)\n\(correctionCount)\n\(shared.map(String.init).joined(separator: ","))")
    let now = files.map(IndexMark.init)
    var known: ClosedRange<Int64>?
    // The run from `first` to `last` counts when it reaches today, or yesterday.
    func length(_ first: Int64, _ last: Int64) -> Int { last >= today - 1 && last <= today ? Int(last - first + 1) : 0 }
    if let (standing, run) = IndexMark.cached(Int64.self, in: home.memo(.streak), key: key, now: now),
      run.count == 3, case (let before, let end, let begin) = (run[0], run[1], run[2]), begin <= end,
      end - begin < 4_000_000, abs(end) < 4_000_000
    {
      switch standing {
      case .current where before == start: return length(begin, end)
      case .current, .grown: known = begin...end
      case .stale: break
      }
    }
    let counted = { (day: Int64) -> Bool in known?.contains(day) == true || completedOn(day) }
    // The newest day with a completed session, and the start of its run.
    var last = start
    // No session with a time at all (only corrections whose sessions are damaged or gone):
    // nothing earlier to walk back to.
    let earliest = earliest
    let floor = earliest.isFinite ? calendar.day(of: max(earliest, -1e11)) : start
    while last > floor && !counted(last) { last -= 1 }
    // The run back from `last`, as `Streak.length` counts it, but a remembered run is taken
    // whole, not walked day by day (sixty thousand days over a long history).
    var day = counted(last) ? last : last - 1
    var count: Int64 = 0
    while counted(day) {
      let to = known.map { $0.contains(day) ? $0.lowerBound : day } ?? day
      count += day - to + 1
      day = to - 1
    }
    let first = last - count + 1
    home.keep(IndexMark.memo([start, last, first], key: key, now: now), as: .streak)
    return length(first, last)
  }
}
