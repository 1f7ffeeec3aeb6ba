import PomoCore
import PomoPlatform

/// Keeps the machine from sleeping and the screen on while the session wants it
/// (`"inhibit"`), and lets go the moment it no longer does.
///
/// - Sleep is held per phase: taken when a phase of the configured kind runs, with the reason
///   "Focus until 14:25", and let go when it ends, pauses, waits or the session stops (a `+`
///   takes a new one with the new time before the old goes). logind's inhibitor is a file
///   descriptor: the kernel closes it when pomo dies, even by SIGKILL, so nothing is left
///   held and nothing needs recovery.
/// - The screen is held for the whole stretch of running phases that want it (a workout),
///   and let go when it ends or pauses; the screen saver lets go by itself when pomo's bus
///   connection closes.
/// - Ctrl-Z lets go of both (the timer runs on while pomo is stopped); the step after `fg`
///   takes again what is then wanted.
/// - A holder that fails is one warning; the session goes on without it.
package final class Inhibitors: SessionListener {
  package let settings: InhibitSettings
  /// Whether the session counts as a workout (a workout plan, or the big display).
  package let workout: Bool
  private let sleep: InhibitHolder?
  private let screen: InhibitHolder?
  /// "14:05:09" for a wall time: the reason's "until".
  private let clockTime: (Double) -> String
  private let warn: (String) -> Void

  /// What is held for sleep: the phase and reason it was taken for, and how to let go.
  private var sleepHeld: (key: String, release: () -> Void)?
  private var screenHeld: (() -> Void)?
  private var sleepGivenUp = false
  private var screenGivenUp = false
  /// The reason the sleep inhibitor was last taken with; nil while none is held.
  package private(set) var sleepReason: String?
  package var holdsScreen: Bool { screenHeld != nil }

  /// - Parameters:
  ///   - sleep: holds idleness and sleep back; nil where nothing can.
  ///   - screen: holds the screen saver back; nil where nothing can.
  ///   - clockTime: the local time of a wall time, "14:05:09".
  ///   - warn: one line for the user (`pomo: warning: …`).
  package init(
    settings: InhibitSettings, workout: Bool, sleep: InhibitHolder?, screen: InhibitHolder?,
    clockTime: @escaping (Double) -> String, warn: @escaping (String) -> Void
  ) {
    self.settings = settings
    self.workout = workout
    self.sleep = sleep
    self.screen = screen
    self.clockTime = clockTime
    self.warn = warn
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    let phase = engine.status == .running ? engine.currentPhase : nil
    if let phase, let sleep, !sleepGivenUp, settings.sleep.holds(kind: phase.kind, workout: workout) {
      let reason = reason(engine, phase)
      let key = "\(phase.index) \(reason)"
      if sleepHeld?.key != key {
        switch sleep.take(reason) {
        case .held(let release):
          let old = sleepHeld
          sleepHeld = (key, release)
          sleepReason = reason
          old?.release()
        case .failed(let why):
          releaseSleep()
          sleepGivenUp = true
          warn("pomo: warning: cannot keep the machine awake (\(sleep.name)): \(why); the session goes on without it")
        }
      }
    } else {
      releaseSleep()
    }
    if let phase, let screen, !screenGivenUp, settings.screen.holds(kind: phase.kind, workout: workout) {
      guard screenHeld == nil else { return }
      switch screen.take(workout ? "Workout" : phase.kind == .work ? "Focus" : "Break") {
      case .held(let release): screenHeld = release
      case .failed(let why):
        screenGivenUp = true
        warn("pomo: warning: cannot keep the screen on (\(screen.name)): \(why); the session goes on without it")
      }
    } else {
      releaseScreen()
    }
  }

  /// Ctrl-Z: pomo stops but the timer runs on, maybe past the phase's end; nothing stays held
  /// for a pomo that may never be brought back.
  package func sessionWillSuspend(_ engine: SessionEngine) { close() }

  /// Lets go of everything: the way out on every end.
  package func close() {
    releaseSleep()
    releaseScreen()
  }

  private func releaseSleep() {
    let held = sleepHeld
    sleepHeld = nil
    sleepReason = nil
    held?.release()
  }

  private func releaseScreen() {
    let held = screenHeld
    screenHeld = nil
    held?()
  }

  /// "Focus until 14:25", "Break until 14:30", "Workout until 09:12"; without the time for an
  /// open phase, which has no end of its own.
  private func reason(_ engine: SessionEngine, _ phase: PlannedPhase) -> String {
    let what = workout ? "Workout" : phase.kind == .work ? "Focus" : "Break"
    guard !phase.open else { return what }
    // To the nearest minute: a phase ending at 14:24:40 runs "until 14:25".
    let until = clockTime(engine.wallTime(engine.deadline) + 30).prefix(5)
    return "\(what) until \(until)"
  }
}
