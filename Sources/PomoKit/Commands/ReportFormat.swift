import PomoCore
import PomoJournal

/// What `pomo report --format` writes.
public enum ReportFormat: String, ChoiceValue {
  case text, json, csv, svg, html
}
