import PomoCore

/// A phase as far as the time it credits goes: a recorded phase (`JournalPhase`) or one the
/// scanner read and left in its line (`ScannedPhase`). `workSeconds(_:workout:voidSession:)`
/// is the one rule of a session's focus time, so a record and its scanned line agree.
package protocol CreditedPhase {
  var kind: PhaseKind { get }
  /// Whether `pomo void` ended it and the session went on.
  var void: Bool { get }
  /// The seconds it counts for in reports, time away left out.
  var creditedSeconds: Double { get }
}

extension JournalPhase: CreditedPhase {}
extension ScannedPhase: CreditedPhase {}

extension CreditedPhase {
  /// Seconds of the `work` phases of a session's `phases`, pauses and time away left out, the
  /// void Pomodoros' not counted (`JournalRecord.isVoid`): those ended by `pomo void`, and a
  /// void session's last focus phase (`voidSession`). A workout has no Pomodoro, so none is
  /// void: all its work counts.
  package static func workSeconds(_ phases: [Self], workout: Bool, voidSession: Bool) -> Double {
    let lastVoid = voidSession && !workout ? phases.lastIndex { $0.kind == .work } : nil
    var sum = 0.0
    // By index: a phase taken out of the array would be copied, name and all.
    for k in phases.indices where phases[k].kind == .work && (workout || !(phases[k].void || k == lastVoid)) {
      sum += phases[k].creditedSeconds
    }
    return sum
  }
}
