import PomoPlatform
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoTerminal

/// What a reminder of a phase that waits does: the bell, a notification with "Start" and
/// "Snooze 10 min", and the voice.
@Suite("Reminder alerts")
struct ReminderAlertsTests {
  let clock = FakeClock()

  final class Launches {
    var calls: [[String]] = []
  }

  /// Focus of 10 s then a break, confirm mode, reminding every minute.
  func engine() -> SessionEngine {
    var e = clock.engine(.goRest(name: "c", advance: .confirm)).reminding(every: .seconds(60))
    _ = e.start()
    return e
  }

  @Test("a reminder's buttons are Start break and Snooze 10 min; Snooze puts the next reminder off ten minutes")
  func buttons() {
    var e = engine()
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(NotificationButtons.keys(e, warning: false) == [.next, .extend, .skip])
    clock.advance(.seconds(60))
    #expect(e.tick() == [.reminded(0)])
    #expect(NotificationButtons.actions(e, warning: false).map(\.label) == ["Start break", "Snooze 10 min"])
    #expect(NotificationButtons.commands(.snooze, e, warning: false) == [.snooze(.seconds(600))])
    #expect(NotificationButtons.commands(.next, e, warning: false) == [.next])
    _ = e.apply(.next)
    #expect(NotificationButtons.commands(.snooze, e, warning: false) == nil)
  }

  @Test("each reminder rings the bell and notifies how long it has waited; the time-up alert is not repeated")
  func alerts() {
    var e = engine()
    let output = TextBuffer()
    let launches = Launches()
    let alerts = Alerts(
      settings: Alerts.Settings(bell: true, notifier: "/usr/bin/notify-send", hooks: [:], environment: [:]),
      output: output
    ) { argv, _, _ in launches.calls.append(argv) }
    step(alerts, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(alerts, &e) { $0.tick() }
    #expect(launches.calls.count == 1)
    clock.advance(.seconds(30))
    step(alerts, &e) { $0.tick() }
    #expect(launches.calls.count == 1)
    clock.advance(.seconds(30))
    step(alerts, &e) { $0.tick() }
    #expect(launches.calls.count == 2)
    #expect(launches.calls.last?[2] == "pomo: rest is waiting")
    #expect(launches.calls.last?[3] == "go ended 1m ago. Next: rest (0:05) after space or 'pomo next'")
    #expect(output.text.filter { $0 == "\u{07}" }.count == 2)
  }

  @Test("the voice says a reminder")
  func voice() {
    var e = engine()
    clock.advance(.seconds(10))
    #expect(VoiceCues.phrases(e.tick(), e) == ["time is up"])
    clock.advance(.seconds(60))
    #expect(VoiceCues.phrases(e.tick(), e) == ["still waiting: rest is next"])
  }
}
