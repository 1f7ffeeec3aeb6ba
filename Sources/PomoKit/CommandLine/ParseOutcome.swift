/// What the parser found instead of a command to run.
enum ParseOutcome: Error {
  case help
  case failed(CLIError)
}
