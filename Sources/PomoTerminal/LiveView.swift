import PomoCore

/// What the event loop needs of a live display: the one-line `LiveDisplay` or `BigDisplay`.
package protocol LiveView: SessionListener {
  /// Cells of the bar drawn last, so the loop wakes when the next eighth of one fills.
  var barCells: Int { get }
  /// Before the process stops (Ctrl-Z) or exits early: the terminal as it was.
  func release()
  /// After `fg`: draw everything again.
  func invalidate()
  /// After SIGWINCH, with the terminal's new size (rows nil when unknown).
  func resize(to columns: Int, rows: Int?)
  /// `?` or `h`: the keys, for a display too narrow to list them all the time.
  func showKeys()
}
