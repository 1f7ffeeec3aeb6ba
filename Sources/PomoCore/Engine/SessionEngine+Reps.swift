/// Counting: rounds marked in a phase that counts them, reps given for a phase that asks.
extension SessionEngine {
  /// One more round in the current phase, if it counts them.
  package mutating func countRound() -> [SessionEvent] {
    var events = tick()
    guard isActive, currentPhase?.count == .rounds else {
      return events
    }
    roundCount = min(roundCount + 1, PhaseCount.range.upperBound)
    events.append(.counted(index, roundCount))
    return events
  }

  /// The reps for the phase that asks, on its record; nothing without an open question or
  /// for a number out of range.
  package mutating func answer(_ reps: Int?) -> [SessionEvent] {
    var events = tick()
    guard let question else { return events }
    if let reps, !PhaseCount.range.contains(reps) { return events }
    self.question = nil
    if let reps, let at = records.lastIndex(where: { $0.phase.index == question.phase }) {
      records[at].reps = reps
    }
    events.append(.answered(question.phase, reps: reps))
    if status == .asking { end(&events) }
    return events
  }

  /// A key typed while a question is open: digits add to the answer, Backspace takes one
  /// back, Enter answers (or skips, with nothing typed) and `q` skips. Nil for any other key,
  /// which then does what it always does.
  package mutating func answerKey(_ key: UInt8) -> [SessionEvent]? {
    guard var question else { return nil }
    switch key {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      question.warning = nil
      if question.typed.count < RepsQuestion.digits {
        question.typed.append(Character(Unicode.Scalar(key)))
      } else {
        question.warning = "at most \(PhaseCount.range.upperBound) reps"
      }
    case 0x7F, 0x08:
      question.warning = nil
      if !question.typed.isEmpty { question.typed.removeLast() }
    case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
      return answer(Int(question.typed))
    case UInt8(ascii: "q"), UInt8(ascii: "Q"):
      return answer(nil)
    case UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "."), UInt8(ascii: "+"):
      question.warning = "reps are a whole number from 0 to \(PhaseCount.range.upperBound)"
    default:
      return nil
    }
    self.question = question
    return tick()
  }
}
