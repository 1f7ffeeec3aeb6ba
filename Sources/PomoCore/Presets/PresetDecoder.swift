import PomoPlatform

/// Turns a preset file's text into a `Preset`, checking every key and value.
///
/// Reading is in layers: `PresetCatalog` reads files, this parses text, so tests feed
/// text directly. Every error names the file, the position and the key path.
package struct PresetDecoder {
  package var file: String
  private var reader: JSONReader { JSONReader(file: file) }

  package init(file: String) {
    self.file = file
  }

  /// Parses preset text. `defaultName` is used when the file has no "name" key.
  package func decode(_ bytes: [UInt8], defaultName: String, source: PresetSource) throws(DataFileError) -> Preset {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw DataFileError(file: file, position: error.position, message: "invalid JSON: \(error.message)")
    }
    return try decode(root, defaultName: defaultName, source: source)
  }

  package func decode(_ text: String, defaultName: String, source: PresetSource) throws(DataFileError) -> Preset {
    try decode(Array(text.utf8), defaultName: defaultName, source: source)
  }

  package func decode(_ root: JSONValue, defaultName: String, source: PresetSource) throws(DataFileError) -> Preset {
    let object = try reader.fields(
      root, path: "",
      allowed: [
        "$schema", "name", "description", "warmup", "round", "rounds", "skip_last_rest", "long_break", "cooldown",
        "cue", "workout", "advance", "halfway", "announce", "rest_ratio", "rest_rules",
      ],
      required: ["round"])
    var name = defaultName
    if let value = object["name"] {
      name = try reader.string(value, path: "name")
      guard PresetName.isValid(name) else {
        throw reader.error(
          value, "name",
          "a name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit, got \(value.snippet)")
      }
    }
    if let value = object["$schema"] { _ = try reader.string(value, path: "$schema") }
    let description =
      try object["description"].map { v throws(DataFileError) in try reader.string(v, path: "description") } ?? ""
    let warmup = try object["warmup"].map { v throws(DataFileError) in try phases(v, path: "warmup") } ?? []
    let round = try phases(object["round"]!, path: "round")
    if round.isEmpty { throw reader.error(object["round"]!, "round", "a round needs at least one phase") }
    let rounds =
      try object["rounds"].map { v throws(DataFileError) in
        try reader.integer(v, path: "rounds", in: Preset.roundsRange)
      } ?? 1
    let skip =
      try object["skip_last_rest"].map { v throws(DataFileError) in try reader.boolean(v, path: "skip_last_rest") }
      ?? false
    let cooldown = try object["cooldown"].map { v throws(DataFileError) in try phases(v, path: "cooldown") } ?? []
    let cue =
      try object["cue"].map { v throws(DataFileError) in try reader.integer(v, path: "cue", in: Preset.cueRange) } ?? 0
    var advance = PhaseAdvance.auto
    var advanceBefore: [PhaseKind: PhaseAdvance] = [:]
    if let value = object["advance"] {
      func choice(_ value: JSONValue, path: String) throws(DataFileError) -> PhaseAdvance {
        guard case .string(let text) = value.kind, let choice = PhaseAdvance(rawValue: text) else {
          throw reader.error(value, path, "expected \"auto\" or \"confirm\", got \(value.snippet)")
        }
        return choice
      }
      if case .object = value.kind {
        // Per kind of the phase to come: each kind says whether to wait before it.
        let given = try reader.fields(value, path: "advance", allowed: PhaseKind.allCases.map(\.rawValue), required: [])
        for kind in PhaseKind.allCases {
          if let item = given[kind.rawValue] { advanceBefore[kind] = try choice(item, path: "advance." + kind.rawValue) }
        }
      } else if case .string = value.kind {
        advance = try choice(value, path: "advance")
      } else {
        throw reader.error(
          value, "advance",
          "expected \"auto\", \"confirm\" or an object by kind ({\"work\": \"confirm\"}), got \(value.typeName)")
      }
    }
    let halfway =
      try object["halfway"].map { v throws(DataFileError) in try reader.boolean(v, path: "halfway") } ?? false
    let announce = try object["announce"].map { v throws(DataFileError) in try announcements(v) } ?? []
    var longBreak: Preset.LongBreak?
    if let value = object["long_break"] {
      let lb = try reader.fields(
        value, path: "long_break", allowed: ["every", "name", "duration"], required: ["every", "duration"])
      let every = try reader.integer(lb["every"]!, path: "long_break.every", in: Preset.roundsRange)
      let lbName =
        try lb["name"].map { v throws(DataFileError) in try phaseName(v, path: "long_break.name") } ?? "long break"
      let lbDuration = try duration(lb["duration"]!, path: "long_break.duration")
      longBreak = .init(every: every, phase: PhaseTemplate(name: lbName, kind: .rest, duration: lbDuration))
    }
    var preset = Preset(
      name: name, description: description, warmup: warmup, round: round, rounds: rounds,
      skipLastRest: skip, longBreak: longBreak, cooldown: cooldown, cue: cue, advance: advance,
      advanceBefore: advanceBefore,
      halfway: halfway, source: source)
    preset.announce = announce
    if let value = object["workout"] { preset.workout = try reader.boolean(value, path: "workout") }
    if let value = object["rest_ratio"] {
      if object["rest_rules"] != nil {
        throw reader.error(value, "rest_ratio", "give \"rest_ratio\" or \"rest_rules\", not both")
      }
      preset.earnedRest = .ratio(try restRatio(value))
    }
    if let value = object["rest_rules"] { preset.earnedRest = .rules(try restRules(value)) }
    // An open phase waits for the person to go on by itself: a preset that also waits for
    // confirmation would ask twice.
    if let value = object["advance"], advance == .confirm || advanceBefore.values.contains(.confirm),
      (warmup + round + cooldown).contains(where: \.open)
    {
      throw reader.error(
        value, "advance",
        "a preset with an open phase (\"duration\": \"open\") cannot wait for confirmation: the open phase already waits for space, 'pomo next' or 'pomo skip'"
      )
    }
    return preset
  }

  /// `"rest_ratio": 0.2`: the share of an open focus phase that the rest after it earns.
  private func restRatio(_ value: JSONValue) throws(DataFileError) -> Double {
    guard case .number(let text) = value.kind, let ratio = Double(text), ratio.isFinite else {
      throw reader.error(value, "rest_ratio", "expected a number like 0.2, got \(value.typeName)")
    }
    guard ratio > 0 && ratio < 1 else {
      throw reader.error(
        value, "rest_ratio", "a rest ratio is more than 0 and less than 1 (0.2 earns 1 min of rest for 5 of focus), got \(text)")
    }
    return ratio
  }

  /// `"rest_rules": [["25m", "5m"], ["50m", "8m"], [null, "15m"]]`: rows of a focus limit and
  /// the rest a focus under it earns, limits growing, null (any longer) only last.
  private func restRules(_ value: JSONValue) throws(DataFileError) -> [EarnedRest.Rule] {
    guard case .array(let rows) = value.kind else {
      throw reader.error(
        value, "rest_rules", "expected rows like [[\"25m\", \"5m\"], [null, \"15m\"]], got \(value.typeName)")
    }
    guard !rows.isEmpty else { throw reader.error(value, "rest_rules", "the list of rules is empty") }
    var rules: [EarnedRest.Rule] = []
    for (i, row) in rows.enumerated() {
      let path = "rest_rules[\(i)]"
      guard case .array(let pair) = row.kind, pair.count == 2 else {
        var got = row.typeName
        if case .array(let items) = row.kind { got = TextLayout.count(items.count, "item") }
        throw reader.error(row, path, "a rule is [focus under, rest] like [\"25m\", \"5m\"], got \(got)")
      }
      var under: Duration?
      if case .null = pair[0].kind {
        guard i == rows.count - 1 else {
          throw reader.error(pair[0], "\(path)[0]", "null (any longer focus) belongs only in the last rule")
        }
      } else {
        let limit = try duration(pair[0], path: "\(path)[0]")
        if let previous = rules.last?.under, limit <= previous {
          throw reader.error(
            pair[0], "\(path)[0]",
            "rules go from the shortest focus to the longest: \(DurationText.format(limit)) comes after \(DurationText.format(previous))"
          )
        }
        under = limit
      }
      rules.append(.init(under: under, rest: try duration(pair[1], path: "\(path)[1]")))
    }
    return rules
  }

  // MARK: - Pieces

  /// A phase name is what the schema's `phaseName` says: 1 to 64 Unicode code points (as JSON
  /// Schema counts), no C0 control or DEL, and not only spaces. Spaces at either end are
  /// dropped. (C1 controls pass: every display of a name makes them inert.)
  private func phaseName(_ value: JSONValue, path: String) throws(DataFileError) -> String {
    let name = try reader.string(value, path: path)
    let scalars = name.unicodeScalars
    guard (1...64).contains(scalars.count), !scalars.contains(where: PhaseName.isControl),
      scalars.contains(where: { !PhaseName.isSpace($0) })
    else {
      throw reader.error(
        value, path,
        "a phase name is 1 to 64 characters, not all spaces, without control characters like tabs, got \(value.snippet)"
      )
    }
    let all = Array(scalars)
    let first = all.firstIndex { !PhaseName.isSpace($0) }!
    let last = all.lastIndex { !PhaseName.isSpace($0) }!
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: all[first...last])
    return String(trimmed)
  }

  private func duration(_ value: JSONValue, path: String) throws(DataFileError) -> Duration {
    try reader.duration(value, path: path)
  }

  private func phases(_ value: JSONValue, path: String) throws(DataFileError) -> [PhaseTemplate] {
    guard case .array(let items) = value.kind else {
      throw reader.error(value, path, "expected an array of phases, got \(value.typeName)")
    }
    var result: [PhaseTemplate] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      let f = try reader.fields(
        item, path: itemPath, allowed: ["name", "kind", "duration", "exercises", "split", "count", "warn_before"],
        required: ["name", "kind", "duration"])
      let name = try phaseName(f["name"]!, path: "\(itemPath).name")
      let kindValue = f["kind"]!
      let kindText = try reader.string(kindValue, path: "\(itemPath).kind")
      guard let kind = PhaseKind(rawValue: kindText) else {
        throw reader.error(kindValue, "\(itemPath).kind", "expected \"work\" or \"rest\", got \(kindValue.snippet)")
      }
      let durationValue = f["duration"]!
      var isOpen = false
      if case .string("open") = durationValue.kind { isOpen = true }
      if isOpen && kind != .work {
        throw reader.error(
          durationValue, "\(itemPath).duration", "only a work phase can be open; a rest is earned from the focus before it")
      }
      let d = isOpen ? .zero : try duration(durationValue, path: "\(itemPath).duration")
      var phase = PhaseTemplate(name: name, kind: kind, duration: d)
      phase.open = isOpen
      if isOpen, let value = f["split"] {
        throw reader.error(value, "\(itemPath).split", "an open phase has no length to split")
      }
      if let value = f["exercises"] {
        guard kind == .work else {
          throw reader.error(value, "\(itemPath).exercises", "exercises are for work phases; this phase is rest")
        }
        phase.exercises = try exercises(value, path: "\(itemPath).exercises")
      }
      if name.contains(PlannedPhase.exerciseField) && phase.exercises.isEmpty {
        throw reader.error(
          f["name"]!, "\(itemPath).name", "\(PlannedPhase.exerciseField) needs a list of \"exercises\" on the phase")
      }
      if let value = f["split"] {
        phase.split = try split(value, path: "\(itemPath).split", duration: d)
      }
      if let value = f["count"] {
        let text = try reader.string(value, path: "\(itemPath).count")
        guard let count = PhaseCount(rawValue: text) else {
          throw reader.error(value, "\(itemPath).count", "expected \"rounds\" or \"reps\", got \(value.snippet)")
        }
        guard kind == .work else {
          throw reader.error(value, "\(itemPath).count", "only a work phase counts rounds or reps; this phase is rest")
        }
        phase.count = count
      }
      if let value = f["warn_before"] { phase.warnBefore = try duration(value, path: "\(itemPath).warn_before") }
      result.append(phase)
    }
    return result
  }

  /// `"exercises": ["burpees", "squats"]`: one or more names, each 1 to 200 columns as a
  /// terminal shows them, not only spaces, without control characters; spaces at either end go.
  private func exercises(_ value: JSONValue, path: String) throws(DataFileError) -> [String] {
    guard case .array(let items) = value.kind else {
      throw reader.error(value, path, "expected an array of exercise names, got \(value.typeName)")
    }
    guard !items.isEmpty else { throw reader.error(value, path, "the list of exercises is empty") }
    guard items.count <= PhaseTemplate.exerciseLimit else {
      throw reader.error(value, path, "at most \(PhaseTemplate.exerciseLimit) exercises, got \(items.count)")
    }
    var names: [String] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      let text = try reader.string(item, path: itemPath)
      let name = Self.trimmed(text)
      let columns = TextLayout.width(name)
      guard !text.unicodeScalars.contains(where: PhaseName.isControl), !name.isEmpty,
        columns <= PhaseTemplate.exerciseColumns
      else {
        let got = columns > PhaseTemplate.exerciseColumns ? "\(columns) columns" : item.snippet
        throw reader.error(
          item, itemPath,
          "an exercise name is 1 to \(PhaseTemplate.exerciseColumns) columns, not all spaces, without control characters, got \(got)"
        )
      }
      names.append(name)
    }
    return names
  }

  /// `"split": ["left", "right"]`: 2 to 4 part names, each part at least a second long.
  private func split(_ value: JSONValue, path: String, duration: Duration) throws(DataFileError) -> [String] {
    guard case .array(let items) = value.kind else {
      throw reader.error(
        value, path, "expected an array of part names like [\"left\", \"right\"], got \(value.typeName)")
    }
    guard PhaseTemplate.splitParts.contains(items.count) else {
      throw reader.error(
        value, path,
        "a split has \(PhaseTemplate.splitParts.lowerBound) to \(PhaseTemplate.splitParts.upperBound) parts, got \(items.count)"
      )
    }
    var parts: [String] = []
    for (i, item) in items.enumerated() { parts.append(try phaseName(item, path: "\(path)[\(i)]")) }
    guard duration >= PhaseTemplate.shortestPart * items.count else {
      throw reader.error(
        value, path,
        "each part of a split is at least 1s; \(DurationText.format(duration)) split in \(items.count) is less")
    }
    return parts
  }

  /// `"announce": ["next", "halfway", "last_round"]`, each at most once.
  private func announcements(_ value: JSONValue) throws(DataFileError) -> [Announcement] {
    guard case .array(let items) = value.kind else {
      throw reader.error(value, "announce", "expected an array like [\"next\", \"last_round\"], got \(value.typeName)")
    }
    var result: [Announcement] = []
    for (i, item) in items.enumerated() {
      let text = try reader.string(item, path: "announce[\(i)]")
      guard let announcement = Announcement(rawValue: text) else {
        throw reader.error(
          item, "announce[\(i)]", "expected \"next\", \"halfway\" or \"last_round\", got \(item.snippet)")
      }
      guard !result.contains(announcement) else {
        throw reader.error(item, "announce[\(i)]", "\(item.snippet) is listed twice")
      }
      result.append(announcement)
    }
    return result
  }

  /// `text` without the spaces at either end (the ones `PhaseName.isSpace` names).
  private static func trimmed(_ text: String) -> String {
    let all = Array(text.unicodeScalars)
    guard let first = all.firstIndex(where: { !PhaseName.isSpace($0) }),
      let last = all.lastIndex(where: { !PhaseName.isSpace($0) })
    else { return "" }
    var trimmed = String.UnicodeScalarView()
    trimmed.append(contentsOf: all[first...last])
    return String(trimmed)
  }
}
