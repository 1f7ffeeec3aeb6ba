/// The days you work (`"work_days": ["mon", "tue", "wed", "thu", "fri"]`): `pomo nudge`
/// nudges only on them.
package struct WorkDays: Equatable, Sendable {
  /// ISO weekday numbers: 1 for Monday, 7 for Sunday.
  package var days: Set<Int>

  package init(_ days: Set<Int>) { self.days = days }

  /// Monday to Friday, when the config names none.
  package static let standard = WorkDays([1, 2, 3, 4, 5])

  /// The names the config takes, Monday first.
  package static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  /// Whether ISO weekday `weekday` (1 = Monday) is a work day.
  package func contains(_ weekday: Int) -> Bool { days.contains(weekday) }

  /// "mon–fri", "mon, wed, fri", "none": the days in order, for `pomo doctor` and `--dry-run`.
  package var text: String {
    let sorted = days.sorted()
    if sorted.isEmpty { return "none" }
    if sorted.count > 2, sorted.last! - sorted.first! == sorted.count - 1 {
      return "\(Self.names[sorted.first! - 1])–\(Self.names[sorted.last! - 1])"
    }
    return sorted.map { Self.names[$0 - 1] }.joined(separator: ", ")
  }

  /// Reads `"work_days"`: an array of day names (`"mon"` … `"sun"`), each at most once; an
  /// empty array is no work day at all, so `pomo nudge` never nudges.
  static func parse(_ value: JSONValue, _ reader: JSONReader) throws(DataFileError) -> WorkDays {
    guard case .array(let items) = value.kind else {
      throw reader.error(value, "work_days", "expected an array of days like [\"mon\", \"tue\"], got \(value.typeName)")
    }
    var days = Set<Int>()
    for (i, item) in items.enumerated() {
      let text = try reader.string(item, path: "work_days[\(i)]")
      guard let index = names.firstIndex(of: text.lowercased()) else {
        let choices = names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw reader.error(item, "work_days[\(i)]", "expected one of \(choices), got \(item.snippet)")
      }
      guard days.insert(index + 1).inserted else {
        throw reader.error(item, "work_days[\(i)]", "\(item.snippet) is named twice")
      }
    }
    return WorkDays(days)
  }
}
