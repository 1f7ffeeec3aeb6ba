import PomoJournal
/// What lines add to the lists the report index keeps beside its chunks (`IndexCache`): the
/// hashes of their ids, their sessions' id prefixes with their lines, the quarter hours of
/// completed sessions (as `JournalIndex.quarterKey`s), and their corrections and added
/// sessions (`CorrectionTable`). An update of the index leaves them sorted; the appends of a
/// cache file are gathered, then sorted once.
package struct IndexAdditions {
  var ids: [UInt64] = []
  var prefixes: [JournalIndex.PrefixEntry] = []
  var quarters: [UInt64] = []
  var corrections: [JournalIndex.CorrectionRef] = []
}
