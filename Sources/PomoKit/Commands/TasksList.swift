import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo.Tasks {
  /// `pomo task list [--all] [--json]`: today's tasks, estimate against actual.
  package enum List: Command {
    package static let spec = CommandSpec(
      name: "list",
      abstract: "List today's tasks: open ones and those done today, estimate against actual.",
      discussion: """
        Each task shows its Pomodoros against its estimate, in dots and in numbers: 2/3 is
        two of three, 4/3 +1 one over. Days begin at the config's day_start. With the config key
        "taskwarrior": true, Taskwarrior's pending tasks follow (use them with
        'pomo start work --task tw:ID').
        """,
      options: [all.spec, SharedOptions.json.spec, SharedOptions.journal.spec])

    static let all = Option<Bool>.flag("all", help: "Every task, done on any day.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let config = try ConfigAccess.load(context)
      let journal = JournalAccess.journal(arguments, context)
      let calendar = LocalCalendar(zone: context.zone, dayStart: config.dayStart)
      let today = calendar.start(of: calendar.day(of: context.clock.wallSeconds()))
      let everyDay = arguments[all]
      // Only the tasks listed are counted.
      let tasks = try TaskAccess.tasks(journal, context, everyDay ? .all : TaskQuery(done: today..<Double.infinity))
      let pending = config.taskwarrior ? taskwarrior(context) : []
      if arguments[SharedOptions.json] {
        context.writeJSON(TaskListText.json(tasks, pending, offset: context.zone.offset))
      } else {
        context.output.write(
          TaskListText.render(
            tasks, pending, width: context.width, unicode: context.unicode, offset: context.zone.offset,
            empty: arguments[all] ? "No tasks yet." : "No tasks for today."))
      }
      return ExitCode.success
    }

    /// Taskwarrior's pending tasks; none, after a warning, when `task` is missing or fails.
    static func taskwarrior(_ context: Context) -> [TaskwarriorTask.Pending] {
      guard Spawner.find("task", path: context.environment["PATH"]) != nil else {
        context.errors.write("pomo: warning: task (Taskwarrior) is not found; its pending tasks are not listed\n")
        return []
      }
      guard
        let run = Spawner.output(["task"] + TaskwarriorTask.pendingArguments, environment: context.environment),
        run.status == 0, let pending = TaskwarriorTask.pending(run.output)
      else {
        context.errors.write("pomo: warning: Taskwarrior's pending tasks could not be read ('task export' failed)\n")
        return []
      }
      return pending
    }
  }
}
