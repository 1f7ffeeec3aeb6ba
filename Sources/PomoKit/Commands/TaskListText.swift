import PomoCore
import PomoJournal
import PomoReport
import PomoTerminal

/// The table `pomo task list` prints, and its JSON.
enum TaskListText {
  static let table = TextTable(
    [.init("ID"), .init("TASK", cut: .end(soft: 40, floor: 10)), .init("POMODOROS"), .init("STATUS")],
    free: "TAGS", freeFloor: 10)

  static func render(
    _ tasks: [TaskProgress], _ pending: [TaskwarriorTask.Pending], width: Int, unicode: Bool,
    offset: (Double) -> Int, empty: String = "No tasks for today."
  ) -> String {
    if tasks.isEmpty && pending.isEmpty {
      return empty + " Add one with 'pomo task add \"TITLE\" --estimate 3'.\n"
    }
    // When the task was done, where the width has room for it; else only that it was.
    func rows(stamped: Bool) -> [[String]] {
      tasks.map { p -> [String] in
        let status = p.task.done.map { done -> String in
          guard stamped else { return "done" }
          let stamp = RFC3339.format(done, offset: offset(done))
          return "done \(stamp.prefix(10)) \(stamp.dropFirst(11).prefix(5))"
        }
        return [
          TaskAccess.short(p.task.id), p.task.title,
          TaskDots.render(estimate: p.task.estimate, pomodoros: p.pomodoros, unicode: unicode), status ?? "open",
          TagList.text(p.task.tags),
        ]
      } + pending.map { [$0.reference, $0.description, "", "taskwarrior", $0.project ?? ""] }
    }
    let full = table.render(rows(stamped: true), width: width, unicode: unicode)
    if full.split(separator: "\n").allSatisfy({ TextLayout.width(String($0)) < width }) { return full }
    return table.render(rows(stamped: false), width: width, unicode: unicode)
  }

  static func json(_ tasks: [TaskProgress], _ pending: [TaskwarriorTask.Pending], offset: (Double) -> Int) -> String {
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    let items: [JSONOutput] =
      tasks.map { p in
        .object([
          ("id", .string(p.task.id)), ("short", .string(String(p.task.id.prefix(8)))), ("title", .string(p.task.title)),
          ("estimate", p.task.estimate.map { .int(Int64($0)) } ?? .null), ("pomodoros", .int(Int64(p.pomodoros))),
          ("overrun", .int(Int64(p.overrun))), ("tags", .array(p.task.tags.map(JSONOutput.string))),
          ("at", time(p.task.at)), ("done", p.task.done.map(time) ?? .null), ("source", .string("pomo")),
        ])
      }
      // The same keys as pomo's own, so a reader of the array finds each in every item: what
      // pomo does not know of a Taskwarrior task is null (no estimate, not made here, pending).
      + pending.map { t in
        .object([
          ("id", .string(t.reference)), ("short", .string(t.reference)), ("title", .string(t.description)),
          ("estimate", .null), ("pomodoros", .int(0)), ("overrun", .int(0)),
          ("tags", .array(t.project.map { [.string($0)] } ?? [])), ("at", .null), ("done", .null),
          ("source", .string("taskwarrior")),
        ])
      }
    return JSONOutput.array(items).text + "\n"
  }
}
