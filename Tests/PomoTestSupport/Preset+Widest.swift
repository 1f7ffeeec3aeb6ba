import PomoCore

extension Preset {
  /// A phase name at its widest in a journal line: 64 C1 controls, each written `\u0080`.
  package static let widestName = String(repeating: "\u{80}", count: 64)

  /// The largest session a preset allows of `phases` phases a round, each named at its widest:
  /// the record the journal's readers must still take.
  package static func widest(phases: Int, rounds: Int = Preset.roundsRange.upperBound) -> Preset {
    let round = (0..<phases).map { k in
      PhaseTemplate(name: widestName, kind: k % 2 == 0 ? .work : .rest, duration: .seconds(1))
    }
    return Preset(name: "largest", round: round, rounds: rounds)
  }
}
