import Foundation
import Testing

@testable import PomoJournal
import PomoTestSupport

/// Flowtime with the real binary: an open focus counts up until `pomo next` from another shell
/// ends it, and the break after it is what the focus earned.
@Suite("Flowtime, end to end")
struct FlowtimeEndToEndTests {
  static let flow =
    #"{"round": [{"name": "deep", "kind": "work", "duration": "open"}, {"name": "pause", "kind": "rest", "duration": "1h"}], "rest_ratio": 0.5}"#

  let fixture: PomoHome
  var home: TemporaryFolder { fixture.folder }

  init() throws {
    fixture = try PomoHome(presets: ["flow": Self.flow])
  }

  @Test("an open focus ended with pomo next earns half its time as rest, and the journal says so")
  func nextEndsTheFocus() throws {
    defer { home.cleanUp() }
    let session = try fixture.launch(["start", fixture.preset("flow"), "--no-notify"], name: "session")
    defer { if session.isRunning { session.terminate() } }
    // The focus counts up: wait until status shows at least a second and a half gone.
    #expect(
      waitUntil {
        guard let status = try? fixture.run(["status"]), status.status == 0, status.out.hasPrefix("WORK deep +") else {
          return false
        }
        let time = status.out.dropFirst("WORK deep +".count).prefix { $0 != " " }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 && parts[0] * 60 + parts[1] >= 2
      })
    #expect(try fixture.run(["next"]).status == 0)
    // The earned rest is a second or so; the session ends by itself after it.
    #expect(waitUntil { !session.isRunning })
    #expect(session.terminationStatus == 0)
    let record = try #require(try journalRecords(home.file(journalFile(home.path))).last)
    #expect(record.status == .completed && record.phases.count == 2)
    let focus = record.phases[0]
    let rest = record.phases[1]
    #expect(focus.elapsedSeconds >= 2 && focus.plannedSeconds == focus.elapsedSeconds && focus.overtimeSeconds == 0)
    #expect(abs(rest.plannedSeconds - focus.elapsedSeconds * 0.5) < 0.002, "\(rest.plannedSeconds)")
    #expect(rest.completed && abs(rest.elapsedSeconds - rest.plannedSeconds) < 0.5)
    let log = home.read("session.out") ?? ""
    #expect(log.contains("start   deep (work, open, round 1/1)"), "\(log)")
    // However long a loaded machine took, the rest is a few seconds, marked as earned.
    #expect(log.contains("start   pause (rest, 0:0") && log.contains(" earned, round 1/1)"), "\(log)")
  }
}
