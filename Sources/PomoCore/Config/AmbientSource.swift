/// The sound played through focus (`"sounds": {"ambient": …}`): a noise pomo makes itself, or a
/// WAV file of one's own, looped with no gap.
package enum AmbientSource: Equatable, Sendable {
  case noise(NoiseColor)
  case file(String)

  /// `"brown"`, `"pink"`, `"white"`, or a file's path; null for none.
  package static func parse(_ value: JSONValue, _ reader: JSONReader) throws(DataFileError) -> AmbientSource? {
    if case .null = value.kind { return nil }
    guard case .string(let text) = value.kind else {
      throw reader.error(
        value, "sounds.ambient", "expected \"brown\", \"pink\", \"white\" or a WAV file, got \(value.snippet)")
    }
    if text.isEmpty {
      throw reader.error(value, "sounds.ambient", "expected \"brown\", \"pink\", \"white\" or a WAV file, got an empty string")
    }
    return NoiseColor(rawValue: text).map { .noise($0) } ?? .file(text)
  }
}
