import PomoCore
import PomoPlatform

/// Where pomo's own sounds lie, made in `folder` (the cache) when first needed: a file is
/// checked against the bytes `SoundSynth` makes before it is played, and made again when it is
/// missing or differs (a cache is disposable, and verified before it is trusted).
package enum SoundFiles {
  /// The file to play for `source` at `volume`: a sound file as it is, or one of pomo's own,
  /// written first if need be. Nil, with the reason, when pomo's own cannot be written.
  package static func path(
    for source: SoundSettings.Source, volume: Double, folder: String
  ) -> Result<String, FileSystemError> {
    switch source {
    case .file(let path): return .success(path)
    case .builtIn(let sound):
      let percent = Int((volume * 100).rounded())
      let path = folder + "/sounds/\(sound.rawValue)-\(percent).wav"
      let bytes = SoundSynth.wav(sound, volume: Double(percent) / 100)
      if (try? Platform.readFile(path, limit: bytes.count + 1)) == bytes { return .success(path) }
      do {
        try Platform.writeAtomically(bytes, to: path, durable: false, mode: 0o600)
      } catch {
        return .failure(error)
      }
      return .success(path)
    }
  }
}
