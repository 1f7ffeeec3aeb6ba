import PomoPlatform

/// The desktop notifier of this system, if it has one.
enum Notifier {
  static func find(environment: [String: String]) -> String? {
    #if canImport(Darwin)
      return Spawner.find("osascript", path: environment["PATH"])
    #else
      return Spawner.find("notify-send", path: environment["PATH"])
    #endif
  }
}
