import Foundation

/// A journal line with the given tags: session `id-N` of one phase-less 25 minutes, as the
/// completion tests need many of them.
package func journalLine(_ n: Int, tags: [String], preset: String = "work") -> String {
  let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
  return
    #"{"v":1,"id":"id-\#(n)","preset":"\#(preset)","status":"completed","start":"2026-11-30T09:00:00+00:00","end":"2026-11-30T09:25:00+00:00","tags":[\#(tagList)],"host":"h","rounds":1,"phases":[]}"#
}
