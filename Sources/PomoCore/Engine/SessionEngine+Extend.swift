/// Adding time to the current phase: `+`, `pomo extend`.
extension SessionEngine {
  /// The time added to the session so far (`+`, `pomo extend`), in ended phases and the current one.
  package var added: Duration { records.reduce(.zero) { $0 + $1.extended } + phaseExtended }

  /// Adds time to the current phase. A waiting phase counts down again, `amount` from now;
  /// the overtime it had so far stays in its record.
  package mutating func extend(by amount: Duration) -> [SessionEvent] {
    var events = tick()
    // An open phase has no end to move.
    guard isActive, !plan.phases[index].open else { return events }
    if status == .waiting {
      let now = clock.now()
      earlierOvertime += now - deadline
      deadline = now
      status = .running
      forgetReminders()
    }
    deadline += amount
    phaseExtended += amount
    lastCue = nil
    // Time added past the warning: it warns again when that runs low.
    if warned, let at = warningTime, clock.now() < at { warned = false }
    events.append(.extended(index, by: amount))
    return events
  }
}
