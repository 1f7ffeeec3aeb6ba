import PomoCore
import PomoJournal
import PomoPlatform
import PomoSession

/// The control socket's line protocol, as pure functions over bytes.
///
/// A client sends requests, one per line (`\n`), each at most `requestLimit` bytes, plain
/// ASCII words:
///
///     pause | resume | toggle | skip | stop | next | extend MILLISECONDS | snooze MILLISECONDS | rep | reps N | state | follow
///     | tag WORD… | untag WORD… | note [WORD] | mark internal|external [WORD] | void [WORD]
///     | away [CAUSE] | back | keep | drop
///
/// (a WORD is text as `escaped` writes it).
///
/// A command may end with `until MILLISECONDS`, its deadline on the boot clock (CLOCK_BOOTTIME,
/// which runs through suspend); a session that reads it after then answers `error too late…`
/// and changes nothing, so a client that gave up waiting can say the command was not applied.
///
/// The session answers each request with one line: `state JSON` (the session after the
/// request: `current.json`'s object without the phases already done and with only the next
/// phase of the plan), `idle` (no session any more, as after `stop`), or `error MESSAGE` and
/// then closes the connection. A command that ends the session (`stop`, the last `skip`) is
/// answered with its `summary` line (as below) before `idle`. After `follow` it sends a `state` line at once and whenever
/// the state changes (a phase, a pause, an extension), a `tick MILLISECONDS` line (the wall
/// time, in milliseconds since 1970) whenever only the time shown changes (each second, each
/// percent), then, when the session ends, `summary HEAD<TAB>PART<TAB>…` (what its own
/// terminal prints then, for a follower to print the same) and `idle`, and closes. A tick carries no state: the
/// follower shows the last state at the tick's time, so the session does not build and the
/// follower does not parse a state every second. Anything that is not a
/// whole, known request (unknown words, bad numbers, control bytes, no newline before the
/// connection closes, too long) changes nothing.
package enum ControlProtocol {
  /// The longest request line, newline included.
  package static let requestLimit = 4096
  /// The longest reply line a client accepts (a state is a few kilobytes).
  package static let replyLimit = 1 << 20
  /// The socket's file name in its folder, keyed to the state folder of the profile whose
  /// session listens there: two profiles (two `XDG_STATE_HOME`s) that share one runtime folder
  /// each reach their own session, never the other's.
  package static func socketName(stateFolder: String) -> String {
    "control-\(key(stateFolder)).sock"
  }

  /// The lock a listening session holds beside its socket.
  package static func lockName(stateFolder: String) -> String {
    "control-\(key(stateFolder)).lock"
  }

  /// Sixteen hex digits of FNV-1a over the state folder's path.
  static func key(_ stateFolder: String) -> String {
    let hex = String(FNV1a.hash(stateFolder), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  package enum Request: Equatable, Sendable {
    case command(SessionCommand)
    /// The state now, changing nothing.
    case state
    /// A `state` line at every visible change until the session ends.
    case follow
    /// A command to carry out only before `until` (milliseconds on the boot clock, which runs
    /// through suspend): a session that reads it later (it was stopped, or the machine slept)
    /// refuses it, so a command its client gave up on never takes effect afterwards.
    case timed(SessionCommand, until: Int64)
  }

  package enum Reply: Equatable, Sendable {
    case state(SessionState)
    /// Only the time shown changed: the last state, now at this wall time (seconds since 1970).
    case tick(Double)
    case idle
    case error(String)
    /// The session ended: its summary, as `SessionSummary.parts` gives it, to lay out.
    case summary(head: String, parts: [String])
  }

  // MARK: - Requests

  package static func encode(_ request: Request) -> [UInt8] {
    let text: String
    switch request {
    case .state: text = "state"
    case .follow: text = "follow"
    case .command(let command): text = words(command)
    case .timed(let command, let until): text = words(command) + " until \(until)"
    }
    return Array((text + "\n").utf8)
  }

  private static func words(_ command: SessionCommand) -> String {
    switch command {
    case .pause: "pause"
    case .resume: "resume"
    case .toggle: "toggle"
    case .skip: "skip"
    case .stop: "stop"
    case .next: "next"
    case .extend(let amount): "extend \(TimeText.milliseconds(amount))"
    case .snooze(let amount): "snooze \(TimeText.milliseconds(amount))"
    case .rep: "rep"
    case .reps(let n): "reps \(n)"
    case .tag(let tags): (["tag"] + tags.map(escaped)).joined(separator: " ")
    case .untag(let tags): (["untag"] + tags.map(escaped)).joined(separator: " ")
    case .note(let text): text.map { "note " + escaped($0) } ?? "note"
    case .mark(let kind, let note): "mark \(kind.rawValue)" + (note.map { " " + escaped($0) } ?? "")
    case .void(let reason, let stop):
      (stop ? "voidstop" : "void") + (reason.map { " " + escaped($0) } ?? "")
    // The time a source knew it later stays with the session that heard it.
    case .away(let cause, _): "away \(cause.rawValue)"
    case .back: "back"
    case .keepAway: "keep"
    case .dropAway: "drop"
    case .endAfterAway: "stop"
    }
  }

  /// Text as one word of a request: UTF-8, every byte but a letter, a digit, `-`, `_` or `.`
  /// as `%XX`, so tags and notes of any characters travel in a line of printable ASCII.
  package static func escaped(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  /// A word `escaped` made, back as text; nil when it is not one (a bad escape, or bytes
  /// that are not UTF-8).
  static func unescaped(_ word: Substring) -> String? {
    var bytes: [UInt8] = []
    var i = word.utf8.startIndex
    while i < word.utf8.endIndex {
      let byte = word.utf8[i]
      if byte == UInt8(ascii: "%") {
        let hex = word.utf8[word.utf8.index(after: i)...].prefix(2)
        guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }
        bytes.append(value)
        i = word.utf8.index(i, offsetBy: 3)
      } else {
        bytes.append(byte)
        i = word.utf8.index(after: i)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The request in one line (without its newline), or why it is refused.
  package static func request(_ line: ArraySlice<UInt8>) -> Result<Request, RequestProblem> {
    guard line.count < requestLimit else { return .failure(.tooLong) }
    guard line.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return .failure(.notText) }
    var words = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
    // A command may end with "until MILLISECONDS": its deadline on the boot clock.
    if words.count >= 3, words[words.count - 2] == "until" {
      let digits = words[words.count - 1]
      guard !digits.isEmpty, digits.count <= 15, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let until = Int64(digits)
      else { return .failure(.badDeadline(String(decoding: line.prefix(60), as: UTF8.self))) }
      words.removeLast(2)
      switch request(words) {
      case .success(.command(let command)): return .success(.timed(command, until: until))
      case .success: return .failure(.badDeadline(String(decoding: line.prefix(60), as: UTF8.self)))
      case .failure(let problem): return .failure(problem)
      }
    }
    return request(words)
  }

  private static func request(_ words: [Substring]) -> Result<Request, RequestProblem> {
    switch (words.first ?? "", words.count) {
    case ("pause", 1): return .success(.command(.pause))
    case ("resume", 1): return .success(.command(.resume))
    case ("toggle", 1): return .success(.command(.toggle))
    case ("skip", 1): return .success(.command(.skip))
    case ("stop", 1): return .success(.command(.stop))
    case ("next", 1): return .success(.command(.next))
    case ("rep", 1): return .success(.command(.rep))
    case ("reps", 2):
      let digits = words[1]
      guard !digits.isEmpty, digits.count <= 4, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let n = Int(digits), PhaseCount.range.contains(n)
      else { return .failure(.badReps(String(words[1]))) }
      return .success(.command(.reps(n)))
    case ("tag", 2...), ("untag", 2...):
      var tags: [String] = []
      for word in words.dropFirst() {
        guard let tag = unescaped(word), !tag.isEmpty else { return .failure(.badText(String(word.prefix(40)))) }
        tags.append(tag)
      }
      return .success(.command(words[0] == "tag" ? .tag(tags) : .untag(tags)))
    case ("note", 1): return .success(.command(.note(nil)))
    case ("note", 2):
      guard let text = unescaped(words[1]) else { return .failure(.badText(String(words[1].prefix(40)))) }
      return .success(.command(.note(text)))
    case ("mark", 2), ("mark", 3):
      guard let kind = PhaseMark.Kind(rawValue: String(words[1])) else {
        return .failure(.badText(String(words[1].prefix(40))))
      }
      guard words.count == 3 else { return .success(.command(.mark(kind, nil))) }
      guard let note = unescaped(words[2]) else { return .failure(.badText(String(words[2].prefix(40)))) }
      return .success(.command(.mark(kind, note)))
    case ("void", 1), ("voidstop", 1): return .success(.command(.void(nil, stop: words[0] == "voidstop")))
    case ("void", 2), ("voidstop", 2):
      guard let reason = unescaped(words[1]) else { return .failure(.badText(String(words[1].prefix(40)))) }
      return .success(.command(.void(reason, stop: words[0] == "voidstop")))
    case ("away", 1): return .success(.command(.away(.command)))
    case ("away", 2):
      guard let cause = AwayCause(rawValue: String(words[1])) else {
        return .failure(.badText(String(words[1].prefix(40))))
      }
      return .success(.command(.away(cause)))
    case ("back", 1): return .success(.command(.back))
    case ("keep", 1): return .success(.command(.keepAway))
    case ("drop", 1): return .success(.command(.dropAway))
    case ("state", 1): return .success(.state)
    case ("follow", 1): return .success(.follow)
    case ("extend", 2), ("snooze", 2):
      // Whole milliseconds, more than zero and at most a day, as durations are everywhere.
      let digits = words[1]
      guard !digits.isEmpty, digits.count <= 8, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let millis = Int64(digits), millis > 0, millis <= TimeText.milliseconds(DurationText.maximum)
      else { return .failure(.badValue(String(words[1]))) }
      let amount = Duration.milliseconds(millis)
      return .success(.command(words[0] == "extend" ? .extend(amount) : .snooze(amount)))
    default:
      return .failure(.unknown(String(words.first ?? "").prefix(40).description))
    }
  }

  package enum RequestProblem: Error, Equatable, CustomStringConvertible {
    case tooLong
    case notText
    case unknown(String)
    case badValue(String)
    case badDeadline(String)
    case badReps(String)
    /// A tag or a note that is not text as `escaped` writes it.
    case badText(String)
    /// The command does not apply to the session as it is (`rep` outside an AMRAP phase).
    case notNow(String)
    /// The request's deadline passed before the session read it.
    case late

    package var description: String {
      switch self {
      case .tooLong: "a request is at most \(ControlProtocol.requestLimit) bytes"
      case .notText: "a request is one line of printable ASCII"
      case .unknown(let word): "unknown request '\(word)'"
      case .badValue(let value): "extend and snooze take whole milliseconds from 1 to 86400000, got '\(value.prefix(40))'"
      case .badDeadline(let value):
        "a deadline is 'until MILLISECONDS' (the boot clock) after a command, got '\(value)'"
      case .badReps(let value):
        "reps takes a whole number from \(PhaseCount.range.lowerBound) to \(PhaseCount.range.upperBound), got '\(value.prefix(40))'"
      case .badText(let value): "tags and notes are UTF-8 with %XX escapes, got '\(value)'"
      case .notNow(let message): message
      case .late:
        "too late: the request waited past its deadline (the session was stopped or busy), so nothing changed"
      }
    }
  }

  // MARK: - Replies

  package static func encode(_ reply: Reply, offset: (Double) -> Int) -> [UInt8] {
    switch reply {
    case .idle: return Array("idle\n".utf8)
    case .tick(let time): return Array("tick \(Int64((time * 1000).rounded(.down)))\n".utf8)
    case .error(let message): return Array("error \(message)\n".utf8)
    case .summary(let head, let parts):
      // Inert text holds no tab or newline: the tab is the separator.
      return Array(("summary " + ([head] + parts).map(TextLayout.inert).joined(separator: "\t") + "\n").utf8)
    case .state(let state): return Array(("state " + state.json(offset: offset).text + "\n").utf8)
    }
  }

  /// The reply in one line (without its newline); nil when it is not one.
  package static func reply(_ line: ArraySlice<UInt8>) -> Reply? {
    let state = Array("state ".utf8)
    if line.starts(with: state) {
      return (try? SessionState(bytes: Array(line.dropFirst(state.count)))).map(Reply.state)
    }
    if line.elementsEqual("idle".utf8) { return .idle }
    let tick = Array("tick ".utf8)
    if line.starts(with: tick) {
      let digits = line.dropFirst(tick.count)
      guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let millis = Int64(String(decoding: digits, as: UTF8.self))
      else { return nil }
      return .tick(Double(millis) / 1000)
    }
    let summary = Array("summary ".utf8)
    if line.starts(with: summary) {
      let fields = String(decoding: line.dropFirst(summary.count), as: UTF8.self).split(
        separator: "\t", omittingEmptySubsequences: false
      ).map { TextLayout.inert(String($0)) }
      return .summary(head: fields[0], parts: Array(fields.dropFirst()))
    }
    let error = Array("error ".utf8)
    if line.starts(with: error) { return .error(String(decoding: line.dropFirst(error.count), as: UTF8.self)) }
    return nil
  }

  /// How many phases of the plan to come a reply or the feed carries (the current and the
  /// next); with the phases done left out, a state stays small however long the session.
  package static let upcomingLimit = 2

  /// The instant to show a received state at: the session's own `updated`, a hair later so
  /// that a state sent the moment a second ends (its times are written to the millisecond)
  /// shows the new second.
  package static func showTime(_ state: SessionState) -> Double {
    state.updated + 0.002
  }
}
