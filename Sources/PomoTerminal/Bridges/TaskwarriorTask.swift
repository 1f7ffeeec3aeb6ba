import PomoCore

/// A Taskwarrior task a session works on (`pomo start work --task tw:12`): its description is
/// the session's note and its project a tag, and when the session ends the task is annotated
/// with the focus it got (`TaskwarriorAnnotation`).
package struct TaskwarriorTask: Equatable, Sendable {
  /// How the user named it: its id or its UUID.
  package var reference: String
  package var description: String
  package var project: String?
  /// Its UUID, read when the session starts: an id is only the task's place in Taskwarrior's
  /// list of the moment, and another task takes it once the list is renumbered.
  package var uuid: String?

  package init(reference: String, description: String, project: String?, uuid: String? = nil) {
    self.reference = reference
    self.description = description
    self.project = project
    self.uuid = uuid
  }

  /// "tw:12" or "tw:UUID" as the task's reference; nil when `text` is neither.
  package static func reference(_ text: String) -> String? {
    guard text.hasPrefix("tw:") else { return nil }
    let reference = String(text.dropFirst(3))
    let id = (1...9).contains(reference.count) && reference.allSatisfy(\.isASCIIDigit) && Int(reference) != 0
    let uuid = reference.count == 36 && reference.allSatisfy { $0.isHexDigit || $0 == "-" }
    return id || uuid ? reference : nil
  }

  /// The arguments that make `task` print the task as JSON, asking nothing and running no hook.
  package static func exportArguments(_ reference: String) -> [String] {
    ["rc.verbose=nothing", "rc.confirmation=off", "rc.hooks=off", reference, "export"]
  }

  /// The task in `task … export`'s output; nil when it holds none.
  package static func parse(_ output: [UInt8], reference: String) -> TaskwarriorTask? {
    guard let value = try? JSONParser.parse(output), let first = value.arrayValue?.first,
      let description = first["description"]?.stringValue
    else { return nil }
    let project = first["project"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let uuid = first["uuid"]?.stringValue.flatMap { isUUID($0) ? $0 : nil }
    return TaskwarriorTask(reference: reference, description: description, project: project, uuid: uuid)
  }

  /// Whether `text` is a UUID as Taskwarrior writes one.
  static func isUUID(_ text: String) -> Bool {
    text.count == 36 && text.allSatisfy { $0.isHexDigit || $0 == "-" }
  }

  /// The arguments that make `task` print its pending tasks as JSON, asking nothing.
  package static let pendingArguments = [
    "rc.verbose=nothing", "rc.confirmation=off", "rc.hooks=off", "status:pending", "export",
  ]

  /// A pending task as `pomo task list` shows it: its id (`tw:12`, or its UUID's start when
  /// it has no id), description and project.
  package struct Pending: Equatable, Sendable {
    package var reference: String
    package var description: String
    package var project: String?
  }

  /// The pending tasks in `task status:pending export`'s output, by Taskwarrior's id; nil
  /// when the output is not a JSON array.
  package static func pending(_ output: [UInt8]) -> [Pending]? {
    guard let value = try? JSONParser.parse(output), let items = value.arrayValue else { return nil }
    let tasks = items.compactMap { item -> (Int, Pending)? in
      guard let description = item["description"]?.stringValue else { return nil }
      let number = item["id"]?.doubleValue.map { Int($0) } ?? 0
      let uuid = item["uuid"]?.stringValue ?? ""
      let project = item["project"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      let reference = number > 0 ? "tw:\(number)" : "tw:" + uuid
      return (number, Pending(reference: reference, description: description, project: project))
    }
    return tasks.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The arguments that annotate the task with a session's focus: "pomo: 25:00 focus". The
  /// task is named by its UUID, which no renumbering gives to another task.
  package func annotateArguments(focus: Duration) -> [String] {
    ["rc.verbose=nothing", "rc.confirmation=off", uuid ?? reference, "annotate", "pomo: \(TimeText.clock(focus)) focus"]
  }
}
