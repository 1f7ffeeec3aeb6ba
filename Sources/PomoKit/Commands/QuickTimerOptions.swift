import PomoCore

/// `--rounds`, `--warmup` and `--cooldown` as a quick timer reads them.
struct QuickTimerOptions {
  var rounds: Int?
  var warmup: Duration?
  var cooldown: Duration?

  /// The preset a quick timer stands for; a cool-down after endless rounds is refused, as
  /// nothing would ever reach it.
  func preset(_ timer: QuickTimer, path: [String]) throws(CLIError) -> Preset {
    if cooldown != nil && timer.isEndless(rounds: rounds) {
      throw .usage(
        "--cooldown needs --rounds with '\(timer.spec)': without it the rounds go on until stopped", command: path)
    }
    return timer.preset(rounds: rounds, warmup: warmup, cooldown: cooldown)
  }

  /// A preset has its own warm-up and cool-down: the options are for quick timers only.
  func checkedForPreset(_ preset: Preset, path: [String]) throws(CLIError) -> Preset {
    if warmup != nil || cooldown != nil {
      throw .usage(
        "--warmup and --cooldown are for timers like 40s/20s; the preset '\(preset.name)' has its own", command: path)
    }
    return preset
  }
}
