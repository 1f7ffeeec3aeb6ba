import PomoCore

/// The break bank (Third Time): break time not taken today, kept for a later break, up to a cap.
///
/// It is worked out from the day's records, never kept as a counter, so every machine that has
/// the journal, and every `pomo undo`, agrees on it. Each rest phase, in the order they ran:
/// - a break ended early (skip, next, stop) banks what it did not take, `planned - elapsed`;
/// - a break that ran past its planned time (`+`, a wait for confirmation, or time drawn from
///   the bank, which a session adds to an earned break as an extension) takes that much out.
/// The balance never goes below zero or above the cap.
package struct BreakBank: Equatable, Sendable {
  package let cap: Double
  package private(set) var seconds = 0.0

  package init(cap: Double) {
    self.cap = cap
  }

  /// The bank after `records` (any order: they are taken by start time).
  package init(cap: Double, records: [JournalRecord]) {
    self.init(cap: cap)
    for record in records.sorted(by: { $0.start < $1.start }) { add(record) }
  }

  /// Adds one session's rest phases, in the order they ran.
  package mutating func add(_ record: JournalRecord) {
    for phase in record.phases where phase.kind == .rest {
      let change = phase.plannedSeconds - phase.elapsedSeconds
      seconds = min(cap, max(0, seconds + (phase.completed ? min(0, change) : change)))
    }
  }

  /// The whole seconds in the bank, rounded down, as a duration.
  package var duration: Duration { .seconds(Int64(seconds.rounded(.down))) }
}
