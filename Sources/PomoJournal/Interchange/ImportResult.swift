/// What a parser made of another tool's data: the sessions, in the file's order, and what it
/// skipped. A parser never fails as a whole: a file that cannot be read at all is one skip.
package typealias ImportResult = (records: [JournalRecord], skipped: [ImportSkip])
