import PomoCore

/// A day number from `YYYY-MM-DD`, for tests that name days.
package func day(_ text: String) -> Int64 { LocalCalendar.parseDate(text)! }
