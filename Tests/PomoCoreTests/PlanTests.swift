import Testing

@testable import PomoCore

@Suite("Plan expansion")
struct PlanTests {
  func builtIn(_ name: String) throws -> Preset {
    try #require(try PresetCatalog.builtIns().first { $0.name == name })
  }

  @Test("classic Pomodoro: four focus blocks, three breaks, a long break after the fourth")
  func work() throws {
    let plan = Plan(preset: try builtIn("work"))
    #expect(plan.phases.map(\.name) == ["focus", "break", "focus", "break", "focus", "break", "focus", "long break"])
    #expect(plan.total == .seconds(130 * 60))
    #expect(plan.phases.map(\.round) == [1, 1, 2, 2, 3, 3, 4, 4])
    #expect(plan.phases.last?.duration == .seconds(900))
  }

  @Test("a long break replaces the break after every 4th focus")
  func longBreak() throws {
    let plan = Plan(preset: try builtIn("work"), rounds: 9)
    let names = plan.phases.map(\.name)
    #expect(names.filter { $0 == "long break" }.count == 2)
    #expect(names[7] == "long break" && names[15] == "long break")
    // Every focus has its break, the ninth's too.
    #expect(names.count == 18 && names.last == "break")
    #expect(plan.phases[7].duration == .seconds(900))
  }

  @Test("hiit --rounds 8: warm-up, 8 work, 7 rest, cool-down")
  func hiit() throws {
    let plan = Plan(preset: try builtIn("hiit"), rounds: 8)
    #expect(plan.phases.first?.name == "warm-up")
    #expect(plan.phases.last?.name == "cool-down")
    #expect(plan.phases.filter { $0.kind == .work }.count == 8)
    #expect(plan.phases.filter { $0.name == "rest" }.count == 7)
    #expect(plan.total == .seconds(300 + 8 * 40 + 7 * 20 + 300))
    #expect(plan.phases.last?.offset == .seconds(300 + 8 * 40 + 7 * 20))
  }

  @Test("tabata keeps its last rest: 10 s + 8 x 30 s")
  func tabata() throws {
    let plan = Plan(preset: try builtIn("tabata"))
    #expect(plan.phases.count == 17)
    #expect(plan.total == .seconds(250))
  }

  @Test("rounds of several phases repeat whole, offsets add up")
  func ladder() throws {
    let plan = Plan(preset: try builtIn("ladder"), rounds: 2)
    let work = plan.phases.filter { $0.kind == .work }.map(\.duration)
    #expect(work == [.seconds(30), .seconds(45), .seconds(60), .seconds(30), .seconds(45), .seconds(60)])
    for (a, b) in zip(plan.phases, plan.phases.dropFirst()) {
      #expect(a.offset + a.duration == b.offset)
    }
  }

  @Test("a round with no work phase has no trailing rest to skip")
  func restOnly() {
    let preset = Preset(
      name: "r", round: [PhaseTemplate(name: "breathe", kind: .rest, duration: .seconds(5))], rounds: 3,
      skipLastRest: true)
    #expect(Plan(preset: preset).phases.count == 3)
  }

  @Test("the plan table, whole")
  func table() throws {
    let preset = Preset(
      name: "tiny", warmup: [PhaseTemplate(name: "ready", kind: .rest, duration: .seconds(10))],
      round: [
        PhaseTemplate(name: "go", kind: .work, duration: .seconds(20)),
        PhaseTemplate(name: "breathe", kind: .rest, duration: .seconds(10)),
      ],
      rounds: 2, skipLastRest: true)
    let text = PlanText.render(Plan(preset: preset), width: 80, unicode: true)
    #expect(
      text == """
        tiny: 2 rounds, 4 phases, 1:00

        #   START  DURATION  KIND  ROUND  PHASE
        1    0:00      0:10  rest      -  ready
        2    0:10      0:20  work    1/2  go
        3    0:30      0:10  rest    1/2  breathe
        4    0:40      0:20  work    2/2  go

        Total 1:00: work 0:40, rest 0:20

        """)
  }
}
