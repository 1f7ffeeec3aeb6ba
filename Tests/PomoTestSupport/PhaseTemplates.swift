import PomoCore

package func phase(_ name: String, _ kind: PhaseKind, _ seconds: Int) -> PhaseTemplate {
  PhaseTemplate(name: name, kind: kind, duration: .seconds(seconds))
}
