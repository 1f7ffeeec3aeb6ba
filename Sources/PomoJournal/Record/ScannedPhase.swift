/// A phase of a session line as `RecordScanner` read it: the phase without its name and
/// exercise (`ScannedLine.entry` makes them), and where they lie in the line.
package struct ScannedPhase: Sendable {
  package var phase: JournalPhase
  package var name: ScannedText?
  package var exercise: ScannedText?
}
