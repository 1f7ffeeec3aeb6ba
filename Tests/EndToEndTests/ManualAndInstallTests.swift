import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoKit

@Suite("The manual, pomo(1)", .endToEnd)
struct ManualTests {
  @Test("mandoc -T lint -W all reports nothing", .requires(.mandoc))
  func lint() async throws {
    guard let mandoc = Shells.require("mandoc") else { return }
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let page = try await runPomo(["manual"], environment: ["HOME": home.path])
    #expect(page.status == 0)
    let file = try home.write("pomo.1", page.out)
    let lint = try await runProgram([mandoc, "-T", "lint", "-W", "all", file], environment: ["PATH": Shells.searchPath])
    #expect(lint.out + lint.err == "")
    #expect(lint.status == 0)
  }

  @Test("man -l renders it, with every section, command and option", .requires(.man))
  func renders() async throws {
    guard let man = Shells.require("man") else { return }
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let file = try home.write("pomo.1", InProcess(home: home.path).run("manual").out)
    let result = try await runProgram(
      [man, "-l", file],
      environment: [
        "PATH": Shells.searchPath, "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8",
        "HOME": home.path,
      ])
    #expect(result.status == 0, "\(result.err)")
    // Rendered text, with any overstrike (bold, underline) taken out.
    let text = result.out.replacing(/.\u{8}/, with: "")
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "PRESETS", "JOURNAL", "ENVIRONMENT", "FILES", "EXIT STATUS",
      "EXAMPLES",
    ] {
      #expect(text.contains("\n\(section)\n"), "\(section)")
    }
    #expect(text.contains("pomo — a Pomodoro and interval-training timer for the terminal"))
    #expect(text.contains("     pomo presets show [options] preset\n"))
    #expect(text.contains("     -r n, --rounds n\n"))
    #expect(text.contains("     --week-start day\n             The first day of the week: monday or sunday."))
    for (code, _) in ManualPage.exitStatuses { #expect(text.contains("\n     \(code) ")) }
    #expect(text.contains("           pomo report --week last --tag thesis\n"))
    for (path, node) in ManualPage.commands(Pomo.node) {
      #expect(text.contains("   \(path.joined(separator: " "))\n"), "\(path)")
      for option in node.spec.options { #expect(text.contains("--\(option.long)"), "\(path) --\(option.long)") }
    }
  }

  @Test("roff special characters are escaped: leading dots and quotes, backslashes, option hyphens")
  func escaping() {
    #expect(ManualPage.text(".hidden") == "\\&.hidden")
    #expect(ManualPage.text("'quoted") == "\\&'quoted")
    #expect(ManualPage.text("a \\ b") == "a \\e b")
    #expect(ManualPage.text("use --week-start or -r, not x-y") == "use \\-\\-week\\-start or \\-r, not x-y")
    #expect(ManualPage.sentences("One. Two ends here.") == ["One.", "Two ends here."])
    #expect(ManualPage.fill(String(repeating: "word ", count: 30)).allSatisfy { $0.utf8.count <= 80 })
    #expect(
      ManualPage.fill("x " + String(repeating: "y", count: 74) + " .dot") == [
        "x " + String(repeating: "y", count: 74), "\\&.dot",
      ])
    #expect(ManualPage.label(SharedOptions.rounds.spec) == "Fl r Ar n , Fl \\-rounds Ar n")
  }

  @Test("pomo manual --help and an unexpected argument")
  func help() {
    let pomo = InProcess(home: "/nonexistent")
    #expect(pomo.run("manual", "--help").out.hasPrefix("OVERVIEW: Print the manual page, pomo(1), in roff (mdoc).\n"))
    let extra = pomo.run("manual", "extra")
    #expect(extra.status == 64)
    #expect(extra.err.hasPrefix("Error: unexpected argument 'extra'\n"))
  }
}

@Suite("Scripts/install.sh", .endToEnd)
struct InstallTests {
  @Test(
    "installs the binary, the manual and the completions where each tool looks under ~/.local",
    .requires(.bash, .bashCompletion, .zsh, .fish, .man))
  func install() async throws {
    guard let bash = Shells.require("bash") else { return }
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "PATH": Shells.searchPath]
    // The debug binary: a release build in the test suite would take minutes.
    let result = try await runProgram(
      [bash, packageRoot + "/Scripts/install.sh", "--binary", pomoBinary], environment: environment, timeout: 120)
    #expect(result.status == 0, "\(result.err)")
    let prefix = home.file(".local")
    let installed = [
      "bin/pomo", "share/man/man1/pomo.1", "share/bash-completion/completions/pomo",
      "share/zsh/site-functions/_pomo", "share/fish/vendor_completions.d/pomo.fish",
    ]
    #expect(
      result.out == installed.map { "installed \(prefix)/\($0)\n" }.joined()
        + "note: \(prefix)/bin is not on your PATH\n"
        + "note: for zsh, add 'fpath+=(\(prefix)/share/zsh/site-functions)' before compinit in ~/.zshrc\n")
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/pomo"))
    #expect(home.read(".local/share/man/man1/pomo.1") == InProcess(home: home.path).run("manual").out)

    // Each shell finds what was installed on its own, with pomo from PREFIX/bin.
    let shellEnvironment = Shells.environment(home: home.path, binFolder: prefix + "/bin")
    if let got = try await Shells.bash(["pomo", "st"], script: nil, environment: shellEnvironment, folder: home) {
      #expect(got == ["start", "status", "stop"])
    }
    if let got = try await Shells.fish("pomo presets show hi", script: nil, environment: shellEnvironment) {
      #expect(got == ["hiit"])
    }
    if let got = try await Shells.zsh(
      "pomo report --format ", functionFolder: prefix + "/share/zsh/site-functions", environment: shellEnvironment,
      folder: home)
    {
      #expect(got == ["csv", "html", "json", "svg", "text"])
    }
    if let man = Shells.require("man") {
      let page = try await runProgram(
        [man, "-M", prefix + "/share/man", "pomo"],
        environment: ["PATH": Shells.searchPath, "MANPAGER": "cat", "MANWIDTH": "80", "HOME": home.path])
      #expect(page.status == 0, "\(page.err)")
      #expect(page.out.contains("interval-training timer"))
    }
  }

  @Test("--prefix DIR installs there; a bad argument exits 64", .requires(.bash))
  func prefixAndUsage() async throws {
    guard let bash = Shells.require("bash") else { return }
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "PATH": Shells.searchPath]
    let prefix = home.file("opt/pomo")
    let result = try await runProgram(
      [bash, packageRoot + "/Scripts/install.sh", "--prefix", prefix, "--binary", pomoBinary], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/pomo"))
    #expect(!FileManager.default.fileExists(atPath: home.file(".local")))
    let bad = try await runProgram([bash, packageRoot + "/Scripts/install.sh", "--prefx", prefix], environment: environment)
    #expect(bad.status == 64)
    #expect(bad.err.hasPrefix("install.sh: unknown argument '--prefx'\n"))
  }
}
