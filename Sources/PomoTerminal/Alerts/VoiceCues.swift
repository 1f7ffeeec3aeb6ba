import PomoCore
import PomoPlatform

/// `--voice`: says each phase change, the 3-2-1 cue, "halfway" and "done", for someone who
/// is not looking at the screen.
///
/// The words go to a speaker program (espeak-ng, spd-say, say, or the config's `speaker`) as
/// its last argument, started like a hook: at once, without a shell, never waited for, and
/// ended after 10 s. The listener only decides what to say (`phrases`) and hands it to `speak`.
package final class VoiceCues: SessionListener {
  package let speak: (String) -> Void

  package init(speak: @escaping (String) -> Void) {
    self.speak = speak
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for phrase in Self.phrases(events, engine) { speak(phrase) }
  }

  /// The speakers pomo looks for on PATH, in order.
  package static let speakers = ["espeak-ng", "spd-say", "say"]

  /// The speaker command: the configured one, else the first speaker found on PATH; nil when
  /// there is none (the configured program included).
  package static func speaker(configured: [String]?, path: String?) -> [String]? {
    if let configured {
      return Spawner.resolve(configured[0], path: path) == nil ? nil : configured
    }
    for name in speakers {
      if let found = Spawner.find(name, path: path) { return [found] }
    }
    return nil
  }

  /// What to say after one step of the engine; several boundaries passed together (after a
  /// suspend) say only the phase that runs now.
  package static func phrases(_ events: [SessionEvent], _ engine: SessionEngine) -> [String] {
    var phrases: [String] = []
    var started: Int?
    for event in events {
      switch event {
      case .phaseStarted(let i): started = i
      case .cue(let n): phrases.append("\(n)")
      case .halfway: phrases.append("halfway")
      case .warning(let i): phrases.append(spoken(engine.plan.phases[i].warnBefore ?? .zero) + " left")
      case .waiting: phrases.append("time is up")
      case .reminded(let i):
        if engine.plan.phases.indices.contains(i + 1) {
          phrases.append("still waiting: " + TextLayout.inert(engine.plan.phases[i + 1].name) + " is next")
        }
      case .counted(_, let n): if n % 5 == 0 { phrases.append(TextLayout.count(n, "round")) }
      case .asking: phrases.append("how many reps?")
      case .sessionEnded(let completed): if completed { phrases.append("done") }
      default: break
      }
    }
    if let started, engine.plan.phases.indices.contains(started) {
      phrases.insert(announcement(started, engine.plan), at: 0)
    }
    return phrases
  }

  /// What is said as plan phase `i` starts: the phase, then what the preset's `announce`
  /// asks: "last round" as the last round starts, and during a rest the exercise next.
  /// One phrase, so that one speaker says it all in order.
  package static func announcement(_ i: Int, _ plan: Plan) -> String {
    let phase = plan.phases[i]
    var words = announcement(phase, plan)
    if plan.announce.contains(.lastRound), !plan.endless, plan.rounds > 1, let round = phase.round,
      round == plan.rounds, i == 0 || plan.phases[i - 1].round != round
    {
      words += ", last round"
    }
    if plan.announce.contains(.next), phase.kind == .rest,
      let next = plan.phases[(i + 1)...].first(where: { $0.kind == .work }), let exercise = next.exercise
    {
      words += ". next: " + TextLayout.inert(exercise)
    }
    return words
  }

  /// "2 minutes", "90 seconds", "1 minute 30 seconds": a span as a speaker says it.
  package static func spoken(_ span: Duration) -> String {
    let seconds = Int(TimeText.ceilSeconds(span))
    let minutes = seconds / 60
    let rest = seconds % 60
    if minutes == 0 { return TextLayout.count(rest, "second") }
    return TextLayout.count(minutes, "minute") + (rest == 0 ? "" : " " + TextLayout.count(rest, "second"))
  }

  /// "work, round 3 of 8"; "burpees, work, round 3 of 8"; "warm-up, rest"; "work, round 3"
  /// when the rounds are endless.
  package static func announcement(_ phase: PlannedPhase, _ plan: Plan) -> String {
    let name = TextLayout.inert(phase.name)
    var words = name.lowercased() == phase.kind.rawValue ? name : "\(name), \(phase.kind.rawValue)"
    if let round = phase.round, plan.rounds > 1 || plan.endless {
      words += plan.endless ? ", round \(round)" : ", round \(round) of \(plan.rounds)"
    }
    return words
  }
}
