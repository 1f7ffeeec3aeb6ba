/// Commands from keys and other shells: what each does, and why one cannot be carried out now.
extension SessionEngine {
  /// Carries out `command` now; the events it caused, for the listeners.
  package mutating func apply(_ command: SessionCommand) -> [SessionEvent] {
    switch command {
    case .pause: pauseIfRunning()
    case .resume: status == .paused ? togglePause() : tick()
    case .toggle: togglePause()
    case .skip: skip()
    case .extend(let amount): extend(by: amount)
    case .stop: quit()
    case .next: next()
    case .snooze(let amount): snooze(amount)
    case .rep: countRound()
    case .reps(let n): answer(n)
    case .tag(let more):
      relabel { engine in
        for tag in more where !tag.isEmpty && !engine.tags.contains(tag) { engine.tags.append(tag) }
      }
    case .untag(let less): relabel { $0.tags.removeAll { less.contains($0) } }
    case .note(let text): relabel { $0.note = text.flatMap { $0.isEmpty ? nil : $0 } }
    case .mark(let kind, let note): mark(kind, note: note)
    case .void(let reason, let stop): void(reason: reason, stop: stop)
    case .away(let cause, let at): goAway(cause: cause, at: at)
    case .back: comeBack()
    case .keepAway: decideAway(keep: true)
    case .dropAway: decideAway(keep: false)
    case .endAfterAway: endAfterAway()
    }
  }

  /// Changes what the session is about, after bringing it up to the clock.
  private mutating func relabel(_ change: (inout SessionEngine) -> Void) -> [SessionEvent] {
    var events = tick()
    guard !isFinished else { return events }
    change(&self)
    events.append(.relabeled)
    return events
  }

  /// Why `command` cannot be carried out now, for a command from another shell to say so
  /// (a key that does not apply is only ignored); nil when it can.
  package func problem(with command: SessionCommand) -> String? {
    switch command {
    case .rep:
      guard isActive, currentPhase?.count == .rounds else {
        return "no AMRAP phase is running: 'pomo rep' counts rounds in a phase with \"count\": \"rounds\""
      }
      return nil
    case .reps(let n):
      guard PhaseCount.range.contains(n) else {
        return "reps are a whole number from \(PhaseCount.range.lowerBound) to \(PhaseCount.range.upperBound), got \(n)"
      }
      guard question != nil else {
        return "no phase is asking for reps: 'pomo rep N' answers a phase with \"count\": \"reps\" once it ends"
      }
      return nil
    case .mark:
      guard inFocus else {
        return "no focus phase is running: 'pomo mark' marks an interruption of a running Pomodoro, not of a break"
      }
      guard marksInSession < PhaseMark.limit else {
        return "this session has \(PhaseMark.limit) marks, the most it keeps"
      }
      return nil
    case .void:
      guard !plan.isWorkout else {
        return "a workout has no Pomodoro to void: 'pomo stop' ends it, 'pomo skip' skips a phase"
      }
      guard inFocus else {
        return "no focus phase is running: 'pomo void' ends a running Pomodoro, not a break ('pomo stop' ends the session)"
      }
      return nil
    case .extend:
      guard !inOpenPhase else {
        return "the phase is open: it runs until you end it ('pomo next'), so it has no end to extend"
      }
      return nil
    case .snooze:
      guard status == .waiting, phaseWaited, remindEvery != nil else {
        return "no phase waits for you with reminders: snoozing puts off the next one (\"remind\" in the config)"
      }
      return nil
    case .keepAway, .dropAway:
      guard awayQuestion != nil else {
        return "no time away waits for an answer: 'pomo keep' and 'pomo drop' answer the \"ask\" away policy"
      }
      return nil
    default:
      return nil
    }
  }

  /// The command a key stands for while a session runs in the terminal.
  package static func command(forKey key: UInt8) -> SessionCommand? {
    switch key {
    case UInt8(ascii: " "), UInt8(ascii: "p"): .toggle
    case UInt8(ascii: "s"): .skip
    case UInt8(ascii: "+"), UInt8(ascii: "="): .extend(.seconds(60))
    case UInt8(ascii: "q"), UInt8(ascii: "Q"): .stop
    case UInt8(ascii: "r"), UInt8(ascii: "R"): .rep
    case UInt8(ascii: "i"), UInt8(ascii: "I"): .mark(.internal, nil)
    case UInt8(ascii: "e"), UInt8(ascii: "E"): .mark(.external, nil)
    // Enter (a carriage return in raw mode, a newline from a pipe) goes on from a waiting phase.
    case UInt8(ascii: "\r"), UInt8(ascii: "\n"): .next
    default: nil
    }
  }
}
