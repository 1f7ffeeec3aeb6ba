import PomoCore
import PomoPlatform

/// Focus, rest and sessions per local day of one calendar, with each preset's and tag's
/// share: what every report adds up, kept so a span costs its days, not its sessions.
///
/// Seconds are kept as whole microseconds, each credit rounded once, so sums do not depend
/// on the order they were made in: a report from the table and one from the records agree
/// to the microsecond (`DayCredit` makes the credits for both).
public struct DayTable: Equatable, @unchecked Sendable {
  public struct Row: Equatable, Sendable, BitwiseCopyable {
    public var day: Int64
    public var focus: Int64 = 0
    public var rest: Int64 = 0
    public var sessions: Int64 = 0
    public var completed: Int64 = 0
    public var interrupted: Int64 = 0
    /// Void sessions (`pomo void`) that started on the day: neither completed nor interrupted.
    public var void: Int64 = 0
    /// The void Pomodoros' time on the day (never in `focus`).
    public var voidFocus: Int64 = 0
    /// The interruptions marked on the day, by kind (`pomo mark`).
    public var internalMarks: Int64 = 0
    public var externalMarks: Int64 = 0

    public init(day: Int64) { self.day = day }

    var isZero: Bool {
      focus == 0 && rest == 0 && sessions == 0 && completed == 0 && interrupted == 0 && void == 0 && voidFocus == 0
        && internalMarks == 0 && externalMarks == 0
    }

    /// Whether its counts could be real (a damaged cache file's are left out).
    var isPlausible: Bool {
      abs(sessions) <= DayTable.mostSessions && abs(completed) <= DayTable.mostSessions
        && abs(interrupted) <= DayTable.mostSessions && abs(void) <= DayTable.mostSessions
    }

    mutating func add(_ other: Row, sign: Int64) {
      // Wrapping: a damaged cache file gives nonsense, never a crash.
      focus &+= sign &* other.focus
      rest &+= sign &* other.rest
      sessions &+= sign &* other.sessions
      completed &+= sign &* other.completed
      interrupted &+= sign &* other.interrupted
      void &+= sign &* other.void
      voidFocus &+= sign &* other.voidFocus
      internalMarks &+= sign &* other.internalMarks
      externalMarks &+= sign &* other.externalMarks
    }
  }

  /// A preset's or a tag's focus on a day, and the sessions of it that started that day.
  public struct Share: Equatable, Sendable, BitwiseCopyable {
    public var day: Int64
    /// Its place in `names`.
    public var name: Int32
    public var focus: Int64 = 0
    public var sessions: Int64 = 0
  }

  /// Focus in one hour of the day (`column`, counted from the day start) on a day: the day
  /// and the column kept in one word, so the hours (most of a long history's totals) take 16
  /// bytes a cell.
  public struct HourCell: Equatable, Sendable, BitwiseCopyable {
    /// The day times 32, plus the column.
    private var place: Int64
    public var focus: Int64

    public init(day: Int64, column: Int64, focus: Int64) {
      place = day &<< 5 | (column & 31)
      self.focus = focus
    }

    public var day: Int64 { place >> 5 }
    public var column: Int64 { place & 31 }
  }

  /// A preset or a tag.
  public struct Name: Hashable, Sendable {
    public enum Kind: UInt8, Sendable { case preset, tag }
    public var kind: Kind
    public var text: String
  }

  /// More sessions than a day can hold in any journal pomo can read.
  static let mostSessions: Int64 = 1_000_000_000

  /// Days with anything on them, in order.
  private var ownedRows: [Row] = []
  /// By day, then name.
  private var ownedShares: [Share] = []
  /// By day, then column.
  private var ownedHours: [HourCell] = []
  /// Or all three, where they lie in a cache file read whole and checked (`CacheFile`).
  private var mapped:
    (
      file: FileSnapshot, rows: UnsafeBufferPointer<Row>, shares: UnsafeBufferPointer<Share>,
      hours: UnsafeBufferPointer<HourCell>
    )?
  /// Every name a share ever used (only ever grows, so shares keep their indexes).
  public private(set) var names: [Name] = []

  public init() {}

  init(names: [Name]) {
    self.names = names
  }

  init(
    file: FileSnapshot, rows: UnsafeBufferPointer<Row>, shares: UnsafeBufferPointer<Share>,
    hours: UnsafeBufferPointer<HourCell>, names: [Name]
  ) {
    mapped = (file, rows, shares, hours)
    self.names = names
  }

  public static func == (a: DayTable, b: DayTable) -> Bool {
    a.names == b.names && a.rows == b.rows && a.shares == b.shares && a.hours == b.hours
  }

  public var rows: [Row] { mapped.map { Array($0.rows) } ?? ownedRows }
  public var shares: [Share] { mapped.map { Array($0.shares) } ?? ownedShares }
  public var hours: [HourCell] { mapped.map { Array($0.hours) } ?? ownedHours }

  /// Calls `body` with the table's rows, shares and hours, wherever they are kept.
  func withStorage<R>(
    _ body: (UnsafeBufferPointer<Row>, UnsafeBufferPointer<Share>, UnsafeBufferPointer<HourCell>) -> R
  ) -> R {
    if let mapped { return body(mapped.rows, mapped.shares, mapped.hours) }
    return ownedRows.withUnsafeBufferPointer { rows in
      ownedShares.withUnsafeBufferPointer { shares in ownedHours.withUnsafeBufferPointer { body(rows, shares, $0) } }
    }
  }

  /// Each hour cell of a day in `days`, in order.
  public func forEachHour(in days: ClosedRange<Int64>, _ body: (HourCell) -> Void) {
    withStorage { _, _, hours in
      let lo = SortedSearch.partition(hours.count) { hours[$0].day >= days.lowerBound }
      let hi = SortedSearch.partition(hours.count) { hours[$0].day > days.upperBound }
      for k in lo..<max(lo, hi) where hours[k].column >= 0 && hours[k].column < 24 && days.contains(hours[k].day) {
        body(hours[k])
      }
    }
  }

  /// Each row of a day in `days`, in order.
  public func forEachRow(in days: ClosedRange<Int64>, _ body: (Row) -> Void) {
    withStorage { rows, _, _ in
      let lo = SortedSearch.partition(rows.count) { rows[$0].day >= days.lowerBound }
      let hi = SortedSearch.partition(rows.count) { rows[$0].day > days.upperBound }
      for k in lo..<max(lo, hi) where days.contains(rows[k].day) && rows[k].isPlausible { body(rows[k]) }
    }
  }

  /// Each share of a day in `days` (a share naming no known name is passed over: the cache
  /// file it came from is not trusted that far).
  public func forEachShare(in days: ClosedRange<Int64>, _ body: (Share) -> Void) {
    withStorage { _, shares, _ in
      let lo = SortedSearch.partition(shares.count) { shares[$0].day >= days.lowerBound }
      let hi = SortedSearch.partition(shares.count) { shares[$0].day > days.upperBound }
      for k in lo..<max(lo, hi)
      where shares[k].name >= 0 && Int(shares[k].name) < names.count && days.contains(shares[k].day)
        && abs(shares[k].sessions) <= Self.mostSessions
      {
        body(shares[k])
      }
    }
  }

  /// Adds (`sign` 1) or takes away (-1) what `changes` holds; days, shares and hours that
  /// come to nothing are dropped, so a table says the same however it was reached.
  public mutating func apply(_ changes: Changes, sign: Int64 = 1) {
    apply([changes], sign: sign)
  }

  /// The same for each of `list` in turn (to the same table as one after the other), the
  /// days of each put in order on a core of their own.
  public mutating func apply(_ list: [Changes], sign: Int64 = 1) {
    let list = list.filter { !$0.isEmpty }
    if list.isEmpty { return }
    if let mapped {
      ownedRows = Array(mapped.rows)
      ownedShares = Array(mapped.shares)
      ownedHours = Array(mapped.hours)
      self.mapped = nil
    }
    // The names first, in order: each change's names numbered after those before.
    var index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, Int32($0)) })
    let places = list.map { changes in
      changes.names.map { name in
        if let k = index[name] { return k }
        let k = Int32(names.count)
        names.append(name)
        index[name] = k
        return k
      }
    }
    typealias Lists = (rows: [Row], shares: [Share], hours: [HourCell])
    func lists(_ k: Int) -> Lists {
      let days = list[k].finished()
      var newRows: [Row] = []
      var newShares: [Share] = []
      var newHours: [HourCell] = []
      // Room for all at once: tens of megabytes over a long history, never grown by copies.
      newRows.reserveCapacity(days.count)
      newShares.reserveCapacity(days.reduce(0) { $0 + $1.shares.count })
      newHours.reserveCapacity(days.reduce(0) { $0 + $1.hours.count })
      for day in days {
        var row = DayTable.Row(day: day.row.day)
        row.add(day.row, sign: sign)
        newRows.append(row)
        let first = newShares.count
        for share in day.shares {
          newShares.append(
            Share(
              day: day.row.day, name: places[k][Int(share.name)], focus: sign &* share.focus,
              sessions: sign &* share.sessions))
        }
        newShares[first...].sort { $0.name < $1.name }
        for (column, focus) in day.hours.enumerated() where focus != 0 {
          newHours.append(HourCell(day: day.row.day, column: Int64(column), focus: sign &* focus))
        }
      }
      return (newRows, newShares, newHours)
    }
    var all = list.count == 1 ? [lists(0)] : Parallel.map(list.count, empty: ([], [], []), lists)
    for k in all.indices {
      // Each list held once, so the first can become the table where it lies.
      var (newRows, newShares, newHours) = all[k]
      all[k] = ([], [], [])
      Self.merge(&ownedRows, &newRows, key: { $0.day }, isZero: \.isZero) { a, b in
        var sum = a
        sum.add(b, sign: 1)
        return sum
      }
      Self.merge(
        &ownedShares, &newShares, key: { Pair($0.day, Int64($0.name)) }, isZero: { $0.focus == 0 && $0.sessions == 0 }
      ) { a, b in
        var sum = a
        sum.focus &+= b.focus
        sum.sessions &+= b.sessions
        return sum
      }
      Self.merge(&ownedHours, &newHours, key: { Pair($0.day, $0.column) }, isZero: { $0.focus == 0 }) {
        a, b in
        var sum = a
        sum.focus &+= b.focus
        return sum
      }
    }
  }

  /// A day and a name or a column, in that order.
  private struct Pair: Comparable {
    var a: Int64
    var b: Int64
    init(_ a: Int64, _ b: Int64) {
      self.a = a
      self.b = b
    }
    static func < (x: Pair, y: Pair) -> Bool { x.a != y.a ? x.a < y.a : x.b < y.b }
  }

  /// Two lists sorted by `key` merged; entries with the same key are combined, and those that
  /// come to nothing dropped.
  private static func merge<T, K: Comparable>(
    _ a: inout [T], _ b: inout [T], key: (T) -> K, isZero: (T) -> Bool, combine: (T, T) -> T
  ) {
    guard let first = b.first else { return }
    if a.isEmpty {
      // The first (a first build's only one): taken whole, not copied.
      swap(&a, &b)
      a.removeAll(where: isZero)
      return
    }
    if a.last.map({ key($0) < key(first) }) ?? true {
      // All after: nothing to combine (the parts of a first build come so).
      a.reserveCapacity(a.count + b.count)
      for item in b where !isZero(item) { a.append(item) }
      return
    }
    a = merged(a, b, key: key, isZero: isZero, combine: combine)
  }

  private static func merged<T, K: Comparable>(
    _ a: [T], _ b: [T], key: (T) -> K, isZero: (T) -> Bool, combine: (T, T) -> T
  ) -> [T] {
    var result: [T] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    for item in b {
      let k = key(item)
      while i < a.count && key(a[i]) < k {
        result.append(a[i])
        i += 1
      }
      if i < a.count && key(a[i]) == k {
        let sum = combine(a[i], item)
        if !isZero(sum) { result.append(sum) }
        i += 1
      } else if !isZero(item) {
        result.append(item)
      }
    }
    result += a[i...]
    return result
  }

}

/// How a session's time is credited to local days: each phase's elapsed seconds to the day
/// it is on, or shared among the days its wall-clock span touches in proportion to the time
/// on each; each credit rounded to the microsecond.
public enum DayCredit {
  /// A phase longer than this is not kept in day tables: it is read from the journal when a
  /// range needs it (a phase may claim to span years).
  public static let longestKept = 2 * 86_400.0

  public static func micros(_ seconds: Double) -> Int64 {
    let v = (seconds * 1_000_000).rounded()
    guard v.isFinite else { return 0 }
    return Int64(max(-9e18, min(9e18, v)))
  }

  /// What the credits of a phase depend on: its kind, its wall-clock span and its elapsed
  /// seconds. Every credit is made from these, from a record or straight from the scanner.
  public struct Span: Equatable, Sendable, BitwiseCopyable {
    public var work: Bool
    public var start: Double
    public var end: Double
    public var elapsedSeconds: Double
    /// The void Pomodoro of a void session (`JournalRecord.voidPhase`): its time is neither
    /// focus nor rest, and is credited apart, as void.
    public var void = false

    public init(work: Bool, start: Double, end: Double, elapsedSeconds: Double, void: Bool = false) {
      self.work = work
      self.start = start
      self.end = end
      self.elapsedSeconds = elapsedSeconds
      self.void = void
    }

    public init(_ phase: JournalPhase, void: Bool = false) {
      // Time away counts only when kept.
      self.init(
        work: phase.kind == .work, start: phase.start, end: phase.end, elapsedSeconds: phase.creditedSeconds, void: void)
    }

    /// Too long for day tables.
    var isLong: Bool { !((end - start) <= longestKept) || !start.isFinite }
  }

  /// Whether a session has a phase too long for day tables.
  public static func isLong(_ record: JournalRecord) -> Bool {
    record.phases.contains { Span($0).isLong }
  }

  static func isLong(_ spans: UnsafeBufferPointer<Span>) -> Bool {
    spans.contains { $0.isLong }
  }

  /// The distinct names a session's time counts for: its preset, then its tags.
  public static func names(_ record: JournalRecord) -> [DayTable.Name] {
    var result = [DayTable.Name(kind: .preset, text: record.preset)]
    var seen = Set<String>()
    for tag in record.tags where seen.insert(tag).inserted { result.append(DayTable.Name(kind: .tag, text: tag)) }
    return result
  }

  /// A session's start day, and its focus and rest per day (in microseconds), days in
  /// `within` only.
  public static func credits(
    _ record: JournalRecord, calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> (startDay: Int64, days: [(day: Int64, focus: Int64, rest: Int64)]) {
    var days: [(day: Int64, focus: Int64, rest: Int64)] = []
    withSpans(record) { credits($0, into: &days, calendar: calendar, within: within) }
    return (calendar.day(of: record.start), days)
  }

  /// A record's phases as spans, for `body`.
  static func withSpans<R>(_ record: JournalRecord, _ body: (UnsafeBufferPointer<Span>) -> R) -> R {
    let void = record.voidPhase
    return withUnsafeTemporaryAllocation(of: Span.self, capacity: record.phases.count) { buffer in
      for (k, phase) in record.phases.enumerated() {
        (buffer.baseAddress! + k).initialize(to: Span(phase, void: k == void))
      }
      return body(UnsafeBufferPointer(buffer))
    }
  }

  /// The focus and rest per day (in microseconds) of a session's phases, days in `within`
  /// only, appended to `days` (which is emptied first).
  static func credits(
    _ spans: UnsafeBufferPointer<Span>, into days: inout [(day: Int64, focus: Int64, rest: Int64)],
    calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max
  ) {
    days.removeAll(keepingCapacity: true)
    func credit(_ day: Int64, _ seconds: Double, work: Bool) {
      let v = micros(seconds)
      if let k = days.lastIndex(where: { $0.day == day }) {
        if work { days[k].focus &+= v } else { days[k].rest &+= v }
      } else {
        days.append((day, work ? v : 0, work ? 0 : v))
      }
    }
    for phase in spans where !phase.void {
      let work = phase.work
      let first = calendar.day(of: phase.start)
      if phase.end - phase.start < 86_400 && first == calendar.day(of: max(phase.start, phase.end - 1e-6)) {
        if within.contains(first) { credit(first, phase.elapsedSeconds, work: work) }
      } else {
        for (day, seconds) in split(phase, calendar: calendar, within: within) { credit(day, seconds, work: work) }
      }
    }
  }

  /// The void Pomodoro's time per day (in microseconds), days in `within` only: credited as
  /// focus would be, but apart from it.
  static func voidCredits(
    _ spans: UnsafeBufferPointer<Span>, calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> [(day: Int64, seconds: Int64)] {
    guard let k = spans.firstIndex(where: \.void) else { return [] }
    var span = spans[k]
    span.void = false
    var days: [(day: Int64, focus: Int64, rest: Int64)] = []
    withUnsafePointer(to: span) { credits(UnsafeBufferPointer(start: $0, count: 1), into: &days, calendar: calendar, within: within) }
    return days.map { ($0.day, $0.focus) }
  }

  /// A record's void Pomodoro time per day (see `voidCredits`).
  public static func voidCredits(
    _ record: JournalRecord, calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> [(day: Int64, seconds: Int64)] {
    guard record.status == .void else { return [] }
    return withSpans(record) { voidCredits($0, calendar: calendar, within: within) }
  }

  /// The days of a record's interruption marks, each with whether it was internal.
  public static func markDays(_ record: JournalRecord, calendar: LocalCalendar) -> [(day: Int64, internal: Bool)] {
    var result: [(day: Int64, internal: Bool)] = []
    for phase in record.phases {
      for mark in phase.marks { result.append((calendar.day(of: mark.at), mark.kind == .internal)) }
    }
    return result
  }

  /// A work phase's elapsed seconds shared over the wall-clock hours it spans, in proportion:
  /// `body(day, column, microseconds)` for each hour from the day start, for instants in
  /// `from..<to`. A phase short enough for day tables is stepped from its start whatever
  /// the span, so every report credits its hours alike; a longer one only over the span.
  public static func hours(
    _ phase: JournalPhase, calendar: LocalCalendar, from: Double = -.infinity, to: Double = .infinity,
    _ body: (Int64, Int, Int64) -> Void
  ) {
    hours(Span(phase), calendar: calendar, from: from, to: to, body)
  }

  static func hours(
    _ phase: Span, calendar: LocalCalendar, from: Double = -.infinity, to: Double = .infinity,
    _ body: (Int64, Int, Int64) -> Void
  ) {
    guard phase.elapsedSeconds > 0, !phase.void else { return }
    /// Credits the hour of `t`, whose wall-clock seconds are `wall`.
    func credit(_ t: Double, wall: Double, _ seconds: Double) {
      guard t >= from && t < to else { return }
      body(calendar.day(of: t), min(23, Int(wall / 3600)), micros(seconds))
    }
    let span = phase.end - phase.start
    guard span > 0 else {
      credit(phase.start, wall: calendar.wallSeconds(of: phase.start), phase.elapsedSeconds)
      return
    }
    let rate = phase.elapsedSeconds / span
    let long = !(span <= longestKept)
    var t = long ? max(phase.start, from) : phase.start
    let end = long ? min(phase.end, to) : phase.end
    while t < end {
      let wall = calendar.wallSeconds(of: t)
      let next = min(end, t + 3600 - intoHour(wall))
      credit(t, wall: wall, (next - t) * rate)
      t = next > t ? next : t + 1
    }
  }

  /// `wall.truncatingRemainder(dividingBy: 3600)` for a time of the day, as exact and without
  /// fmod's cost: whole hours taken away leave an exact difference, and a quotient rounded up
  /// to a whole hour is mended by one step.
  static func intoHour(_ wall: Double) -> Double {
    guard wall >= 0 && wall < 86_400 else { return wall.truncatingRemainder(dividingBy: 3600) }
    let r = wall - (wall / 3600).rounded(.down) * 3600
    return r < 0 ? r + 3600 : r
  }

  /// A phase's elapsed seconds shared among the local days its wall-clock span touches, in
  /// proportion to the time on each. The shares add up to the whole.
  ///
  /// Only the days in `within` are listed: the share before a day is found in closed form, so
  /// the cost follows the range, not the phase's length (a phase may claim to span millennia).
  public static func split(
    _ phase: JournalPhase, calendar: LocalCalendar, within days: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> [(Int64, Double)] {
    split(Span(phase), calendar: calendar, within: days)
  }

  static func split(
    _ phase: Span, calendar: LocalCalendar, within days: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> [(Int64, Double)] {
    let first = calendar.day(of: phase.start)
    let last = phase.end > phase.start ? calendar.day(of: max(phase.start, phase.end - 1e-6)) : first
    if first == last { return days.contains(first) ? [(first, phase.elapsedSeconds)] : [] }
    let lo = max(first, days.lowerBound)
    let hi = min(last, days.upperBound)
    guard lo <= hi else { return [] }
    let span = phase.end - phase.start
    /// The seconds credited to the days before `day`.
    func before(_ day: Int64) -> Double {
      day <= first ? 0 : phase.elapsedSeconds * max(0, min(phase.end, calendar.start(of: day)) - phase.start) / span
    }
    var result: [(Int64, Double)] = []
    result.reserveCapacity(Int(hi - lo + 1))
    var assigned = before(lo)
    for day in lo...hi {
      if day == last {
        result.append((day, phase.elapsedSeconds - assigned))
      } else {
        let next = before(day + 1)
        result.append((day, next - assigned))
        assigned = next
      }
    }
    return result
  }
}
