import Foundation

/// The live processes whose `HOME` is a test's home, read from `/proc`: what a session started
/// there (its players, the guards that feed them), and the session itself. Zombies are left
/// out: they run nothing, their parent has only not reaped them yet.
package enum HomeProcesses {
  /// Each live process with `HOME=home`, by pid, with its command line.
  package static func live(home: String) -> [(pid: Int32, argv: [String])] {
    var found: [(pid: Int32, argv: [String])] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(name) else { continue }
      func read(_ what: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(what)") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      }
      guard read("environ").contains("HOME=\(home)") else { continue }
      let stat = read("stat").first ?? ""
      if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { continue }
      found.append((pid, read("cmdline")))
    }
    return found
  }
}
