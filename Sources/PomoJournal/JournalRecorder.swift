import PomoCore
import PomoPlatform

/// Listens to a session and keeps its record: the state file while it runs, the journal at
/// the end. Nothing is ever lost: if the journal cannot be written, the record goes to stderr.
public final class JournalRecorder: SessionListener {
  package let journal: Journal
  package let statePath: String
  package let info: SessionInfo
  package let errors: any TextOutput
  private var lastSaved = 0.0
  private var stateWarning = false
  /// Whether the journal could not be written (the command then exits 1).
  public private(set) var failed = false

  package static let heartbeatSeconds = 10.0

  public init(journal: Journal, statePath: String, info: SessionInfo, errors: any TextOutput) {
    self.journal = journal
    self.statePath = statePath
    self.info = info
    self.errors = errors
  }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    var changed = false
    for event in events {
      switch event {
      case .sessionEnded:
        finish(engine)
        return
      case .sessionStarted, .phaseStarted, .paused, .resumed, .extended, .slept, .waiting:
        changed = true
      default:
        break
      }
    }
    let now = engine.wallTime(engine.clock.now())
    if changed {
      save(engine, now: now)
    } else if now - lastSaved >= Self.heartbeatSeconds {
      Platform.touch(statePath)
      lastSaved = now
    }
  }

  private func save(_ engine: SessionEngine, now: Double) {
    guard let state = SessionState(engine: engine, info: info, pid: Platform.processID) else { return }
    do {
      try Platform.writeAtomically(state.json(offset: journal.zone.offset).text + "\n", to: statePath)
    } catch {
      if !stateWarning {
        errors.write("pomo: warning: cannot save the running session to \(statePath): \(error)\n")
        stateWarning = true
      }
    }
    lastSaved = now
  }

  private func finish(_ engine: SessionEngine) {
    let record = JournalRecord(engine: engine, info: info)
    do {
      try journal.append(record)
      Platform.removeFile(statePath)
    } catch {
      failed = true
      Platform.removeFile(statePath)
      errors.write(JournalRecorder.lostRecordMessage(record, journal: journal, error: error))
    }
  }

  /// The error and the record itself, so a person can paste it back into the journal.
  package static func lostRecordMessage(_ record: JournalRecord, journal: Journal, error: FileSystemError) -> String {
    "Error: cannot write the journal \(journal.path): \(error); the session's record follows, so it is not lost:\n"
      + record.json(offset: journal.zone.offset).text + "\n"
  }
}

/// Records a session whose pomo is gone (killed, crashed, power lost).
public enum Recovery {
  /// Appends the session in a dead pomo's state file to the journal as interrupted, removes
  /// the file, and returns the one line to tell the user; nil when there is no state file.
  /// The caller has made sure the session is dead: it holds the state folder's locks.
  public static func recordDead(statePath: String, journal: Journal) -> String? {
    guard let bytes = try? Platform.readFile(statePath, limit: SessionState.sizeLimit) else {
      guard Platform.fileExists(statePath) else { return nil }
      return setAside(statePath, why: "cannot be read")
    }
    let record: JournalRecord
    var lost = ""
    if let state = try? SessionState(bytes: bytes) {
      let lastKnown = max(state.updated, Platform.modificationTime(statePath) ?? state.updated)
      record = state.interruptedRecord(lastKnown: lastKnown)
    } else if let saved = SessionState.salvage(bytes) {
      // Cut short (a full disk, a crash of the file system): the session's record survives,
      // the phase it was in does not.
      record = saved
      lost = "; the state file was damaged, so the phase it was in is lost"
    } else {
      return setAside(statePath, why: "is damaged")
    }
    do {
      try journal.append(record)
    } catch {
      return "pomo: warning: found an interrupted session but cannot write the journal \(journal.path): \(error)"
    }
    Platform.removeFile(statePath)
    let started = journal.zone.clockTime(record.start)
    let done = record.phases.filter(\.completed).count
    return
      "pomo: the \(TextLayout.inert(record.preset)) session started at \(started) ended unexpectedly; recorded as interrupted (\(TextLayout.count(done, "phase")) done, focus \(TimeText.clock(.seconds(record.focusSeconds))))\(lost); 'pomo resume' continues it"
  }

  /// Keeps an unreadable state file beside the original for a person to look at, and says
  /// plainly that its session could not be recorded.
  private static func setAside(_ path: String, why: String) -> String {
    let kept = path + ".damaged"
    let moved = (try? Platform.moveFile(path, to: kept)) != nil
    if !moved { Platform.removeFile(path) }
    return "pomo: the session state file \(path) \(why); its session could not be recorded"
      + (moved ? " (the file is kept as \(kept))" : "")
  }
}
