/// A key of a journal line that pomo reads, named as the journal writes it; `other` for any
/// other, whose value is stepped over.
package enum RecordKey: String, CaseIterable, Sendable {
  case id, preset, status, interruption, start, end, tags, note, host, source, rounds, phases, name, kind, round
  case completed, target, session, at, added, set, endless, exercise, reps, marks, task, title, estimate, done, away
  case cause, kept, paused, workout, void
  case planOffset = "plan_offset"
  case resumedFrom = "resumed_from"
  case voidReason = "void_reason"
  case countedRounds = "counted_rounds"
  case pausedSeconds = "paused_seconds"
  case sleptSeconds = "slept_seconds"
  case plannedSeconds = "planned_seconds"
  case elapsedSeconds = "elapsed_seconds"
  case extendedSeconds = "extended_seconds"
  case overtimeSeconds = "overtime_seconds"
  case warmupSeconds = "warmup_seconds"
  case cooldownSeconds = "cooldown_seconds"
  case clockStepSeconds = "clock_step_seconds"
  case other = ""

  /// The keys by the words (8 bytes, little-endian) `RecordScanner` reads them in, so a key is
  /// named with one multiply and one compare, never byte by byte: each key sits in the slot its
  /// first word and length hash to, with its first and last words (the last zero when it has
  /// only one) to compare. A key longer than 16 bytes has bytes in between that the scanner checks.
  package struct Table: @unchecked Sendable {
    struct Slot {
      var head: UInt64 = 0
      var tail: UInt64 = 0
      var count = 0
      var key = RecordKey.other
    }

    /// Found by trying random odd numbers until no two keys shared a slot; a new key may need
    /// another (`init` says so).
    private static let multiplier: UInt64 = 0xF9EA_4EFB_2605_9E09
    /// Made once and never freed; only read after.
    let slots: UnsafeMutablePointer<Slot>

    package static let shared = Table()

    private init() {
      slots = .allocate(capacity: 128)
      slots.initialize(repeating: Slot(), count: 128)
      for key in RecordKey.allCases where key != .other {
        let bytes = Array(key.rawValue.utf8)
        let word = { (from: Int) in
          bytes[from..<min(from + 8, bytes.count)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        let slot = Self.slot(word(0), bytes.count)
        precondition(slots[slot].count == 0, "two keys share a slot: find another multiplier")
        slots[slot] = Slot(
          head: word(0), tail: bytes.count > 8 ? word(bytes.count - 8) : 0, count: bytes.count, key: key)
      }
    }

    @inline(__always)
    private static func slot(_ head: UInt64, _ count: Int) -> Int {
      Int(truncatingIfNeeded: ((head &+ UInt64(truncatingIfNeeded: count)) &* multiplier) >> 57)
    }

    /// The key of `count` bytes whose first word is `head` (its bytes past the key zero) and
    /// last is `tail` (zero for a key of 8 bytes or fewer).
    @inline(__always)
    func key(head: UInt64, tail: UInt64, count: Int) -> RecordKey {
      let slot = slots[Self.slot(head, count)]
      return slot.head == head && slot.tail == tail && slot.count == count ? slot.key : .other
    }
  }
}
