import PomoPlatform

/// An output template such as `{kind} {phase} {remaining}`: literal text and `{field}`s, with
/// `{{` and `}}` for literal braces.
///
/// The fields a template may name are fixed by whoever renders it, so a misspelt field is
/// caught when the template is read (a usage error), never printed as an empty gap.
package struct Template: Equatable, Sendable {
  package enum Part: Equatable, Sendable {
    case text(String)
    case field(String)
  }

  package var parts: [Part]

  /// What is wrong with a template, phrased to follow the name of what holds it
  /// (`'--format' has an unknown field '{remainig}'`).
  package enum Problem: Error, Equatable, CustomStringConvertible {
    /// A field not among `fields`; `suggestion` is the nearest one, if any is near.
    case unknownField(String, fields: [String], suggestion: String?)
    /// A `{` with no `}` after it.
    case unclosed
    /// A single `}` that closes no field.
    case strayClose

    package var description: String {
      switch self {
      case .unknownField(let name, let fields, let suggestion):
        if let suggestion { return "has an unknown field '{\(name)}'. Did you mean '{\(suggestion)}'?" }
        return "has an unknown field '{\(name)}'; the fields are " + fields.joined(separator: ", ")
      case .unclosed: return "has a '{' that is never closed (write '{{' for a brace)"
      case .strayClose: return "has a '}' that closes no field (write '}}' for a brace)"
      }
    }
  }

  /// Reads `text`, whose fields must be among `fields`.
  package init(parsing text: String, fields: [String]) throws(Problem) {
    var parts: [Part] = []
    var literal = ""
    var rest = Substring(text)
    while let c = rest.first {
      rest = rest.dropFirst()
      if c == "{" {
        if rest.first == "{" {
          rest = rest.dropFirst()
          literal.append("{")
          continue
        }
        guard let close = rest.firstIndex(of: "}") else { throw .unclosed }
        let name = String(rest[..<close])
        rest = rest[rest.index(after: close)...]
        guard fields.contains(name) else {
          throw .unknownField(name, fields: fields, suggestion: Suggestion.closest(to: name, in: fields))
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.field(name))
      } else if c == "}" {
        guard rest.first == "}" else { throw .strayClose }
        rest = rest.dropFirst()
        literal.append("}")
      } else {
        literal.append(c)
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    self.parts = parts
  }

  /// The text, with each field replaced by `value(name)`.
  package func render(_ value: (String) -> String) -> String {
    var out = ""
    for part in parts {
      switch part {
      case .text(let s): out += s
      case .field(let name): out += value(name)
      }
    }
    return out
  }
}
