import PomoPlatform

/// A file pomo reads (a preset, the config) with contents it cannot use, said so that the
/// person can fix the file.
///
/// The description reads `FILE:LINE:COLUMN: KEY.PATH: message`, the way compilers report,
/// so editors and terminals can jump to the place.
package struct DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
  package var file: String
  package var position: SourcePosition?
  package var path: String?
  package var message: String

  package init(file: String, position: SourcePosition? = nil, path: String? = nil, message: String) {
    self.file = file
    self.position = position
    self.path = path
    self.message = message
  }

  package var description: String {
    var text = file
    if let position { text += ":\(position)" }
    text += ": "
    if let path, !path.isEmpty { text += "\(path): " }
    return text + message
  }
}
