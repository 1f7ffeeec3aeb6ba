/// Where a preset came from; user files override built-ins of the same name.
package enum PresetSource: Equatable, Sendable {
  case builtIn
  case file(String)

  package var label: String {
    switch self {
    case .builtIn: "built-in"
    case .file(let path): path
    }
  }
}
