/// Nudges while a phase waits for you (`--confirm`, the config's `"remind": "5m"`): every
/// `remindEvery` from the moment its time was up, on the engine's clock, so a late tick or a
/// suspend never shifts the next one and never brings a burst of them.
extension SessionEngine {
  /// This engine, nudging every `every` while a phase waits for you (nil: never).
  package func reminding(every: Duration?) -> SessionEngine {
    var copy = self
    copy.remindEvery = every
    return copy
  }

  /// When the phase that waits nudges next, or nil: no reminders are set, nothing waits for
  /// you (an open phase waits by design, not for you), or you are away (a locked screen, an
  /// idle desk, `pomo away`), when the one due comes once you are back.
  package var reminderDue: Duration? {
    guard let every = remindEvery, every > .zero, status == .waiting, phaseWaited, away == nil else { return nil }
    return nextReminder ?? deadline + every
  }

  /// Gives the nudge that is due at `now`, once, and sets the next one on the same grid.
  mutating func remind(now: Duration, _ events: inout [SessionEvent]) {
    guard let due = reminderDue, let every = remindEvery else { return }
    guard now >= due else { return }
    reminders += 1
    // The first time on the grid after now: those missed during a suspend are not made up.
    let missed = Self.nanos(now - due) / max(1, Self.nanos(every))
    nextReminder = due + every * (missed + 1)
    events.append(.reminded(index))
  }

  /// Puts off the next nudge of a phase that waits until `amount` from now ("Snooze 10 min").
  mutating func snooze(_ amount: Duration) -> [SessionEvent] {
    let events = tick()
    guard status == .waiting, phaseWaited, remindEvery != nil else { return events }
    nextReminder = clock.now() + max(.zero, amount)
    return events
  }

  /// A new wait starts its reminders afresh.
  mutating func forgetReminders() {
    nextReminder = nil
    reminders = 0
  }
}
