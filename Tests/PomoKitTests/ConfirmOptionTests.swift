import PomoKitTestSupport
import PomoTestSupport
import Testing

@Suite("--confirm and --no-confirm")
struct ConfirmOptionTests {
  @Test("--confirm --no-confirm is refused with --dry-run too")
  func refusedWithDryRun() throws {
    try TemporaryFolder.with { home in
      let result = InProcess(home: home.path).run("start", "25m", "--confirm", "--no-confirm", "--dry-run")
      #expect(result.status == 64)
      #expect(result.out.isEmpty)
      #expect(result.err.hasPrefix("Error: --confirm and --no-confirm cannot be used together\n"))
    }
  }
}
