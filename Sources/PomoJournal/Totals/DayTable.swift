import PomoCore
import PomoPlatform

/// Focus, rest and sessions per local day of one calendar, with each preset's and tag's
/// share: what every report adds up, kept so a span costs its days, not its sessions.
///
/// Seconds are kept as whole microseconds, each credit rounded once, so sums do not depend
/// on the order they were made in: a report from the table and one from the records agree
/// to the microsecond (`DayCredit` makes the credits for both).
package struct DayTable: Equatable, @unchecked Sendable {
  /// What a table keeps in order of day, then `order`; entries of one day and order are
  /// added together.
  package protocol Entry: Equatable {
    var day: Int64 { get }
    /// What orders the entries of a day: a share's name, an hour's column.
    var order: Int64 { get }
    var isZero: Bool { get }
    mutating func add(_ other: Self, sign: Int64)
  }

  package struct Row: Entry, Sendable, BitwiseCopyable {
    package var day: Int64
    /// Focus sessions' work time; a workout's is `workout`.
    package var focus: Int64 = 0
    package var rest: Int64 = 0
    /// Focus sessions that started on the day, by how they ended (`completed` by the rule of
    /// `JournalRecord.isCutShort`); workouts are counted in `workoutSessions`.
    package var sessions: Int64 = 0
    package var completed: Int64 = 0
    package var interrupted: Int64 = 0
    /// The done Pomodoros, and the focus phases cut short, of the sessions that started on the
    /// day (`JournalRecord.isDonePomodoro`).
    package var pomodoros: Int64 = 0
    package var cutShort: Int64 = 0
    /// Workouts' work time on the day, and the workouts that started on it.
    package var workout: Int64 = 0
    package var workoutSessions: Int64 = 0
    /// Void sessions (`pomo void`) that started on the day: neither completed nor interrupted.
    package var void: Int64 = 0
    /// The void Pomodoros' time on the day (never in `focus`), and how many of them began on it.
    package var voidFocus: Int64 = 0
    package var voidPomodoros: Int64 = 0
    /// The interruptions marked on the day, by kind (`pomo mark`).
    package var internalMarks: Int64 = 0
    package var externalMarks: Int64 = 0

    package init(day: Int64) { self.day = day }

    package var order: Int64 { 0 }
    package var isZero: Bool { self == Row(day: day) }

    /// Whether its counts could be real (a damaged cache file's are left out).
    var isPlausible: Bool {
      abs(sessions) <= DayTable.mostSessions && abs(completed) <= DayTable.mostSessions
        && abs(interrupted) <= DayTable.mostSessions && abs(void) <= DayTable.mostSessions
        && abs(workoutSessions) <= DayTable.mostSessions
    }

    /// Each count of `other` added (`sign` 1) or taken away (-1), one by one, not through key
    /// paths: a report over a long history adds every day's row.
    package mutating func add(_ other: Row, sign: Int64) {
      // Wrapping: a damaged cache file gives nonsense, never a crash.
      focus &+= sign &* other.focus
      rest &+= sign &* other.rest
      sessions &+= sign &* other.sessions
      completed &+= sign &* other.completed
      interrupted &+= sign &* other.interrupted
      pomodoros &+= sign &* other.pomodoros
      cutShort &+= sign &* other.cutShort
      workout &+= sign &* other.workout
      workoutSessions &+= sign &* other.workoutSessions
      void &+= sign &* other.void
      voidFocus &+= sign &* other.voidFocus
      voidPomodoros &+= sign &* other.voidPomodoros
      internalMarks &+= sign &* other.internalMarks
      externalMarks &+= sign &* other.externalMarks
    }
  }

  /// A preset's or a tag's focus on a day, and the sessions of it that started that day.
  package struct Share: Entry, Sendable, BitwiseCopyable {
    package var day: Int64
    /// Its place in `names`.
    package var name: Int32
    package var focus: Int64 = 0
    package var sessions: Int64 = 0

    package var order: Int64 { Int64(name) }
    package var isZero: Bool { focus == 0 && sessions == 0 }

    package mutating func add(_ other: Share, sign: Int64) {
      focus &+= sign &* other.focus
      sessions &+= sign &* other.sessions
    }
  }

  /// Focus in one hour of the day (`column`, counted from the day start) on a day: the day
  /// and the column kept in one word, so the hours (most of a long history's totals) take 16
  /// bytes a cell.
  package struct HourCell: Entry, Sendable, BitwiseCopyable {
    /// The day times 32, plus the column.
    private var place: Int64
    package var focus: Int64

    package init(day: Int64, column: Int64, focus: Int64) {
      place = day &<< 5 | (column & 31)
      self.focus = focus
    }

    package var day: Int64 { place >> 5 }
    package var column: Int64 { place & 31 }
    package var order: Int64 { column }
    package var isZero: Bool { focus == 0 }

    package mutating func add(_ other: HourCell, sign: Int64) { focus &+= sign &* other.focus }
  }

  /// A preset or a tag.
  package struct Name: Hashable, Sendable {
    /// A focus session's preset, a tag of a focus session, or a workout's preset (a workout's
    /// tags are not shared out: its time is never focus).
    package enum Kind: UInt8, Sendable { case preset, tag, workout }
    package var kind: Kind
    package var text: String

    package init(kind: Kind, text: String) {
      self.kind = kind
      self.text = text
    }
  }

  /// More sessions than a day can hold in any journal pomo can read.
  package static let mostSessions: Int64 = 1_000_000_000

  /// Days with anything on them.
  private var rowRun = SortedRun<Row>()
  private var shareRun = SortedRun<Share>()
  private var hourRun = SortedRun<HourCell>()
  /// The parts of the cache file the entries lie in, when they were read from one: kept for them.
  private var files: [FileSnapshot] = []
  /// Every name a share ever used (only ever grows, so shares keep their indexes).
  package internal(set) var names: [Name] = []

  package init() {}

  /// The table whose entries lie in pages of a cache file read and checked (`CacheFile`), in
  /// `files`: the pages of the days read, and of the hours when they were (`DayTotals.of`).
  package init(
    files: [FileSnapshot], rows: [UnsafeBufferPointer<Row>], shares: [UnsafeBufferPointer<Share>],
    hours: [UnsafeBufferPointer<HourCell>], names: [Name]
  ) {
    (self.files, self.names) = (files, names)
    (rowRun, shareRun, hourRun) = (SortedRun(rows), SortedRun(shares), SortedRun(hours))
  }

  package static func == (a: DayTable, b: DayTable) -> Bool {
    a.names == b.names && a.rows == b.rows && a.shares == b.shares && a.hours == b.hours
  }

  package var rows: [Row] { rowRun.array }
  package var shares: [Share] { shareRun.array }
  package var hours: [HourCell] { hourRun.array }

  /// Calls `body` with the table's rows, shares and hours, wherever they are kept.
  package func withStorage<R>(
    _ body: (UnsafeBufferPointer<Row>, UnsafeBufferPointer<Share>, UnsafeBufferPointer<HourCell>) -> R
  ) -> R {
    rowRun.withBuffer { rows in shareRun.withBuffer { shares in hourRun.withBuffer { body(rows, shares, $0) } } }
  }

  /// Each hour cell of a day in `days`, in order.
  package func forEachHour(in days: ClosedRange<Int64>, _ body: (HourCell) -> Void) {
    hourRun.forEach(in: days) { if $0.column < 24 { body($0) } }
  }

  /// Each row of a day in `days`, in order.
  package func forEachRow(in days: ClosedRange<Int64>, _ body: (Row) -> Void) {
    rowRun.forEach(in: days) { if $0.isPlausible { body($0) } }
  }

  /// Each share of a day in `days` (a share naming no known name is passed over: the cache
  /// file it came from is not trusted that far).
  package func forEachShare(in days: ClosedRange<Int64>, _ body: (Share) -> Void) {
    shareRun.forEach(in: days) { share in
      if share.name >= 0 && Int(share.name) < names.count && abs(share.sessions) <= Self.mostSessions { body(share) }
    }
  }

  /// Adds what each of `list` holds in turn, the days of each put in order on a core of
  /// their own; days, shares and hours that come to nothing are dropped, so a table says the
  /// same however it was reached.
  package mutating func apply(_ list: [Changes]) {
    let list = list.filter { !$0.isEmpty }
    if list.isEmpty { return }
    // The names first, in order: each change's names numbered after those before.
    var index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, Int32($0)) })
    let places = list.map { changes in
      changes.names.map { name in
        if let k = index[name] { return k }
        names.append(name)
        index[name] = Int32(names.count - 1)
        return Int32(names.count - 1)
      }
    }
    typealias Lists = (rows: [Row], shares: [Share], hours: [HourCell])
    func lists(_ k: Int) -> Lists {
      let days = list[k].finished()
      var new: Lists = ([], [], [])
      // Room for all at once: tens of megabytes over a long history, never grown by copies.
      new.rows.reserveCapacity(days.count)
      new.shares.reserveCapacity(days.reduce(0) { $0 + $1.shares.count })
      new.hours.reserveCapacity(days.reduce(0) { $0 + $1.hours.count })
      for day in days {
        new.rows.append(day.row)
        let first = new.shares.count
        for var share in day.shares {
          share.name = places[k][Int(share.name)]
          new.shares.append(share)
        }
        new.shares[first...].sort { $0.name < $1.name }
        for (column, focus) in day.hours.enumerated() where focus != 0 {
          new.hours.append(HourCell(day: day.row.day, column: Int64(column), focus: focus))
        }
      }
      return new
    }
    var all: [Lists] = list.count == 1 ? [lists(0)] : Parallel.map(list.count, empty: ([], [], []), lists)
    for k in all.indices {
      // Each list held once, so the first can become the table where it lies.
      var new = all[k]
      all[k] = ([], [], [])
      rowRun.add(&new.rows)
      shareRun.add(&new.shares)
      hourRun.add(&new.hours)
    }
  }
}
