/// What a reader of pomo's CSV does to split its tags field (`CSVExport.tagsField`) back into
/// the tags, to show that the field says exactly which tags a session has.
package func csvTags(field: String) -> [String] {
  guard !field.isEmpty else { return [] }
  var tags = [""]
  var escaped = false
  for c in field {
    if escaped || (c != "\\" && c != ";") {
      tags[tags.count - 1].append(c)
      escaped = false
    } else if c == "\\" {
      escaped = true
    } else {
      tags.append("")
    }
  }
  return tags
}
