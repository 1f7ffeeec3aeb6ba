import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// The ambient sound on virtual time: one player for each stretch of focus, none in a break,
/// a pause, a wait or after the end, and none left by Ctrl-Z or a session that closes.
@Suite("The ambient sound")
struct AmbientSoundTests {
  let clock = FakeClock()

  func engine() -> SessionEngine {
    let preset = Preset(
      name: "t", round: [phase("focus", .work, 150), phase("break", .rest, 30)], rounds: 2, skipLastRest: true)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  /// The listener with players that count.
  final class Rig {
    var players: [FakePlayback] = []
    var sound: AmbientSound!
    init(_ clock: FakeClock) throws {
      let loop = try WAVLoop(wav: SoundSynth.wav([Int16](repeating: 1, count: 100)))
      sound = AmbientSound(loop: loop) { [unowned self] _ in
        let player = FakePlayback(started: clock.clock.now())
        players.append(player)
        return player
      }
    }
    func step(_ e: inout SessionEngine, _ action: (inout SessionEngine) -> [SessionEvent]) {
      let events = action(&e)
      sound.sessionDidUpdate(e, events: events)
    }
    var playing: Int { players.filter { !$0.ended }.count }
  }

  @Test("one player through focus, ended by a pause and started again on resume, none in the break or after the end")
  func followsFocus() throws {
    var e = engine()
    let rig = try Rig(clock)
    rig.step(&e) { $0.start() }
    #expect(rig.players.count == 1 && rig.playing == 1)
    // The loop needs no new player however long focus runs.
    clock.advance(.seconds(60))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.count == 1 && rig.playing == 1)
    rig.step(&e) { $0.apply(.pause) }
    #expect(rig.playing == 0)
    clock.advance(.seconds(5))
    rig.step(&e) { $0.tick() }
    #expect(rig.players.count == 1)
    rig.step(&e) { $0.apply(.resume) }
    #expect(rig.players.count == 2 && rig.playing == 1)
    // Focus ends: silence through the break.
    clock.advance(.seconds(90))
    rig.step(&e) { $0.tick() }
    #expect(e.currentPhase?.kind == .rest && rig.playing == 0)
    clock.advance(.seconds(30))
    rig.step(&e) { $0.tick() }
    #expect(e.currentPhase?.kind == .work && rig.players.count == 3 && rig.playing == 1)
    clock.advance(.seconds(150))
    rig.step(&e) { $0.tick() }
    #expect(e.isFinished && rig.playing == 0)
  }

  @Test("a skip, void --stop and a stop end the player; Ctrl-Z and the session's close end it at once")
  func endings() throws {
    var e = engine()
    let rig = try Rig(clock)
    rig.step(&e) { $0.start() }
    rig.step(&e) { $0.apply(.skip) }
    #expect(e.currentPhase?.kind == .rest && rig.playing == 0)
    rig.step(&e) { $0.apply(.skip) }
    #expect(rig.playing == 1)
    rig.sound.sessionWillSuspend(e)
    #expect(rig.playing == 0)
    // After fg, the next step plays again.
    rig.step(&e) { $0.tick() }
    #expect(rig.playing == 1)
    // A void starts the Pomodoro again: focus runs on, and so does its noise; `void --stop` ends both.
    let before = rig.players.count
    rig.step(&e) { $0.apply(.void(nil)) }
    #expect(rig.playing == 1 && rig.players.count == before)
    rig.step(&e) { $0.apply(.void(nil, stop: true)) }
    #expect(e.isFinished && rig.playing == 0)
    var f = engine()
    rig.step(&f) { $0.start() }
    #expect(rig.playing == 1)
    rig.sound.close()
    #expect(rig.playing == 0)
    var g = engine()
    rig.step(&g) { $0.start() }
    #expect(rig.playing == 1)
    rig.step(&g) { $0.apply(.stop) }
    #expect(g.isFinished && rig.playing == 0)
  }

  @Test("a WAV file becomes its header, with a length that never ends, then its samples repeated to a second at least")
  func loopOfFile() throws {
    let samples = (0..<1000).map { Int16($0) }
    let loop = try WAVLoop(wav: SoundSynth.wav(samples))
    let rate = SoundSynth.sampleRate
    #expect(loop.bytesPerSecond == rate * 2)
    // 1000 samples are 2000 bytes, repeated whole past a second's 44,100.
    #expect(loop.loop.count == 46_000 && loop.loop.count % 2000 == 0)
    #expect(Array(loop.loop.prefix(2000)) == Array(SoundSynth.wav(samples).dropFirst(44)))
    #expect(Array(loop.head.prefix(4)) == Array("RIFF".utf8) && loop.head.count == 44)
    let length = loop.head[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    #expect(length > 0x7FFF_0000 && length % 2 == 0)
    #expect(throws: WAVLoop.Problem.notWAV) { try WAVLoop(wav: Array("ID3 not a wav".utf8)) }
    #expect(throws: WAVLoop.Problem.noSound) { try WAVLoop(wav: SoundSynth.wav([])) }
  }

  @Test(
    "a WAV header that says its sound takes gigabytes a second is refused, not looped into gigabytes of memory",
    .timeLimit(.minutes(1)))
  func hostileByteRate() throws {
    var wav = SoundSynth.wav((0..<1000).map { Int16($0) })
    // The format chunk's byte rate (at 28): 0xFFFFFFFF, as a broken or hostile file says.
    wav.replaceSubrange(28..<32, with: [0xFF, 0xFF, 0xFF, 0xFF])
    #expect(throws: WAVLoop.Problem.byteRate(0xFFFF_FFFF)) { try WAVLoop(wav: wav) }
    #expect(
      "\(WAVLoop.Problem.byteRate(0xFFFF_FFFF))"
        == "says its sound takes 4294967295 bytes a second, more than any player plays")
    // The largest that a real sound takes is still looped.
    wav.replaceSubrange(28..<32, with: [0x00, 0x00, 0x00, 0x02])
    #expect(try WAVLoop(wav: wav).loop.count >= 32 << 20)
  }

  @Test("doctor names each player it can use, each that is missing and where it comes from, and the one it would use")
  func doctor() throws {
    let bin = try TemporaryFolder()
    defer { bin.cleanUp() }
    for name in ["aplay", "afplay"] {
      let file = try bin.write(name, "#!/bin/sh\n")
      chmod(file, 0o755)
    }
    let lines = AmbientSound.doctor(environment: ["PATH": bin.path])
    #expect(
      lines == [
        "ambient sound: pw-play is not on PATH (Debian's pipewire-bin)",
        "ambient sound: paplay is not on PATH (Debian's pulseaudio-utils)",
        "ambient sound: aplay (\(bin.path)/aplay) can play it",
        "ambient sound: ffplay is not on PATH (Debian's ffmpeg)",
        "ambient sound: afplay (\(bin.path)/afplay) cannot be used: it plays files only, and a file ends with a gap",
        "ambient sound: a session plays it with aplay",
      ])
    let none = AmbientSound.doctor(environment: ["PATH": bin.path + "/none"])
    #expect(
      none.last
        == "ambient sound: no player found, so none plays; install one of pw-play, paplay, aplay or ffplay, or set \"sounds\".player"
    )
    #expect(AmbientSound.player(configured: ["pw-play", "--volume", "0.5"], path: "/nowhere") == nil)
    #expect(AmbientSound.player(configured: ["aplay", "-D", "null"], path: bin.path) == ["aplay", "-D", "null"])
  }

  /// Reads the noises as a listener's ear would: octave by octave (a Hann-windowed FFT written
  /// out in Python, as Debian's python3 has no numpy), the peak, and the seam.
  static let check = """
    import sys, wave, struct, math, cmath
    def fft(a):
        n = len(a)
        j = 0
        for i in range(1, n):
            bit = n >> 1
            while j & bit:
                j ^= bit
                bit >>= 1
            j |= bit
            if i < j:
                a[i], a[j] = a[j], a[i]
        size = 2
        while size <= n:
            half = size // 2
            ws = [cmath.exp(-2j * math.pi * k / size) for k in range(half)]
            for start in range(0, n, size):
                for k in range(half):
                    u = a[start + k]
                    v = a[start + k + half] * ws[k]
                    a[start + k] = u + v
                    a[start + k + half] = u - v
            size *= 2
        return a
    for path, volume, slope in zip(sys.argv[1::3], sys.argv[2::3], sys.argv[3::3]):
        w = wave.open(path)
        assert w.getnchannels() == 1 and w.getsampwidth() == 2, path
        rate = w.getframerate()
        frames = w.readframes(w.getnframes())
        s = struct.unpack("<%dh" % (len(frames) // 2), frames)
        # No clipping: the peak is the volume asked for, reached by a sample or two, never held.
        peak = max(abs(x) for x in s)
        target = round(float(volume) * 0.5 * 32767)
        assert abs(peak - target) <= 1 and peak < 32767, (path, peak, target)
        assert sum(1 for x in s if abs(x) >= peak - 1) <= 4, (path, "flat-topped")
        # The seam: the step from the last sample to the first is one a neighbour would take.
        steps = sorted(abs(b - a) for a, b in zip(s, s[1:]))
        jump = abs(s[0] - s[-1])
        assert jump <= steps[int(len(steps) * 0.999)], (path, "seam", jump, steps[len(steps) // 2])
        # The spectrum's fall per octave from 100 Hz to 3.2 kHz, averaged over 40 stretches.
        n = 4096
        hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / n) for i in range(n)]
        power = [0.0] * (n // 2)
        for k in range(40):
            spectrum = fft([complex(s[k * n + i] * hann[i]) for i in range(n)])
            for b in range(n // 2):
                power[b] += abs(spectrum[b]) ** 2
        bands = []
        low = 100.0
        while low < 3200:
            bins = [power[b] for b in range(n // 2) if low <= b * rate / n < 2 * low]
            bands.append(10 * math.log10(sum(bins) / len(bins)))
            low *= 2
        xs = range(len(bands))
        mx = sum(xs) / len(bands)
        my = sum(bands) / len(bands)
        fit = sum((x - mx) * (y - my) for x, y in zip(xs, bands)) / sum((x - mx) ** 2 for x in xs)
        assert abs(fit - float(slope)) < 1, (path, "slope", fit, bands)
        print("%s %.2f" % (path.rsplit("/", 1)[-1], fit))
    """

  @Test(
    "the noises fall 6 dB an octave (brown), 3 (pink) and none (white), are never clipped, and loop with no seam",
    .requires(.python), .timeLimit(.minutes(2)))
  func noises() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    var arguments: [String] = []
    for (color, slope) in [(NoiseColor.brown, -6), (.pink, -3), (.white, 0)] {
      let path = folder.file("\(color.rawValue).wav")
      #expect(FileManager.default.createFile(atPath: path, contents: Data(NoiseSynth.wav(color, volume: 0.8))))
      arguments += [path, "0.8", "\(slope)"]
    }
    let python = try await runProgram(
      [RequiredTool.path(of: "python3") ?? "/usr/bin/python3", "-c", Self.check] + arguments,
      environment: ["PATH": RequiredTool.searchPath])
    #expect(python.status == 0 && python.out.split(separator: "\n").count == 3, "\(python.out)\(python.err)")
  }

  @Test("the noise is the same, byte for byte, every time it is made")
  func deterministic() {
    #expect(NoiseSynth.wav(.pink, volume: 0.6) == NoiseSynth.wav(.pink, volume: 0.6))
    #expect(NoiseSynth.samples(.brown, volume: 0.6).count == NoiseSynth.seconds * SoundSynth.sampleRate)
  }
}
