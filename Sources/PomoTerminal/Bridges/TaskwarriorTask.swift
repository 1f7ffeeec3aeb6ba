import PomoCore

/// A Taskwarrior task a session works on (`pomo start work --task tw:12`): its description is
/// the session's note and its project a tag, and when the session ends the task is annotated
/// with the focus it got (`TaskwarriorAnnotation`).
public struct TaskwarriorTask: Equatable, Sendable {
  /// How `task` names it: its id or its UUID.
  public var reference: String
  public var description: String
  public var project: String?

  public init(reference: String, description: String, project: String?) {
    self.reference = reference
    self.description = description
    self.project = project
  }

  /// "tw:12" or "tw:UUID" as the task's reference; nil when `text` is neither.
  public static func reference(_ text: String) -> String? {
    guard text.hasPrefix("tw:") else { return nil }
    let reference = String(text.dropFirst(3))
    let id = (1...9).contains(reference.count) && reference.allSatisfy(\.isASCIIDigit) && Int(reference) != 0
    let uuid = reference.count == 36 && reference.allSatisfy { $0.isHexDigit || $0 == "-" }
    return id || uuid ? reference : nil
  }

  /// The arguments that make `task` print the task as JSON, asking nothing and running no hook.
  public static func exportArguments(_ reference: String) -> [String] {
    ["rc.verbose=nothing", "rc.confirmation=off", "rc.hooks=off", reference, "export"]
  }

  /// The task in `task … export`'s output; nil when it holds none.
  public static func parse(_ output: [UInt8], reference: String) -> TaskwarriorTask? {
    guard let value = try? JSONParser.parse(output), let first = value.arrayValue?.first,
      let description = first["description"]?.stringValue
    else { return nil }
    let project = first["project"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    return TaskwarriorTask(reference: reference, description: description, project: project)
  }

  /// The arguments that annotate the task with a session's focus: "pomo: 25:00 focus".
  public func annotateArguments(focus: Duration) -> [String] {
    ["rc.verbose=nothing", "rc.confirmation=off", reference, "annotate", "pomo: \(TimeText.clock(focus)) focus"]
  }
}
