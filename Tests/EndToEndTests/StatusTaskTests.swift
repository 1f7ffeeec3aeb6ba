import Foundation
import PomoTestSupport
import Testing

/// `pomo status` names the task a session started with `--task` works on: its id and title in
/// the JSON, a short form in the line, and nothing of the kind without one.
@Suite("The task in pomo status", .endToEnd)
struct StatusTaskTests {
  /// Starts the long preset in the background with `options`, and returns what `pomo status`
  /// says once its focus runs.
  static func statusLine(in home: PomoHome, starting options: [String]) async throws -> String {
    _ = try home.launch(["start", home.preset("long")] + options + ["--no-notify", "--no-input"])
    return try #require(await home.run(["status"], until: { $0.out.hasPrefix("WORK") })).out
  }

  @Test("pomo status names the session's --task: a short form in the line, id and title in the JSON")
  func statusNamesTheTask() async throws {
    let fixture = try PomoHome()
    defer { fixture.cleanUp() }
    let add = try await fixture.run("task", "add", "Write the third chapter of the thesis")
    #expect(add.status == 0, "\(add.err)")
    let id = add.out.trimmingCharacters(in: .newlines)
    let line = try await Self.statusLine(in: fixture, starting: ["--task", id])
    #expect(line.hasSuffix(#", task \#(id) "Write the third chapter…")"# + "\n"), "\(line)")
    let json = try await fixture.run("status", "--json").out
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let task = try #require(object["task"] as? [String: Any], "\(json)")
    #expect((task["id"] as? String)?.hasPrefix(id) == true && (task["id"] as? String)?.count == 36, "\(json)")
    #expect(task["title"] as? String == "Write the third chapter of the thesis")
  }

  @Test("pomo status says nothing of a task when the session has none")
  func noTaskNoMention() async throws {
    let fixture = try PomoHome()
    defer { fixture.cleanUp() }
    let line = try await Self.statusLine(in: fixture, starting: [])
    #expect(!line.contains("task"), "\(line)")
    #expect(!(try await fixture.run("status", "--json").out.contains(#""task""#)))
  }
}
