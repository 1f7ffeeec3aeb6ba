import PomoCore
import PomoJournal

/// What `pomo report --format` writes.
package enum ReportFormat: String, ChoiceValue {
  case text, json, csv, svg, html
}
