/// The first day of a week: `--week-start` and the config's `week_start`.
package enum WeekStart: String, ChoiceValue {
  case monday, sunday

  /// The ISO weekday number: 1 for Monday, 7 for Sunday.
  package var isoDay: Int { self == .monday ? 1 : 7 }
}
