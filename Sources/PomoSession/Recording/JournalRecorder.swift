import PomoCore
import PomoJournal
import PomoPlatform

/// Listens to a session and keeps its record: the state file while it runs, the journal at
/// the end. Nothing is ever lost: if the journal cannot be written, the record is kept in the
/// state folder (`Recovery.keptFile`) and the state file stays, so the next pomo records it
/// and says so; the record also goes to stderr (a detached session's log).
package final class JournalRecorder: SessionListener {
  package var keepsRecord: Bool { true }

  package let journal: Journal
  package let statePath: String
  package let info: SessionInfo
  package let errors: any TextOutput
  private var lastSaved = 0.0
  private var stateWarning = false
  /// Whether the journal could not be written (the command then exits 1).
  package private(set) var failed = false
  /// That pomo turned do-not-disturb on, kept in every state file written until it is off.
  package private(set) var doNotDisturb: DoNotDisturbMark?

  /// How often the state file is written again while nothing changes, so that a crash loses
  /// at most this much of the session (a wait for confirmation included).
  package static let heartbeatSeconds = 10.0

  package init(journal: Journal, statePath: String, info: SessionInfo, errors: any TextOutput) {
    self.journal = journal
    self.statePath = statePath
    self.info = info
    self.errors = errors
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var changed = false
    for event in events {
      switch event {
      case .sessionEnded:
        finish(engine)
        return
      // Cues change nothing the file holds; every other event does (a phase that ends with no
      // other starting is the last, whose question holds the session).
      case .cue, .skipped, .halfway, .warning: break
      default: changed = true
      }
    }
    let now = engine.wallTime(engine.clock.now())
    // The heartbeat is the file written again, with the session's own time and the boot
    // clock's reading: never a file time, which follows a wall clock that may be stepped.
    if changed || now - lastSaved >= Self.heartbeatSeconds {
      save(engine, now: now)
    }
  }

  /// Records at once, in the state file, that pomo turned do-not-disturb on (or, with nil,
  /// that it is off again). Whether the file now says so: do-not-disturb goes on only then.
  @discardableResult
  package func mark(doNotDisturb mark: DoNotDisturbMark?, _ engine: SessionEngine) -> Bool {
    doNotDisturb = mark
    guard !engine.isFinished else { return mark == nil }
    return save(engine, now: engine.wallTime(engine.clock.now()))
  }

  @discardableResult
  private func save(_ engine: SessionEngine, now: Double) -> Bool {
    guard var state = SessionState(engine: engine, info: info, pid: Platform.processID) else { return false }
    state.doNotDisturb = doNotDisturb
    lastSaved = now
    do {
      try Platform.writeAtomically(state.json(offset: journal.zone.offset).text + "\n", to: statePath)
      return true
    } catch {
      if !stateWarning {
        errors.write("pomo: warning: cannot save the running session to \(statePath): \(error)\n")
        stateWarning = true
      }
      return false
    }
  }

  private func finish(_ engine: SessionEngine) {
    let text = JournalRecord(engine: engine, info: info).json(offset: journal.zone.offset).text
    let line = Array(text.utf8)[...]
    do {
      try journal.append(lines: [line])
      Platform.removeFile(statePath)
    } catch {
      failed = true
      // The state file stays: until the kept record is in the journal, it is what the next
      // pomo finds (and, should even the kept record be lost, records as interrupted).
      let kept = Recovery.keptFile(statePath: statePath)
      // The error and the record itself, so a person can paste it back into the journal.
      let rest =
        (try? Platform.appendLines([line], to: kept)) != nil
        ? "it is kept in \(kept), and the next pomo records it; the record follows:\n"
        : "the session's record follows, so it is not lost:\n"
      errors.write("Error: cannot write the journal \(journal.path): \(error); " + rest + text + "\n")
    }
  }
}
