import PomoPlatform

/// Reads typed values out of a parsed JSON file, with errors that name the file,
/// position and key path. Shared by the preset and config readers.
package struct JSONReader {
  package var file: String

  /// A duration as preset and config files have it: text such as `"25m"`, or a bare number of
  /// seconds (`120`); `example` is the text the error shows (`"25m"`).
  package func duration(_ value: JSONValue, path: String, example: String = "25m") throws(DataFileError) -> Duration {
    let result: Result<Duration, DurationText.Problem>
    switch value.kind {
    case .string(let text): result = DurationText.parse(text)
    case .number(let text): result = DurationText.fromSeconds(Double(text) ?? .infinity)
    default:
      throw error(value, path, "expected a duration like \"\(example)\" or a number of seconds, got \(value.typeName)")
    }
    switch result {
    case .success(let duration): return duration
    case .failure(let problem): throw error(value, path, problem.message(for: value.snippet))
    }
  }

  package func error(_ value: JSONValue, _ path: String, _ message: String) -> DataFileError {
    DataFileError(file: file, position: value.position, path: path, message: message)
  }

  package func fields(
    _ value: JSONValue, path: String, allowed: [String], required: [String]
  ) throws(DataFileError) -> [String: JSONValue] {
    guard case .object(let members) = value.kind else {
      throw error(value, path, "expected an object, got \(value.typeName)")
    }
    var result: [String: JSONValue] = [:]
    for member in members {
      let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
      guard allowed.contains(member.key) else {
        var message = "unknown key"
        if let guess = Suggestion.closest(to: member.key, in: allowed) { message += "; did you mean \"\(guess)\"?" }
        throw DataFileError(file: file, position: member.keyPosition, path: memberPath, message: message)
      }
      result[member.key] = member.value
    }
    for key in required where result[key] == nil {
      let keyPath = path.isEmpty ? key : "\(path).\(key)"
      throw DataFileError(file: file, position: value.position, path: keyPath, message: "missing required key")
    }
    return result
  }

  package func string(_ value: JSONValue, path: String) throws(DataFileError) -> String {
    guard case .string(let s) = value.kind else {
      throw error(value, path, "expected a string, got \(value.typeName)")
    }
    return s
  }

  package func boolean(_ value: JSONValue, path: String) throws(DataFileError) -> Bool {
    guard case .bool(let b) = value.kind else {
      throw error(value, path, "expected true or false, got \(value.typeName)")
    }
    return b
  }

  /// A whole number in `range`. As in JSON Schema, a number whose value is whole counts,
  /// however it is written: `4`, `4.0` and `0.4e1` are all 4.
  package func integer(_ value: JSONValue, path: String, in range: ClosedRange<Int>) throws(DataFileError) -> Int {
    guard case .number(let text) = value.kind else {
      throw error(
        value, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.typeName)")
    }
    // Compared as a double, the way JSON Schema validators read JSON numbers.
    guard let d = Double(text), d.isFinite, d.rounded() == d, Double(range.lowerBound) <= d,
      d <= Double(range.upperBound)
    else {
      throw error(
        value, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.snippet)")
    }
    return Int(d)
  }

}
