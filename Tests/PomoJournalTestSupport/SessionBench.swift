import PomoCore
import PomoJournal
import PomoTestSupport

/// A session the tests run through the recorder, the state file and recovery: its preset on a
/// fake clock, and the info that names it, its phase count taken from the plan so the two
/// always agree.
package struct SessionBench {
  package let clock = FakeClock()
  package let preset: Preset
  package let info: SessionInfo

  package init(_ preset: Preset, id: String) {
    self.preset = preset
    info = SessionInfo(id: id, host: "h", planCount: Plan(preset: preset).phases.count)
  }

  /// A fresh engine for the preset, on the bench's clock.
  package func engine() -> SessionEngine { clock.engine(preset) }

  /// A fresh engine, started, then ticked `seconds` later.
  package func engine(after seconds: Int) -> SessionEngine {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(seconds))
    _ = e.tick()
    return e
  }
}
