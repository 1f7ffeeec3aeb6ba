import Foundation
import PomoKitTestSupport
import Testing

@testable import PomoKit

/// `pomo doctor`: a section per check, laid out for narrow terminals, plain for pipes.
@Suite("pomo doctor")
struct DoctorTests {
  @Test("a section per check, each line indented and wrapped within 40 columns, bold titles only with colour")
  func layout() {
    let sections = [
      ("Notifications", ["no session bus: DBUS_SESSION_BUS_ADDRESS is not set", "fallback: /usr/bin/notify-send"]),
      ("Nudge", ["work days: mon–fri"]),
    ]
    let plain = Pomo.Doctor.render(sections, width: 40, color: false)
    #expect(
      plain == """
        Notifications
          no session bus:
            DBUS_SESSION_BUS_ADDRESS is not set
          fallback: /usr/bin/notify-send

        Nudge
          work days: mon–fri

        """)
    #expect(plain.split(separator: "\n").allSatisfy { $0.count <= 40 })
    #expect(!plain.contains("\u{1B}"))
    #expect(Pomo.Doctor.render(sections, width: 40, color: true).hasPrefix("\u{1B}[1mNotifications\u{1B}[0m\n"))
  }

  @Test("every check prints, in order, and exits 0 whatever it finds; --json names them; NO_COLOR and a pipe are plain")
  func run() throws {
    var pomo = InProcess(home: "/nonexistent-home")
    pomo.environment["COLUMNS"] = "40"
    pomo.environment["NO_COLOR"] = "1"
    let text = pomo.run("doctor", "--color", "auto")
    #expect(text.status == 0)
    #expect(text.err == "")
    let titles = DoctorCheck.all.map(\.title)
    #expect(
      titles == [
        "Config", "Notifications", "Do not disturb", "Sound players", "Ambient sound", "Music",
        "Sleep, screen and break lock", "Nudge",
      ])
    let headings = text.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
    #expect(headings == titles)
    #expect(text.out.contains("no session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
    // Each feature off by default says so, and how to turn it on.
    for off in ["off (\"sounds\": {\"ambient\"", "off (\"music\":", "inhibit: off", "break lock: off"] {
      #expect(text.out.replacingOccurrences(of: "\n    ", with: " ").contains(off), "\(off)")
    }
    #expect(!text.out.contains("\u{1B}"))
    let json = pomo.run("doctor", "--json")
    #expect(json.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let checks = try #require(object["checks"] as? [[String: Any]])
    #expect(checks.compactMap { $0["name"] as? String } == titles)
    #expect(checks.allSatisfy { !(($0["lines"] as? [String]) ?? []).isEmpty })
  }

  @Test("a config that does not load is said in its section; the other checks use the defaults")
  func badConfig() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/.config/pomo", withIntermediateDirectories: true)
    try #"{"remind": "soon"}"#.write(toFile: folder + "/.config/pomo/config.json", atomically: true, encoding: .utf8)
    var pomo = InProcess(home: folder)
    pomo.environment["COLUMNS"] = "1000"
    let run = pomo.run("doctor")
    #expect(run.status == 0)
    #expect(run.out.contains("remind: expected a duration"), "\(run.out)")
    #expect(run.out.contains("remind: off"))
  }
}
