import Foundation
import PackagePlugin

/// Gives PomoKit the version it reports, read at build time from the one place that names it:
/// the first `## [X.Y.Z] - DATE` heading of CHANGELOG.md. The commit the binary is built from
/// comes from the `.git` folder's files (no `git` process), so `pomo --version` says
/// `pomo 1.0.0 (abc1234)`; from a source tarball, with no `.git`, it says `pomo 1.0.0`.
///
/// The files the commit is read from are the command's inputs, so a new commit, a checkout or
/// a change to the CHANGELOG builds the version again.
@main
struct EmbedBuildInfo: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let changelog = root.appending(path: "CHANGELOG.md")
    let dotGit = root.appending(path: ".git")
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
    return [
      .buildCommand(
        displayName: "Reading pomo's version from CHANGELOG.md and its commit from .git",
        executable: try context.tool(named: "BuildInfoEmbedder").url,
        arguments: [output.path, changelog.path, dotGit.path],
        inputFiles: [changelog] + Self.gitFiles(dotGit),
        outputFiles: [output])
    ]
  }

  /// The files of `.git` whose change can move HEAD to another commit, those that exist: a
  /// worktree's `.git` file, HEAD, its log (written on every commit, even when the branch's
  /// ref lives only in packed-refs), the branch's ref and packed-refs.
  static func gitFiles(_ dotGit: URL) -> [URL] {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    guard files.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return [] }
    var found = [URL]()
    var gitDir = dotGit
    if !isFolder.boolValue {
      // A worktree: `.git` is a file that says `gitdir: PATH`.
      found.append(dotGit)
      guard let text = try? String(contentsOf: dotGit, encoding: .utf8),
        let line = text.split(separator: "\n").first, line.hasPrefix("gitdir:")
      else { return found }
      let path = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
      gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : dotGit.deletingLastPathComponent().appending(path: path)
    }
    var commonDir = gitDir
    if let text = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8) {
      let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
      commonDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path)
    }
    let head = gitDir.appending(path: "HEAD")
    var candidates = [head, gitDir.appending(path: "logs/HEAD"), commonDir.appending(path: "packed-refs")]
    if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
      let ref = text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)
      candidates += [gitDir.appending(path: ref), commonDir.appending(path: ref)]
    }
    for url in candidates where files.fileExists(atPath: url.path) && !found.contains(url) {
      found.append(url)
    }
    return found
  }
}
