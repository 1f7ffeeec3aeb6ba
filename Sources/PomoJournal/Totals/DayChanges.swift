import PomoCore

extension DayTable {
  /// What sessions add to a day table (or take from it), gathered before it is applied.
  ///
  /// Built for speed over a million sessions: names are numbered once, days are kept in a
  /// list (a dictionary only says where), and the few days credited last are searched first,
  /// since a journal's sessions mostly come in the order of their days.
  package struct Changes: Sendable {
    /// What one day gains.
    package struct Day: Sendable {
      var row: Row
      /// Focus per hour of the day (24 columns), or empty.
      var hours: [Int64] = []
      /// Each name's focus and sessions, by the name's number in `names`.
      var shares: [Share] = []
      /// Where each name is in `shares`, once a day has many.
      var places: [Int32: Int]?

      package init(day: Int64) { row = Row(day: day) }

      package mutating func share(_ name: Int32) -> Int {
        if let places {
          if let k = places[name] { return k }
        } else if let k = shares.firstIndex(where: { $0.name == name }) {
          return k
        }
        shares.append(Share(day: row.day, name: name))
        let k = shares.count - 1
        if places != nil {
          places![name] = k
        } else if shares.count > 16 {
          places = Dictionary(uniqueKeysWithValues: shares.enumerated().map { ($1.name, $0) })
        }
        return k
      }

      package mutating func hour(_ column: Int, _ focus: Int64) {
        if hours.isEmpty { hours = [Int64](repeating: 0, count: 24) }
        hours[column] &+= focus
      }

      var isEmpty: Bool {
        row.isZero && hours.allSatisfy { $0 == 0 } && shares.allSatisfy(\.isZero)
      }
    }

    /// The names the shares use, numbered in the order they came.
    package private(set) var names: [Name] = []
    private var numbers: [Name: Int32] = [:]
    /// Each day, in the order first credited, and where each is in `list`.
    private var list: [Day] = []
    private var places: [Int64: Int] = [:]
    /// The places of the days credited last, searched first.
    private var recent: [Int] = []
    /// For lines read straight from the scanner, the numbers of the names of a preset and
    /// tags, by their bytes (each after its length): a journal has few such sets.
    private var numbersByKey: [[UInt8]: [Int32]] = [:]
    private var key: [UInt8] = []
    /// Room for a session's credits and phases, kept from one session to the next.
    private var credits: [(day: Int64, focus: Int64, rest: Int64)] = []
    private var spans: [DayCredit.Span] = []

    package init() {}

    package var isEmpty: Bool { list.allSatisfy(\.isEmpty) }

    private mutating func number(_ name: Name) -> Int32 {
      if let k = numbers[name] { return k }
      let k = Int32(names.count)
      names.append(name)
      numbers[name] = k
      return k
    }

    /// The place in `list` of a day, added if need be.
    private mutating func slot(_ day: Int64) -> Int {
      for k in recent.reversed() where list[k].row.day == day { return k }
      let k: Int
      if let known = places[day] {
        k = known
      } else {
        k = list.count
        list.append(Day(day: day))
        places[day] = k
      }
      recent.append(k)
      if recent.count > 4 { recent.removeFirst() }
      return k
    }

    /// The days, in order.
    package func finished() -> [Day] {
      list.filter { !$0.isEmpty }.sorted { $0.row.day < $1.row.day }
    }

    /// What a session adds, as `DayCredit` credits it; `sign` -1 takes it back.
    package mutating func add(_ record: JournalRecord, calendar: LocalCalendar, sign: Int64 = 1) {
      let numbers = DayCredit.names(preset: record.preset, tags: record.tags, workout: record.workout).map { number($0) }
      let marks = record.phases.flatMap { $0.marks.map { (at: $0.at, internal: $0.kind == .internal) } }
      DayCredit.withSpans(record) { spans in
        add(
          numbers: numbers, completed: record.status == .completed, void: record.status == .void,
          workout: record.workout, start: record.start, spans: spans, marks: marks, calendar: calendar, sign: sign)
      }
    }

    /// What a session line adds (`sign` -1: takes back), from what the scanner read of it
    /// (`line` holds its bytes): as `add(_:calendar:)` adds the record made of it. A session
    /// with a phase too long for day tables (`DayCredit.isLong`) adds nothing: false.
    /// The scanned line is reached through a pointer, so it is never copied.
    package mutating func add(
      _ line: UnsafeBufferPointer<UInt8>, scanned pointer: UnsafePointer<ScannedLine>, calendar: LocalCalendar,
      sign: Int64 = 1
    ) -> Bool {
      spans.removeAll(keepingCapacity: true)
      var marks: [(at: Double, internal: Bool)] = []
      let workout = pointer.pointee.workout
      // By index: a phase taken out of the array would be copied, name, marks and all.
      let phases = pointer.pointee.phases
      for k in phases.indices {
        spans.append(
          DayCredit.Span(
            work: phases[k].kind == .work, start: phases[k].start, end: phases[k].end,
            elapsedSeconds: phases[k].creditedSeconds, completed: phases[k].completed, cutShort: phases[k].isCutShort,
            void: phases[k].void && !workout))
        for mark in phases[k].marks { marks.append((mark.at, mark.kind == .internal)) }
      }
      // A void session's last focus phase is its void Pomodoro (`JournalRecord.lastVoid`); a
      // workout has none.
      if pointer.pointee.void && !workout, let k = spans.lastIndex(where: \.work) { spans[k].void = true }
      if spans.contains(where: \.isLong) { return false }
      // The preset ("?" when there is none, as in the record) and the tags, as one key, after
      // whether it is a workout.
      key.removeAll(keepingCapacity: true)
      key.append(workout ? 1 : 0)
      func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        withUnsafeBytes(of: UInt32(bytes.count)) { key.append(contentsOf: $0) }
        key.append(contentsOf: bytes)
      }
      if let preset = pointer.pointee.preset {
        preset.withUTF8(in: line, decoded: pointer.pointee.decoded, put)
      } else {
        put(UnsafeBufferPointer(start: ("?" as StaticString).utf8Start, count: 1))
      }
      for tag in pointer.pointee.tags { tag.withUTF8(in: line, decoded: pointer.pointee.decoded, put) }
      let numbers: [Int32]
      if let known = numbersByKey[key] {
        numbers = known
      } else {
        let decoded = pointer.pointee.decoded
        numbers = DayCredit.names(
          preset: pointer.pointee.preset.map { $0.string(in: line, decoded: decoded) } ?? "?",
          tags: pointer.pointee.tags.map { $0.string(in: line, decoded: decoded) }, workout: workout
        ).map { number($0) }
        if numbersByKey.count < 4096 { numbersByKey[key] = numbers }
      }
      var spans: [DayCredit.Span] = []
      swap(&spans, &self.spans)
      defer { swap(&spans, &self.spans) }
      spans.withUnsafeBufferPointer { spans in
        add(
          numbers: numbers, completed: pointer.pointee.completed, void: pointer.pointee.void, workout: workout,
          start: pointer.pointee.start ?? 0, spans: spans, marks: marks, calendar: calendar, sign: sign)
      }
      return true
    }

    /// What a session adds, from what its credits depend on: its names' numbers, its status,
    /// start and phases.
    private mutating func add(
      numbers: [Int32], completed: Bool, void: Bool, workout: Bool, start: Double,
      spans: UnsafeBufferPointer<DayCredit.Span>,
      marks: [(at: Double, internal: Bool)], calendar: LocalCalendar, sign: Int64
    ) {
      var days: [(day: Int64, focus: Int64, rest: Int64)] = []
      swap(&days, &credits)
      defer { swap(&days, &credits) }
      DayCredit.credits(spans, into: &days, calendar: calendar)
      var k = slot(calendar.day(of: start))
      if workout {
        list[k].row.workoutSessions &+= sign
      } else {
        list[k].row.sessions &+= sign
        if completed {
          list[k].row.completed &+= sign
        } else if void {
          list[k].row.void &+= sign
        } else {
          list[k].row.interrupted &+= sign
        }
        let pomodoros = DayCredit.pomodoros(spans)
        list[k].row.pomodoros &+= sign &* pomodoros.done
        list[k].row.cutShort &+= sign &* pomodoros.cutShort
      }
      for n in numbers { list[k].shares[list[k].share(n)].sessions &+= sign }
      for credit in days {
        k = slot(credit.day)
        // A workout's time is its own: its work is workout time, its rest no break of focus.
        if workout {
          list[k].row.workout &+= sign &* credit.focus
        } else {
          list[k].row.focus &+= sign &* credit.focus
          list[k].row.rest &+= sign &* credit.rest
        }
        guard credit.focus != 0 else { continue }
        for n in numbers { list[k].shares[list[k].share(n)].focus &+= sign &* credit.focus }
      }
      let voids = Int64(spans.count { $0.void && $0.work })
      if voids > 0 {
        list[slot(calendar.day(of: start))].row.voidPomodoros &+= sign &* voids
        DayCredit.credits(spans, into: &days, calendar: calendar, void: true)
        for credit in days { list[slot(credit.day)].row.voidFocus &+= sign &* credit.focus }
      }
      for mark in marks {
        k = slot(calendar.day(of: mark.at))
        if mark.internal { list[k].row.internalMarks &+= sign } else { list[k].row.externalMarks &+= sign }
      }
      for phase in spans where phase.work && !workout {
        DayCredit.hours(phase, calendar: calendar) { day, column, focus in
          let k = slot(day)
          list[k].hour(column, sign &* focus)
        }
      }
    }

    /// Everything `other` holds, added (`sign` -1: taken away).
    package mutating func add(_ other: Changes, sign: Int64 = 1) {
      let numbers = other.names.map { number($0) }
      for day in other.finished() {
        let k = slot(day.row.day)
        list[k].row.add(day.row, sign: sign)
        for (column, focus) in day.hours.enumerated() where focus != 0 { list[k].hour(column, sign &* focus) }
        for share in day.shares { list[k].shares[list[k].share(numbers[Int(share.name)])].add(share, sign: sign) }
      }
    }

    /// What a table's names and entries hold, as changes (read back from the cache file).
    package init(names: [Name], rows: [Row], shares: [Share], hours: [HourCell]) {
      let numbers = names.map { number($0) }
      for row in rows { list[slot(row.day)].row.add(row, sign: 1) }
      for share in shares {
        let k = slot(share.day)
        list[k].shares[list[k].share(numbers[Int(share.name)])].add(share, sign: 1)
      }
      for cell in hours where cell.column < 24 { list[slot(cell.day)].hour(Int(cell.column), cell.focus) }
    }
  }
}
