/// The rule for phase names, kept in step with `phaseName` in the schema.
package enum PhaseName {
  /// C0 controls and DEL.
  package static func isControl(_ s: Unicode.Scalar) -> Bool {
    s.value < 0x20 || s.value == 0x7F
  }

  /// Unicode's White_Space characters that are not controls, listed so that the schema's
  /// pattern can list the same ones.
  package static func isSpace(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }
}
