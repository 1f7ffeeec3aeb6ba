import PomoCore

extension FakeClock {
  /// An engine that runs `preset` on this clock: the one way the unit tests make one, so a
  /// change to what an engine needs is made here.
  package func engine(
    _ preset: Preset, asksAtEnd: Bool = true, tags: [String] = [], note: String? = nil, bank: Duration = .zero,
    away: AwayRules = .counting
  ) -> SessionEngine {
    SessionEngine(
      plan: Plan(preset: preset), clock: clock, asksAtEnd: asksAtEnd, tags: tags, note: note, bank: bank, away: away)
  }

  /// An engine of `Preset.goRest` waiting for confirmation at the end of its first phase,
  /// 10 s + `over` after it started: the overtime is `over`.
  package func waitingEngine(over: Duration = .seconds(42)) -> SessionEngine {
    var e = engine(.goRest(name: "c", advance: .confirm))
    _ = e.start()
    advance(.seconds(10) + over)
    _ = e.tick()
    return e
  }

  /// An open focus (Flowtime) 500 s in, earning a fifth of it as rest, with 2 minutes in the
  /// break bank for that rest to draw: where the break bank's tests start.
  package func bankedFocusEngine() -> SessionEngine {
    var e = engine(.flow(rest: 600, skipLastRest: false, earned: .ratio(0.2)), bank: .seconds(120))
    _ = e.start()
    advance(.seconds(500))
    return e
  }
}
