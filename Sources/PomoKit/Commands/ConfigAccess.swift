import PomoCore

/// The user's config file, with errors as exit 65.
enum ConfigAccess {
  static func load(_ context: Context) throws(CLIError) -> Config {
    do {
      return try Config.load(path: context.paths.configFile)
    } catch {
      throw .data(error.description)
    }
  }
}
