import Testing

/// A Taskwarrior database of a test's own, in its HOME (`TASKRC`, `TASKDATA`), and the real
/// `task` run in it.
extension PomoHome {
  package mutating func useOwnTaskwarrior() throws {
    environment["TASKRC"] = folder.file("taskrc")
    environment["TASKDATA"] = folder.file("task")
    try folder.write("taskrc", "data.location=\(folder.file("task"))\n")
    try folder.write("task/.keep", "")
  }

  /// `task WORDS`, without questions or chatter.
  package func task(_ words: [String]) async throws -> Finished {
    let task = try #require(RequiredTool.path(of: "task"))
    return try await runProgram([task, "rc.confirmation=off", "rc.verbose=nothing"] + words, environment: environment)
  }
}
