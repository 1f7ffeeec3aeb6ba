import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

/// Commands that show or record local times say once, on stderr, when TZ is unusable.
enum TimeZoneCheck {
  static func warn(_ context: Context) {
    if let line = SystemZone.warning(context.environment) { context.errors.write(line + "\n") }
  }
}
