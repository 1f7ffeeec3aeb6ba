import PomoCore

/// An interruption mark of a phase as `RecordScanner` read it: its note left in the line.
package struct ScannedMark: Sendable {
  package var kind: PhaseMark.Kind
  package var at: Double
  package var note: ScannedText?
}
