import PomoCore

extension Preset {
  /// Work `go` seconds, rest `rest`, for `rounds` rounds: the small session most engine tests
  /// run, with phases named "go" and "rest" (the defaults are 10 s work, 5 s rest, 10 s work).
  package static func goRest(
    name: String = "t", go: Int = 10, rest: Int = 5, rounds: Int = 2, skipLastRest: Bool = true,
    advance: PhaseAdvance = .auto
  ) -> Preset {
    Preset(
      name: name, round: [phase("go", .work, go), phase("rest", .rest, rest)], rounds: rounds,
      skipLastRest: skipLastRest, advance: advance)
  }

  /// An open focus (Flowtime), then a rest written as `rest` seconds that the focus re-times:
  /// the rest is earned as `earned` says.
  package static func flow(
    focusName: String = "flow", rest: Int = 3600, restName: String = "break", rounds: Int = 2,
    skipLastRest: Bool = true, earned: EarnedRest?
  ) -> Preset {
    var focus = phase(focusName, .work, 1)
    focus.open = true
    focus.duration = .zero
    var preset = Preset(
      name: "f", round: [focus, phase(restName, .rest, rest)], rounds: rounds, skipLastRest: skipLastRest)
    preset.earnedRest = earned
    return preset
  }
}
