import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A player that only counts: when it started and whether it was asked to end.
final class FakePlayback: SoundPlayback {
  let started: Duration
  var ended = false
  init(started: Duration) { self.started = started }
  func end() -> Bool {
    ended = true
    return true
  }
  func endNow() { ended = true }
}

/// The tick on virtual time: 150 s of focus, a 30 s break, then 150 s of focus again.
@Suite("The tick")
struct TickSoundTests {
  let clock = FakeClock()

  func engine(openFocus: Bool = false) -> SessionEngine {
    var focus = phase("focus", .work, 150)
    if openFocus {
      focus.open = true
      focus.duration = .zero
    }
    let preset = Preset(name: "t", round: [focus, phase("break", .rest, 30)], rounds: 2, skipLastRest: true)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  /// The players started so far.
  final class Started {
    var players: [FakePlayback] = []
  }

  /// The listener with players that count, and a step that runs the engine as the loop does.
  struct Rig {
    let started = Started()
    let tick: TickSound
    init(_ clock: FakeClock, period: Duration) {
      let started = self.started
      tick = TickSound(file: "/cache/tick-60.wav", period: period) { _ in
        let player = FakePlayback(started: clock.clock.now())
        started.players.append(player)
        return player
      }
    }
    func step(_ e: inout SessionEngine, _ action: (inout SessionEngine) -> [SessionEvent]) {
      let events = action(&e)
      tick.sessionDidUpdate(e, events: events)
    }
    var players: [FakePlayback] { started.players }
    var playing: Int { players.filter { !$0.ended }.count }
  }

  @Test("pomo's own: one player a minute while focus runs, on the countdown's seconds; none in a break")
  func minuteTrack() {
    var e = engine()
    let rig = Rig(clock, period: .seconds(60))
    let t0 = clock.clock.now()
    rig.step(&e) { $0.start() }
    #expect(rig.players.map(\.started) == [t0])
    #expect(rig.tick.nextWake(e) == t0 + .seconds(60))
    clock.advance(.seconds(60))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.map(\.started) == [t0, t0 + .seconds(60)])
    #expect(rig.players[0].ended && rig.playing == 1)
    // A pause ends the player; the resume starts the next on the countdown's next second.
    clock.advance(.milliseconds(10_500))
    rig.step(&e) { $0.apply(.pause) }
    #expect(rig.playing == 0 && rig.tick.nextWake(e) == nil)
    clock.advance(.milliseconds(9_700))
    rig.step(&e) { $0.apply(.resume) }
    #expect(rig.playing == 0)
    let resumed = clock.clock.now()
    #expect(rig.tick.nextWake(e) == resumed + .milliseconds(500))
    clock.advance(.milliseconds(500))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.count == 3 && rig.playing == 1)
    #expect(e.snapshot.map { $0.remaining.components.attoseconds } == 0, "not on a whole second")
    // The focus ends: the player with it, and the break is silent.
    clock.advance(.seconds(79))
    rig.step(&e) { $0.tick() }
    #expect(e.currentPhase?.kind == .rest)
    #expect(rig.playing == 0 && rig.tick.nextWake(e) == nil)
    clock.advance(.seconds(30))
    rig.step(&e) { $0.tick() }
    #expect(e.currentPhase?.kind == .work && rig.playing == 1 && rig.players.count == 4)
    // Stopped: every player ended.
    rig.step(&e) { $0.apply(.stop) }
    #expect(rig.playing == 0)
  }

  @Test("a file of one's own plays each second; woken late, it waits for the next second")
  func fileEachSecond() {
    var e = engine()
    let rig = Rig(clock, period: .seconds(1))
    rig.step(&e) { $0.start() }
    for _ in 0..<5 {
      clock.advance(.seconds(1))
      rig.step(&e) { $0.tick() }
    }
    #expect(rig.players.count == 6 && rig.playing == 1)
    // 300 ms late: no tick off the beat, the next on the second.
    clock.advance(.milliseconds(1_300))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.count == 6)
    #expect(rig.tick.nextWake(e) == clock.clock.now() + .milliseconds(700))
    clock.advance(.milliseconds(700))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.count == 7)
  }

  @Test("told a few milliseconds after a second, it still ticks on that second, at once")
  func justAfter() {
    var e = engine()
    let rig = Rig(clock, period: .seconds(60))
    let events = e.start()
    clock.advance(.milliseconds(3))
    rig.tick.sessionDidUpdate(e, events: events)
    #expect(rig.players.count == 1)
    #expect(rig.tick.nextWake(e) == clock.clock.now() - .milliseconds(3) + .seconds(60))
  }

  @Test("an open focus ticks on the seconds it counts up")
  func openFocus() {
    var e = engine(openFocus: true)
    let rig = Rig(clock, period: .seconds(60))
    rig.step(&e) { $0.start() }
    #expect(rig.players.count == 1)
    clock.advance(.milliseconds(4_250))
    rig.step(&e) { $0.apply(.pause) }
    #expect(rig.playing == 0)
    rig.step(&e) { $0.apply(.resume) }
    #expect(rig.tick.nextWake(e) == clock.clock.now() + .milliseconds(750))
  }

  @Test("the tick's file: a minute of soft ticks, one on each second, made the same every time")
  func synthesized() {
    let bytes = SoundSynth.wav(.tick, volume: 0.5)
    #expect(bytes == SoundSynth.wav(.tick, volume: 0.5))
    let samples = bytes[44...].withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    #expect(samples.count == SoundSynth.sampleRate * 60)
    let rate = SoundSynth.sampleRate
    // Sound only in the first 20 ms of each second.
    for second in [0, 1, 30, 59] {
      let start = second * rate
      #expect(samples[start..<start + rate / 50].contains { $0 != 0 })
      #expect(samples[start + rate / 50..<start + rate].allSatisfy { $0 == 0 })
    }
    let peak = samples.map { abs(Int($0)) }.max() ?? 0
    #expect(peak <= Int(0.5 * SoundSynth.tickLoudness * 32_767) + 1 && peak > Int(0.1 * 32_767))
  }
}
