/// The rule for preset names, shared by files and the "name" key.
package enum PresetName {
  package static func isValid(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else { return false }
    func ok(_ s: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
    }
    return ok(first) && name.unicodeScalars.allSatisfy { ok($0) || $0 == "." || $0 == "_" || $0 == "-" }
  }
}
