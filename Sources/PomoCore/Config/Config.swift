import PomoPlatform

/// The user's defaults, from `$XDG_CONFIG_HOME/pomo/config.json`. Command-line flags win.
///
/// ```json
/// {"bell": true, "notify": true, "color": "auto",
///  "hooks": {"phase_end": ["paplay", "/usr/share/sounds/freedesktop/stereo/complete.oga"]}}
/// ```
package struct Config: Equatable, Sendable {
  package var bell = true
  package var notify = true
  package var color: ColorChoice?
  /// A command and its arguments for each event, run without a shell.
  package var hooks: [HookEvent: [String]] = [:]
  /// The first day of the week for reports.
  package var weekStart: WeekStart?
  /// Whether a live session shows its state in the window title (OSC 2).
  package var terminalTitle = true
  /// How notifications also travel through the terminal (OSC 777, OSC 9, kitty's OSC 99).
  package var terminalNotify = TerminalNotifyChoice.auto
  /// Whether the phase's progress shows in the terminal's tab (OSC 9;4).
  package var terminalProgress = TerminalProgressChoice.auto
  /// The focus a day should hold (`daily_goal`, a duration such as "4h"), in seconds.
  package var dailyGoal: Double?
  /// When a day begins (`day_start`, "HH:MM"), in seconds after midnight: focus before it
  /// counts for the day before.
  package var dayStart = 0
  /// The live display on a terminal: one status line, or large figures filling it (`--big`).
  package var display = DisplayChoice.line
  /// Whether phase changes, the 3-2-1 cue and the end are spoken (`--voice`).
  package var voice = false
  /// The program that speaks, and its arguments; the words come as one more argument. Nil:
  /// the first of espeak-ng, spd-say and say on PATH.
  package var speaker: [String]?
  /// The sounds a session plays (`"sounds"`; the older `"sound": {"phase_end": FILE}` is
  /// the same file at the end of every phase).
  package var sounds = SoundSettings()
  /// How long before its end each phase warns that time is nearly up (`"warn_before": "2m"`),
  /// unless the preset's phase says otherwise.
  package var warnBefore: Duration?
  /// Whether each stretch of focus is also an open Timewarrior interval (`"timewarrior": true`).
  package var timewarrior = false
  /// The most break time the bank keeps (`"break_bank": {"cap": "30m"}`): break time not taken
  /// today is kept for a later earned break. Nil: no bank.
  package var breakBankCap: Duration?
  /// Do-not-disturb while focus runs (`"dnd"`, `"dnd_commands"`, `"dnd_shortcuts"`).
  package var doNotDisturb = DoNotDisturbSettings()
  /// Whether `pomo task list` shows Taskwarrior's pending tasks too (`"taskwarrior": true`).
  package var taskwarrior = false
  /// What each kind of phase does while you are away (`"away": {"work": "pause", "rest": "run"}`),
  /// and the idle threshold (`"idle_after": "5m"`).
  package var away = AwayRules.standard
  /// What a session keeps awake while it runs (`"inhibit"`).
  package var inhibit = InhibitSettings()
  /// Whether breaks lock the screen as they start (`"break_lock"`, `"break_lock_command"`).
  package var breakLock = BreakLockSettings()
  /// How often a phase that waits for you nudges again (`"remind": "5m"`); nil: never.
  package var remind: Duration?
  /// The days `pomo nudge` nudges on (`"work_days"`).
  package var workDays = WorkDays.standard
  /// Whether the desktop's music players pause and resume with the phases (`"music"`).
  package var music = MusicSettings()

  package init() {}

  /// Reads the config file; a missing file is the defaults, a bad one an error naming the key.
  package static func load(path: String) throws(DataFileError) -> Config {
    guard Platform.fileExists(path) else { return Config() }
    do {
      return try parse(try Platform.readFile(path), file: path)
    } catch let error as DataFileError {
      throw error
    } catch {
      throw DataFileError(file: path, message: "cannot read the file: \(error)")
    }
  }

  package static func parse(_ bytes: [UInt8], file: String) throws(DataFileError) -> Config {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw DataFileError(file: file, position: error.position, message: "invalid JSON: \(error.message)")
    }
    let reader = JSONReader(file: file)
    let fields = try reader.fields(
      root, path: "", allowed: [
        "$schema", "bell", "notify", "color", "hooks", "week_start", "terminal_title", "terminal_notify",
        "terminal_progress", "daily_goal", "day_start", "display", "voice", "speaker", "sound", "sounds", "warn_before",
        "timewarrior", "break_bank", "taskwarrior", "away", "idle_after",
        "dnd", "dnd_commands", "dnd_shortcuts", "remind", "work_days",
        "inhibit", "break_lock", "break_lock_command",
        "music",
      ], required: [])
    var config = Config()
    if let v = fields["bell"] { config.bell = try reader.boolean(v, path: "bell") }
    if let v = fields["notify"] { config.notify = try reader.boolean(v, path: "notify") }
    if let v = fields["color"] { config.color = try reader.choice(v, path: "color", ColorChoice.self) }
    if let v = fields["week_start"] { config.weekStart = try reader.choice(v, path: "week_start", WeekStart.self) }
    if let v = fields["terminal_title"] { config.terminalTitle = try reader.boolean(v, path: "terminal_title") }
    if let v = fields["terminal_notify"] {
      config.terminalNotify = try reader.choice(v, path: "terminal_notify", TerminalNotifyChoice.self)
    }
    if let v = fields["terminal_progress"] {
      config.terminalProgress = try reader.choice(v, path: "terminal_progress", TerminalProgressChoice.self)
    }
    if let v = fields["daily_goal"] { config.dailyGoal = TimeText.seconds(try duration(v, path: "daily_goal", reader)) }
    if let v = fields["warn_before"] { config.warnBefore = try duration(v, path: "warn_before", reader) }
    if let v = fields["break_bank"] {
      let bank = try reader.fields(v, path: "break_bank", allowed: ["cap"], required: ["cap"])
      config.breakBankCap = try duration(bank["cap"]!, path: "break_bank.cap", reader)
    }
    if let v = fields["away"] {
      let policies = try reader.fields(v, path: "away", allowed: ["work", "rest"], required: [])
      if let p = policies["work"] { config.away.work = try reader.choice(p, path: "away.work", AwayPolicy.self) }
      if let p = policies["rest"] { config.away.rest = try reader.choice(p, path: "away.rest", AwayPolicy.self) }
    }
    if let v = fields["idle_after"] { config.away.idleAfter = try duration(v, path: "idle_after", reader) }
    if let v = fields["day_start"] {
      let text = try reader.string(v, path: "day_start")
      // On a quarter hour, as the index keeps the starts of sessions, so streaks stay exact.
      guard let seconds = Self.clockTime(text), seconds % 900 == 0 else {
        throw reader.error(
          v, "day_start", "expected a time of day on a quarter hour like \"04:00\" or \"03:30\", got \(v.snippet)")
      }
      config.dayStart = seconds
    }
    if let v = fields["display"] { config.display = try reader.choice(v, path: "display", DisplayChoice.self) }
    if let v = fields["voice"] { config.voice = try reader.boolean(v, path: "voice") }
    if let v = fields["timewarrior"] { config.timewarrior = try reader.boolean(v, path: "timewarrior") }
    if let v = fields["taskwarrior"] { config.taskwarrior = try reader.boolean(v, path: "taskwarrior") }
    if let v = fields["speaker"] { config.speaker = try command(v, path: "speaker", reader) }
    if let v = fields["sound"] {
      let sounds = try reader.fields(v, path: "sound", allowed: SoundEvent.allCases.map(\.rawValue), required: [])
      for event in SoundEvent.allCases {
        guard let value = sounds[event.rawValue] else { continue }
        let file = try reader.string(value, path: "sound.\(event.rawValue)")
        if file.isEmpty { throw reader.error(value, "sound.\(event.rawValue)", "the file name is empty") }
        config.sounds.workEnd = .file(file)
        config.sounds.restEnd = .file(file)
      }
    }
    if let v = fields["sounds"] { try sounds(v, into: &config.sounds, reader) }
    config.doNotDisturb = try DoNotDisturbSettings.parse(fields, reader)
    if let v = fields["inhibit"] { config.inhibit = try InhibitSettings.parse(v, reader) }
    config.breakLock = try BreakLockSettings.parse(fields, reader)
    if let v = fields["remind"] {
      let every = try duration(v, path: "remind", reader)
      // A reminder a millisecond would be a flood of notifications, not a nudge.
      guard every >= .seconds(1) else { throw reader.error(v, "remind", "expected at least 1s, got \(v.snippet)") }
      config.remind = every
    }
    if let v = fields["work_days"] { config.workDays = try WorkDays.parse(v, reader) }
    config.music = try MusicSettings.parse(fields, reader)
    if let v = fields["hooks"] {
      let hooks = try reader.fields(v, path: "hooks", allowed: HookEvent.allCases.map(\.rawValue), required: [])
      for event in HookEvent.allCases {
        guard let command = hooks[event.rawValue] else { continue }
        let argv = try Self.command(command, path: "hooks.\(event.rawValue)", reader)
        config.hooks[event] = argv
      }
    }
    return config
  }

  /// `"sounds": {"work_end": "chime", "rest_end": FILE, "tick": "tick", "ambient": "brown", "volume": 0.6,
  /// "player": "aplay"}`.
  private static func sounds(_ value: JSONValue, into sounds: inout SoundSettings, _ reader: JSONReader)
    throws(DataFileError)
  {
    let fields = try reader.fields(
      value, path: "sounds", allowed: ["work_end", "rest_end", "tick", "ambient", "volume", "player"], required: [])
    func source(_ key: String) throws(DataFileError) -> SoundSettings.Source? {
      guard let v = fields[key] else { return nil }
      if case .null = v.kind { return nil }
      let text = try reader.string(v, path: "sounds.\(key)")
      if text.isEmpty { throw reader.error(v, "sounds.\(key)", "expected a sound's name or a file, got an empty string") }
      return BuiltInSound(rawValue: text).map { .builtIn($0) } ?? .file(text)
    }
    if fields["work_end"] != nil { sounds.workEnd = try source("work_end") }
    if fields["rest_end"] != nil { sounds.restEnd = try source("rest_end") }
    if fields["tick"] != nil { sounds.tick = try source("tick") }
    if let v = fields["ambient"] { sounds.ambient = try AmbientSource.parse(v, reader) }
    if let v = fields["volume"] {
      guard case .number(let text) = v.kind, let volume = Double(text), SoundSettings.volumes.contains(volume) else {
        throw reader.error(v, "sounds.volume", "expected a number from 0 to 1, got \(v.snippet)")
      }
      sounds.volume = volume
    }
    if let v = fields["player"] {
      if case .string(let name) = v.kind {
        guard !name.isEmpty else { throw reader.error(v, "sounds.player", "the player's name is empty") }
        sounds.player = [name]
      } else {
        sounds.player = try command(v, path: "sounds.player", reader)
      }
    }
  }

  /// A duration as a preset file has it (`JSONReader.duration`), with the config's example.
  private static func duration(_ value: JSONValue, path: String, _ reader: JSONReader) throws(DataFileError)
    -> Duration
  {
    try reader.duration(value, path: path, example: "2m")
  }

  /// A command as an array of strings, its first the program's name.
  private static func command(_ value: JSONValue, path: String, _ reader: JSONReader) throws(DataFileError) -> [String] {
    guard case .array(let items) = value.kind, !items.isEmpty else {
      throw reader.error(
        value, path,
        "expected a command as an array of strings, like [\"notify-send\", \"pomo\"], got \(value.typeName)")
    }
    var argv: [String] = []
    for (i, item) in items.enumerated() {
      argv.append(try reader.string(item, path: "\(path)[\(i)]"))
    }
    if argv[0].isEmpty { throw reader.error(items[0], "\(path)[0]", "the command name is empty") }
    return argv
  }
}

extension Config {
  /// "04:00" as seconds after midnight: two-digit hours 00 to 23, a colon, two-digit minutes.
  package static func clockTime(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
      [0, 1, 3, 4].allSatisfy({ (0x30...0x39).contains(bytes[$0]) }),
      let h = Int(text.prefix(2)), let m = Int(text.suffix(2)), h < 24, m < 60
    else { return nil }
    return h * 3600 + m * 60
  }
}

package extension JSONReader {
  func choice<E: ChoiceValue>(_ value: JSONValue, path: String, _ type: E.Type) throws(DataFileError) -> E {
    let text = try string(value, path: path)
    guard let choice = E(rawValue: text) else {
      let choices = E.allCases.map { "\"\($0.rawValue)\"" }
      throw error(value, path, "expected one of \(choices.joined(separator: ", ")), got \(value.snippet)")
    }
    return choice
  }
}
