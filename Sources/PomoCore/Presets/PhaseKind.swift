/// What a phase is for. Reports count focus (`work`) and recovery (`rest`) apart.
package enum PhaseKind: String, Sendable, Codable, CaseIterable {
  case work
  case rest
}
