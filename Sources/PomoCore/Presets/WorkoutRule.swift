/// Whether a session is a workout or focus: the one rule every report, format and status bar
/// follows (docs/journal.md, "What a record counts").
///
/// A preset says so (`"workout": true`; by default a preset that cues its changes is one), and
/// so do the built-ins `hiit`, `tabata`, `tabata-moves`, `emom`, `ladder`, `amrap`, `stretch`
/// and `stretch-sides`. A quick timer is a workout when it has a rest and its work is shorter
/// than five minutes (`40s/20s`), and focus otherwise (`25m`, `50m/10m`). A record says which
/// it was (`"workout": true`); one written before pomo recorded it is read by its preset's
/// name, by the same rule.
package enum WorkoutRule {
  /// A quick timer's work phase shorter than this, with a rest after it, is interval training.
  package static let longestIntervalWork: Duration = .seconds(300)

  package static func isWorkout(_ timer: QuickTimer) -> Bool {
    timer.rest != nil && timer.work < longestIntervalWork
  }

  /// The built-in presets that are workouts, by name.
  package static let builtInWorkouts: [String] = {
    ((try? PresetCatalog.builtIns()) ?? []).filter(\.workout).map(\.name).sorted()
  }()

  private static let builtInBytes: [[UInt8]] = builtInWorkouts.map { Array($0.utf8) }

  /// For a record that does not say: whether its preset's name is a built-in workout or a
  /// quick timer that is one.
  package static func isWorkout(presetName: String) -> Bool {
    var name = presetName
    return name.withUTF8 { isWorkout(presetUTF8: $0) }
  }

  /// `isWorkout(presetName:)` from the name's bytes, so a journal's lines need no string for a
  /// name that is neither (only a quick timer's name is parsed).
  package static func isWorkout(presetUTF8 name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = name.first else { return false }
    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".")
      || first == UInt8(ascii: ",")
    {
      guard name.contains(UInt8(ascii: "/")), case .success(let timer) = QuickTimer.parse(String(decoding: name, as: UTF8.self))
      else { return false }
      return isWorkout(timer)
    }
    return builtInBytes.contains { $0.count == name.count && $0.elementsEqual(name) }
  }
}
