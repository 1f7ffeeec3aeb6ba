import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of a test that starts real processes (a bus, a notification server, dunst,
  /// the built binary) and waits on them: it names a test that is stuck, and nothing more.
  ///
  /// Generous on purpose. Swift Testing runs a limited test's body as a child task, and the
  /// limit's clock starts before that task has a thread. On a loaded 2-core machine, where other
  /// tests hold both of the pool's threads, a body that needs 30 s can be minutes past its start
  /// before it runs (a 2-minute limit once failed three notification tests on CI that met every
  /// expectation). Every wait inside such a test is bounded already, and a synchronous
  /// body is never stopped by a limit, so a tight one only makes the run flaky.
  package static var hangLimit: Self { .timeLimit(.minutes(45)) }
}
