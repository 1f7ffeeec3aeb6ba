import PomoCore
import PomoJournal
import PomoPlatform

/// Records a session whose pomo is gone (killed, crashed, power lost).
package enum Recovery {
  /// Where records that could not be written to the journal wait for the next pomo: beside
  /// the state file.
  package static func keptFile(statePath: String) -> String { Platform.parentFolder(statePath) + "/unrecorded.jsonl" }

  /// Records what a dead pomo left: the records it kept because the journal refused them,
  /// then the session in its state file (as interrupted), unless that session is one of the
  /// kept. Returns the lines to tell the user; nil when there was nothing.
  /// The caller has made sure the session is dead: it holds the state folder's locks.
  /// With `environment`, do-not-disturb that the dead session turned on is turned off again
  /// (`DoNotDisturbMark`), its commands run with that environment.
  package static func recordDead(
    statePath: String, journal: Journal, environment: [String: String]? = nil
  ) -> String? {
    let (message, keptIDs) = recordKept(statePath: statePath, journal: journal)
    let state = recordState(statePath: statePath, journal: journal, kept: keptIDs, environment: environment)
    let lines = [message, state].compactMap { $0 }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// Appends the kept records to the journal and removes their file. Returns the line to
  /// tell the user, and the ids the file held (written or not).
  private static func recordKept(statePath: String, journal: Journal) -> (String?, Set<String>) {
    let path = keptFile(statePath: statePath)
    guard Platform.isRegularFile(path) else { return (nil, []) }
    var lines: [ArraySlice<UInt8>] = []
    var records: [JournalRecord] = []
    _ = try? Journal(path: path, zone: journal.zone).forEach(finished: true, bad: { _ in }) { entry, line in
      guard case .session(let record) = entry else { return }
      records.append(record)
      lines.append(line)
    }
    let ids = Set(records.map(\.id))
    guard !records.isEmpty else {
      Platform.removeFile(path)
      return (nil, [])
    }
    let sessions = records.map { "\(TextLayout.inert($0.preset)) at \(journal.zone.clockTime($0.start))" }
      .joined(separator: ", ")
    do {
      try journal.append(lines: lines)
    } catch {
      return (
        "pomo: warning: \(TextLayout.count(records.count, "session")) that ended (\(sessions)) could not be written to the journal \(journal.path): \(error); kept in \(path), and recorded once the journal can be written",
        ids
      )
    }
    Platform.removeFile(path)
    return (
      "pomo: recorded \(TextLayout.count(records.count, "session")) (\(sessions)) that could not be written to the journal when it ended (kept in \(path) until now)",
      ids
    )
  }

  /// Appends the session in a dead pomo's state file to the journal as interrupted and
  /// removes the file; the line to tell the user, or nil when there is no state file (or its
  /// session is among the `kept`, which stand for it).
  private static func recordState(
    statePath: String, journal: Journal, kept: Set<String>, environment: [String: String]?
  ) -> String? {
    guard let bytes = try? Platform.readFile(statePath, limit: SessionState.sizeLimit) else {
      guard Platform.fileExists(statePath) else { return nil }
      return setAside(statePath, why: "cannot be read")
    }
    let record: JournalRecord
    let mark: DoNotDisturbMark?
    var lost = ""
    // When the session's last stretch of focus ended, if it kept a Timewarrior interval open.
    var focusEnd: Double?
    if let state = try? SessionState(bytes: bytes) {
      // The last heartbeat, on the session's own clock: the file's time follows the kernel's
      // wall clock, which may have been stepped since the session started.
      record = state.interruptedRecord(lastKnown: state.updated)
      mark = state.doNotDisturb
      if state.timewarrior {
        // The last heartbeat, or when the focus ended, paused or was left, if it did.
        var end = record.phases.last?.end ?? state.updated
        if state.phaseKind != .work { end = state.phaseStart }
        if let paused = state.pausedAt { end = min(end, paused) }
        if let away = state.awaySince { end = min(end, away) }
        focusEnd = end
      }
    } else if let saved = SessionState.salvage(bytes) {
      // Cut short (a full disk, a crash of the file system): the session's record survives,
      // the phase it was in does not; the do-not-disturb mark, written before it, survives too.
      (record, mark) = saved
      lost = "; the state file was damaged, so the phase it was in is lost"
    } else {
      return setAside(statePath, why: "is damaged")
    }
    if kept.contains(record.id) {
      // Its whole record was kept: the session had ended, and switched do-not-disturb back.
      // Once that record is in the journal, this file has served.
      if !Platform.isRegularFile(keptFile(statePath: statePath)) { Platform.removeFile(statePath) }
      return nil
    }
    var said = ""
    if let mark, let environment { said = mark.revert(environment: environment) + "\n" }
    if let focusEnd, let environment {
      said += stopInterval(at: focusEnd, since: record.start, environment: environment).map { $0 + "\n" } ?? ""
    }
    do {
      try journal.append(record)
    } catch {
      return said + "pomo: warning: found an interrupted session but cannot write the journal \(journal.path): \(error)"
    }
    Platform.removeFile(statePath)
    let started = journal.zone.clockTime(record.start)
    let done = record.phases.filter(\.completed).count
    return said
      + "pomo: the \(TextLayout.inert(record.preset)) session started at \(started) ended unexpectedly; recorded as interrupted (\(TextLayout.count(done, "phase")) done, focus \(TimeText.clock(.seconds(record.focusSeconds))))\(lost); 'pomo resume' continues it"
  }

  /// Stops the Timewarrior interval a dead session left open (one open since the session
  /// began: `timew get dom.active.json`), at `end` (to the second, as the live bridge writes
  /// times), or cancels it when it began in that very second (Timewarrior keeps no interval
  /// shorter than one); a line to say only when that failed. An interval that opened before
  /// the session is someone else's, and left alone.
  private static func stopInterval(at end: Double, since start: Double, environment: [String: String]) -> String? {
    func timew(_ words: [String]) -> (status: Int32, output: [UInt8])? {
      Spawner.output(["timew"] + words, environment: environment, timeout: .seconds(10), limit: 1 << 16)
    }
    guard let active = timew(["get", "dom.active.json"]), active.status == 0,
      let opened = (try? JSONParser.parse(active.output))?["start"]?.stringValue.flatMap(UTCStamp.parse),
      opened >= start.rounded(.down)
    else { return nil }
    let time = String(RFC3339.format(end.rounded(.down), offset: 0).prefix(19)) + "Z"
    let words = end.rounded(.down) <= opened ? ["cancel", ":quiet"] : ["stop", time, ":quiet"]
    guard timew(words)?.status != 0 else { return nil }
    return "pomo: warning: cannot stop the Timewarrior interval the session left open ('timew stop \(time)' failed); stop it yourself"
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
