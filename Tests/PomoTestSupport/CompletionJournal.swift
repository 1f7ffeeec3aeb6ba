import Foundation

/// The journal the completion tests complete from: two tagged sessions, one of a preset, an
/// open task and a done one.
package enum CompletionJournal {
  package static let lines = [
    journalLine(1, tags: ["thesis"]), journalLine(2, tags: ["code", "thesis"]),
    #"{"v":1,"id":"3f2a1b4c-0000-4000-8000-000000000001","preset":"legs","status":"completed","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T08:25:00+00:00","host":"h","rounds":1,"phases":[]}"#,
    #"{"v":2,"kind":"task","id":"ab12cd34-0000-4000-8000-000000000001","at":"2026-12-01T07:00:00+00:00","host":"h","title":"write the intro","tags":[]}"#,
    #"{"v":2,"kind":"task","id":"ab99cd34-0000-4000-8000-000000000002","at":"2026-11-01T07:00:00+00:00","host":"h","title":"old one","tags":[]}"#,
    #"{"v":2,"kind":"amend","id":"0e0e0e0e-0000-4000-8000-000000000003","target":"ab99cd34-0000-4000-8000-000000000002","at":"2026-11-02T07:00:00+00:00","host":"h","set":{"done":"2026-11-02T07:00:00+00:00"}}"#,
  ]
}
