import PomoCore
import Testing

@testable import PomoControl

/// "Snooze 10 min" as a request on the control socket, so any way in can put a reminder off.
@Suite("Control protocol: snooze")
struct SnoozeRequestTests {
  @Test("snooze travels as whole milliseconds and reads back; a bad amount is refused")
  func roundTrip() {
    let bytes = ControlProtocol.encode(.command(.snooze(.seconds(600))))
    #expect(String(decoding: bytes, as: UTF8.self) == "snooze 600000\n")
    #expect(ControlProtocol.request(bytes.dropLast()[...]) == .success(.command(.snooze(.seconds(600)))))
    #expect(ControlProtocol.request(Array("snooze 0".utf8)[...]) == .failure(.badValue("0")))
    #expect(ControlProtocol.request(Array("snooze".utf8)[...]) == .failure(.unknown("snooze")))
  }
}
