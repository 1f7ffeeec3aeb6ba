/// Other tools' data, each in the shape its documentation shows, for the import tests.
package enum InterchangeSamples {
  /// What `timew export` prints (timew-export(1), timewarrior 1.9): an array of intervals,
  /// oldest first, `id` counting back from the newest; `tags` and `annotation` only when there
  /// are some; the interval still being tracked has no `end`.
  package static let timewarrior = """
    [
    {"id":4,"start":"20261130T083000Z","end":"20261130T085500Z","tags":["thesis","writing"],"annotation":"chapter 3"},
    {"id":3,"start":"20261130T090000Z","end":"20261130T093000Z","tags":["email"]},
    {"id":2,"start":"20261130T100000Z","end":"20261130T101500Z"},
    {"id":1,"start":"20261201T090000Z","tags":["thesis"]}
    ]

    """

  /// Watson's `frames` file as it writes it (`json.dump(…, indent=1, ensure_ascii=False)`):
  /// frames `[start, stop, project, id, tags, updated_at]`, times in seconds since 1970, the id
  /// a UUID in 32 hex digits.
  package static let watson = """
    [
     [
      1796027400,
      1796028900,
      "thesis",
      "5ab0dc0f5c5d4c0a9d2f3b5e0f3c1a2b",
      [
       "writing",
       "chapter-3"
      ],
      1796028901
     ],
     [
      1796029200,
      1796031000,
      "café",
      "9e1f0a5b7c3d4e2f8a6b0c1d2e3f4a5b",
      [],
      1796031000
     ],
     [
      1796032800,
      1796033700,
      "admin",
      "0d3c2b1a9f8e7d6c5b4a39281706f5e4",
      [
       "admin"
      ],
      1796033705
     ]
    ]
    """

  /// An Open Pomodoro Format `history` file as openpomodoro-cli writes it (go-openpomodoro:
  /// the RFC 3339 start, then logfmt `description`, `duration` in minutes and `tags`), with a
  /// line another application wrote with quoted tags and an attribute of its own, and one
  /// with only the timestamp (25 minutes, by the format's default).
  package static let openPomodoro = """
    2026-11-30T09:00:00-05:00 description="Write the report" duration=25 tags=work,writing
    2026-11-30T09:30:00-05:00 duration=30 tags="review, team" description="Read \\"draft 2\\"\\nand reply" app=tomato

    2026-11-30T14:00:00Z

    """
}
