import PomoCore

extension Config {
  /// The error a config file named `file` holding `text` is refused with; nil when it is
  /// taken. Tests of bad settings read the message from it.
  package static func refusal(_ text: String, file: String = "c.json") -> DataFileError? {
    do {
      _ = try parse(Array(text.utf8), file: file)
      return nil
    } catch {
      return error
    }
  }
}
