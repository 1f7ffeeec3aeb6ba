import PomoCore
import PomoPlatform

extension SoundFiles {
  /// The most of a WAV file of one's own that is read to loop: ten minutes of CD sound.
  package static let ambientLimit = 100 << 20

  /// Why the ambient sound cannot play, in a line for a warning.
  package enum AmbientProblem: Error, Equatable, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    case notLoopable(String, WAVLoop.Problem)
    case cannotWrite(String, String)

    package var description: String {
      switch self {
      case .missing(let file): "the ambient sound file \(file) is not found"
      case .unreadable(let file, let why): "cannot read the ambient sound file \(file): \(why)"
      case .notLoopable(let file, let problem): "the ambient sound file \(file) \(problem)"
      case .cannotWrite(let folder, let why): "cannot make the ambient sound in \(folder): \(why)"
      }
    }
  }

  /// The ambient sound as a loop, with the file it came from: pomo's own noise, written first
  /// to `folder` (the cache) when the file there is missing or differs from what pomo makes,
  /// or a WAV file of one's own as it is.
  package static func ambient(
    _ source: AmbientSource, volume: Double, folder: String
  ) -> Result<(file: String, loop: WAVLoop), AmbientProblem> {
    let file: String
    let bytes: [UInt8]
    switch source {
    case .noise(let color):
      let percent = Int((volume * 100).rounded())
      file = folder + "/sounds/ambient-\(color.rawValue)-\(percent).wav"
      bytes = NoiseSynth.wav(color, volume: Double(percent) / 100)
      if (try? Platform.readFile(file, limit: bytes.count + 1)) != bytes {
        do {
          try Platform.writeAtomically(bytes, to: file, durable: false, mode: 0o600)
        } catch {
          return .failure(.cannotWrite(folder, "\(error)"))
        }
      }
    case .file(let path):
      file = path
      guard Platform.fileExists(path) else { return .failure(.missing(path)) }
      do {
        bytes = try Platform.readFile(path, limit: ambientLimit)
      } catch {
        return .failure(.unreadable(path, "\(error)"))
      }
    }
    do {
      return .success((file, try WAVLoop(wav: bytes)))
    } catch {
      return .failure(.notLoopable(file, error))
    }
  }
}
