import PomoControl
import PomoJournal
import PomoPlatform
import PomoSession

/// Where pomo keeps things, by the XDG Base Directory rules.
package struct Paths: Sendable {
  package var environment: [String: String]

  package init(environment: [String: String]) {
    self.environment = environment
  }

  package var home: String { environment["HOME"] ?? "/" }

  /// An XDG variable's folder, or the default; relative values are ignored, as the spec says.
  private func base(_ variable: String, default relative: String) -> String {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    return home.hasSuffix("/") ? home + relative : home + "/" + relative
  }

  package var configDirectory: String { base("XDG_CONFIG_HOME", default: ".config") + "/pomo" }
  package var presetsDirectory: String { configDirectory + "/presets" }
  package var configFile: String { configDirectory + "/config.json" }
  package var dataDirectory: String { base("XDG_DATA_HOME", default: ".local/share") + "/pomo" }
  package var stateDirectory: String { base("XDG_STATE_HOME", default: ".local/state") + "/pomo" }
  package var stateFolder: StateFolder { StateFolder(directory: stateDirectory) }
  package var stateFile: String { stateFolder.stateFile }
  /// Where the caches are kept: nil under `--no-cache` (`POMO_NO_CACHE` set, and not `0`),
  /// when every answer comes from the journal alone and no cache file is read or written.
  package var cacheDirectory: String? { usesCache ? base("XDG_CACHE_HOME", default: ".cache") + "/pomo" : nil }
  /// Whether caches are read and written: not under `--no-cache` or `POMO_NO_CACHE`.
  package var usesCache: Bool {
    guard let value = environment[Self.noCacheVariable] else { return true }
    return value.isEmpty || value == "0"
  }
  /// The variable `--no-cache` sets, so the processes a command starts recount as well.
  package static let noCacheVariable = "POMO_NO_CACHE"
  /// The running session's control socket's folder: `$XDG_RUNTIME_DIR/pomo` (it lives as
  /// long as the login), else the state folder.
  package var controlFolder: String {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/pomo"
    }
    return stateDirectory
  }

  /// The state folder as the control socket's name is keyed to it: resolved, so that two
  /// spellings of one folder reach the same session.
  package var controlKey: String { Platform.resolvedPath(stateDirectory) ?? stateDirectory }

  /// A client of this profile's running session (and only of it).
  package var controlClient: ControlClient {
    ControlClient(folder: controlFolder, stateFolder: controlKey, stateFile: stateFile)
  }

  /// The journal: `--journal`, else `POMO_JOURNAL`, else the folder in the XDG data folder.
  package func journal(override: String? = nil) -> String {
    if let override, !override.isEmpty { return override }
    if let env = environment["POMO_JOURNAL"], !env.isEmpty { return env }
    return defaultJournalFolder
  }

  /// The journal folder when none is chosen: one file per machine inside.
  package var defaultJournalFolder: String { dataDirectory + "/journal" }

  /// Where earlier versions kept the journal, as one file.
  package var legacyJournal: String { dataDirectory + "/journal.jsonl" }
}
