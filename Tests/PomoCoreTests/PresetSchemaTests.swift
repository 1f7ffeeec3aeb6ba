import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

/// One preset file of the corpus, and what pomo should make of it.
struct SchemaCase: CustomTestStringConvertible, Sendable {
  enum Expected: Sendable {
    case accepted
    /// Refused by the schema (and the loader).
    case rejected
    /// Not I-JSON (duplicate keys, NaN, a lone surrogate): refused before any schema applies.
    case notJSON
  }

  var label: String
  var text: String
  var expected: Expected

  var testDescription: String { label }
}

/// The corpus: ordinary presets, every class of disagreement the schema once had, and the
/// edges of each rule, both sides.
enum SchemaCorpus {
  static func with(duration: String) -> String {
    #"{"round": [{"name": "f", "kind": "work", "duration": \#(duration)}]}"#
  }

  static func with(phaseName: String) -> String {
    #"{"round": [{"name": \#(phaseName), "kind": "work", "duration": "1m"}]}"#
  }

  static func with(_ extra: String) -> String {
    #"{"round": [{"name": "f", "kind": "work", "duration": "1m"}], \#(extra)}"#
  }

  static func json(_ text: String) -> String { JSONOutput.string(text).text }

  /// A one-phase round whose work phase has `extra` keys.
  static func with(phase extra: String) -> String {
    #"{"round": [{"name": "f", "kind": "work", "duration": "1m", \#(extra)}]}"#
  }

  static let accepted: [(String, String)] = [
    ("minimal", with(duration: #""1m""#)),
    ("25m", with(duration: #""25m""#)),
    ("1h30m", with(duration: #""1h30m""#)),
    ("1h 30m", with(duration: #""1h 30m""#)),
    ("m:ss", with(duration: #""1:30""#)),
    ("h:mm:ss", with(duration: #""1:02:03""#)),
    ("m:ss with leading zero", with(duration: #""05:00""#)),
    ("number of seconds", with(duration: "90")),
    ("fractional number", with(duration: "1.5")),
    ("string of seconds", with(duration: #""90""#)),
    ("spaces around a duration", with(duration: #"" 45 ""#)),
    ("2m5s", with(duration: #""2m5s""#)),
    ("1.5h", with(duration: #""1.5h""#)),
    ("exactly 24h", with(duration: #""24h""#)),
    ("exactly 86400 as text", with(duration: #""86400""#)),
    ("exactly 86400 as a number", with(duration: "86400")),
    ("exactly 1440m", with(duration: #""1440m""#)),
    ("exactly 1440:00", with(duration: #""1440:00""#)),
    ("exactly 24:00:00.000", with(duration: #""24:00:00.000""#)),
    ("24h 0m 0s", with(duration: #""24h 0m 0s""#)),
    ("one millisecond", with(duration: #""0.001s""#)),
    ("a tenth of a millisecond as a number", with(duration: "0.0001")),
    ("the smallest double", with(duration: "5e-324")),
    ("23:59:59.999", with(duration: #""23:59:59.999""#)),
    ("1h 59m 59.999s", with(duration: #""1h 59m 59.999s""#)),
    ("leading zeros", with(duration: #""007m""#)),
    ("rounds written as 4.0", with(#""rounds": 4.0"#)),
    ("rounds written as 1e1", with(#""rounds": 1e1"#)),
    ("rounds 10000", with(#""rounds": 10000"#)),
    ("cue -0.0 is zero", with(#""cue": -0.0"#)),
    ("advance confirm", with(#""advance": "confirm""#)), ("advance auto", with(#""advance": "auto""#)),
    ("advance by kind", with(#""advance": {"work": "confirm", "rest": "auto"}"#)),
    ("warn 2m before the end", with(phase: #""warn_before": "2m""#)), ("warn 90 s before", with(phase: #""warn_before": 90"#)),
    ("advance before work only", with(#""advance": {"work": "confirm"}"#)), ("advance by no kind", with(#""advance": {}"#)),
    ("long break every 4.0", with(#""long_break": {"every": 4.0, "duration": "15m"}"#)),
    ("preset name", with(#""name": "my.preset_1-x""#)),
    ("preset name of 64", with(#""name": "\#(String(repeating: "a", count: 64))""#)),
    ("phase name of 64 ASCII", with(phaseName: json(String(repeating: "x", count: 64)))),
    ("phase name of 64 emoji (128 UTF-16 units)", with(phaseName: json(String(repeating: "😀", count: 64)))),
    (
      "phase name of 32 e + combining acute (64 code points)",
      with(phaseName: json(String(repeating: "e\u{301}", count: 32)))
    ),
    ("phase name with spaces at the ends", with(phaseName: #"" focus ""#)),
    ("phase name with a no-break space inside", with(phaseName: json("a\u{A0}b"))),
    ("CJK phase name", with(phaseName: json("集中"))),
    ("C1 control in a phase name (shown inert)", with(phaseName: #""a\u009b2J""#)),
    ("description with control characters", with(#""description": "\u001b[2J\nline""#)),
    (
      "everything",
      #"""
      {"$schema": "./preset.schema.json", "name": "all", "description": "d", "rounds": 3, "cue": 10,
       "skip_last_rest": true, "warmup": [{"name": "w", "kind": "rest", "duration": 60}],
       "round": [{"name": "f", "kind": "work", "duration": "25m"}, {"name": "b", "kind": "rest", "duration": "5:00"}],
       "long_break": {"every": 2, "name": "long", "duration": "15m"},
       "cooldown": [{"name": "c", "kind": "rest", "duration": "1m"}]}
      """#
    ),
    ("empty warm-up", with(#""warmup": []"#)),
    // Workouts with moves.
    (
      "exercises, split, count and announce",
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m", "exercises": ["burpees", " squats "], "split": ["left", "right"], "count": "reps"}], "announce": ["next", "halfway", "last_round"]}"#
    ),
    (
      "{exercise} with exercises",
      #"{"round": [{"name": "{exercise} {round}", "kind": "work", "duration": "1m", "exercises": ["x"]}]}"#
    ),
    ("an AMRAP", with(phase: #""count": "rounds""#)),
    ("a split of 2s in two", #"{"round": [{"name": "f", "kind": "work", "duration": "2s", "split": ["a", "b"]}]}"#),
    ("an exercise of 200 characters", with(phase: #""exercises": ["\#(String(repeating: "x", count: 200))"]"#)),
    // Flowtime: an open focus and the rest it earns.
    ("an open focus", with(duration: #""open""#)),
    ("an open focus with a rest ratio", flow(#""rest_ratio": 0.2"#)),
    ("a rest ratio just under 1", flow(#""rest_ratio": 0.999"#)),
    ("rest rules", flow(#""rest_rules": [["25m", "5m"], ["50m", "8m"], ["90m", "10m"], [null, "15m"]]"#)),
    ("rest rules without a null row", flow(#""rest_rules": [[1500, 300]]"#)),
    ("an open focus with advance auto", flow(#""advance": {"work": "auto", "rest": "auto"}"#)),
    ("an open focus counting rounds", with(phase: #""count": "rounds""#).replacing(#""1m""#, with: #""open""#)),
  ]

  /// An open focus and a rest, with `extra` keys at the top.
  static func flow(_ extra: String) -> String {
    #"{"round": [{"name": "f", "kind": "work", "duration": "open"}, {"name": "b", "kind": "rest", "duration": "5m"}], \#(extra)}"#
  }

  static let rejected: [(String, String)] = [
    // Zero.
    ("zero as text", with(duration: #""0""#)), ("0s", with(duration: #""0s""#)), ("0:00", with(duration: #""0:00""#)),
    ("zero as a number", with(duration: "0")), ("0.0", with(duration: "0.0")), ("-0", with(duration: "-0")),
    ("0h 0m", with(duration: #""0h 0m""#)), ("0.000s", with(duration: #""0.000s""#)),
    ("below the smallest double", with(duration: "1e-400")),
    // Over 24 hours.
    ("25h", with(duration: #""25h""#)), ("24h1s", with(duration: #""24h1s""#)),
    ("24:00:01", with(duration: #""24:00:01""#)), ("1441m", with(duration: #""1441m""#)),
    ("1440:01", with(duration: #""1440:01""#)), ("86401 as text", with(duration: #""86401""#)),
    ("86401 as a number", with(duration: "86401")), ("86400.001 as a number", with(duration: "86400.001")),
    ("86400.001 as text", with(duration: #""86400.001""#)), ("24.001h", with(duration: #""24.001h""#)),
    ("1e400", with(duration: "1e400")), ("24h 0m 0.001s", with(duration: #""24h 0m 0.001s""#)),
    // Clock fields of 60.
    ("1:60", with(duration: #""1:60""#)), ("0:60", with(duration: #""0:60""#)),
    ("1:60:00", with(duration: #""1:60:00""#)), ("1:02:60", with(duration: #""1:02:60""#)),
    ("1h 60m", with(duration: #""1h 60m""#)), ("1m 60s", with(duration: #""1m 60s""#)),
    // Whitespace other than spaces.
    ("tab before", with(duration: #""\t25m""#)), ("tab after", with(duration: #""25m\t""#)),
    ("tab between", with(duration: #""1h\t30m""#)), ("line feed after", with(duration: #""25m\n""#)),
    ("carriage return after", with(duration: #""25m\r""#)), ("no-break space", with(duration: json("\u{A0}25m"))),
    ("ideographic space between", with(duration: json("1h\u{3000}30m"))),
    ("space before the unit", with(duration: #""25 m""#)),
    // Fractions and forms.
    ("four decimals", with(duration: #""1.2345s""#)),
    ("fraction before a smaller unit", with(duration: #""1.5h 30m""#)),
    ("a point without decimals", with(duration: #""1.""#)), ("no whole part", with(duration: #"".5""#)),
    ("soon", with(duration: #""soon""#)), ("empty", with(duration: #""""#)), ("negative", with(duration: #""-5""#)),
    ("units out of order", with(duration: #""30s5m""#)), ("1:3", with(duration: #""1:3""#)),
    ("1:2:3:4", with(duration: #""1:2:3:4""#)), ("one-digit minutes in h:mm:ss", with(duration: #""1:5:00""#)),
    ("a boolean duration", with(duration: "true")), ("a null duration", with(duration: "null")),
    // Phase names.
    ("empty phase name", with(phaseName: #""""#)), ("blank phase name", with(phaseName: #""   ""#)),
    ("ideographic-space phase name", with(phaseName: json("\u{3000}"))),
    ("no-break-space phase name", with(phaseName: json("\u{A0}\u{A0}"))),
    ("tab inside a phase name", with(phaseName: #""a\tb""#)),
    ("tab before a phase name", with(phaseName: #""\tfocus""#)),
    ("escape in a phase name", with(phaseName: #""a\u001b[2Jb""#)),
    ("DEL in a phase name", with(phaseName: #""a\u007f""#)),
    ("phase name of 65 ASCII", with(phaseName: json(String(repeating: "x", count: 65)))),
    (
      "phase name of 33 e + combining acute (66 code points, 33 characters)",
      with(phaseName: json(String(repeating: "e\u{301}", count: 33)))
    ),
    (
      "phase name of 33 flags (66 code points, 33 characters)", with(phaseName: json(String(repeating: "🇩🇪", count: 33)))
    ),
    ("blank long break name", with(#""long_break": {"every": 2, "name": " ", "duration": "5m"}"#)),
    // Preset names.
    ("preset name with a space", with(#""name": "has space""#)),
    ("preset name with a line feed", with(#""name": "abc\n""#)),
    ("preset name starting with -", with(#""name": "-abc""#)), ("empty preset name", with(#""name": """#)),
    ("preset name of 65", with(#""name": "\#(String(repeating: "a", count: 65))""#)),
    ("non-ASCII preset name", with(#""name": "é""#)), ("preset name with a slash", with(#""name": "a/b""#)),
    // Whole numbers.
    ("rounds 0", with(#""rounds": 0"#)), ("rounds 10001", with(#""rounds": 10001"#)),
    ("rounds 1.5", with(#""rounds": 1.5"#)),
    ("rounds as text", with(#""rounds": "3""#)), ("rounds 1e400", with(#""rounds": 1e400"#)),
    ("cue 11", with(#""cue": 11"#)),
    ("cue -1", with(#""cue": -1"#)), ("cue 2.5", with(#""cue": 2.5"#)),
    ("advance in capitals", with(#""advance": "Confirm""#)), ("advance true", with(#""advance": true"#)),
    ("advance manual", with(#""advance": "manual""#)), ("advance null", with(#""advance": null"#)),
    ("advance by an unknown kind", with(#""advance": {"play": "confirm"}"#)),
    ("warn_before of nothing", with(phase: #""warn_before": "0s""#)), ("warn_before as true", with(phase: #""warn_before": true"#)),
    ("warn_before of 25h", with(phase: #""warn_before": "25h""#)),
    ("advance by kind, manual", with(#""advance": {"work": "manual"}"#)),
    ("advance by kind, a number", with(#""advance": {"rest": 1}"#)), ("advance as a list", with(#""advance": ["confirm"]"#)),
    ("long break every 0", with(#""long_break": {"every": 0, "duration": "5m"}"#)),
    // Shape.
    ("empty round", #"{"round": []}"#), ("no round", #"{"rounds": 3}"#), ("unknown key", with(#""colour": "red""#)),
    ("long break without a duration", with(#""long_break": {"every": 4}"#)),
    ("long break with a kind", with(#""long_break": {"every": 4, "duration": "15m", "kind": "rest"}"#)),
    ("unknown kind", #"{"round": [{"name": "f", "kind": "play", "duration": "1m"}]}"#),
    ("phase without a name", #"{"round": [{"kind": "work", "duration": "1m"}]}"#),
    ("round not an array", #"{"round": {"name": "f", "kind": "work", "duration": "1m"}}"#),
    ("an array at the top", "[]"), ("skip_last_rest as text", with(#""skip_last_rest": "yes""#)),
    ("description not text", with(#""description": 5"#)), ("$schema not text", with(#""$schema": true"#)),
    // Workouts with moves.
    ("an empty list of exercises", with(phase: #""exercises": []"#)),
    ("an exercise of 201 characters", with(phase: #""exercises": ["\#(String(repeating: "x", count: 201))"]"#)),
    ("an exercise of spaces", with(phase: #""exercises": ["  "]"#)),
    ("an exercise with a tab", with(phase: #""exercises": ["a\tb"]"#)),
    ("exercises on a rest phase", #"{"round": [{"name": "f", "kind": "rest", "duration": "1m", "exercises": ["x"]}]}"#),
    ("count on a rest phase", #"{"round": [{"name": "f", "kind": "rest", "duration": "1m", "count": "reps"}]}"#),
    ("count of laps", with(phase: #""count": "laps""#)),
    ("{exercise} without exercises", #"{"round": [{"name": "{exercise}", "kind": "work", "duration": "1m"}]}"#),
    ("a split of one part", with(phase: #""split": ["left"]"#)),
    ("a split of five parts", with(phase: #""split": ["a", "b", "c", "d", "e"]"#)),
    ("announce twice", with(#""announce": ["next", "next"]"#)),
    ("announce something else", with(#""announce": ["rounds"]"#)),
    // Flowtime.
    ("a rest ratio of 0", flow(#""rest_ratio": 0"#)), ("a rest ratio of 1", flow(#""rest_ratio": 1"#)),
    ("a rest ratio of 50", flow(#""rest_ratio": 50"#)), ("a rest ratio of -0.2", flow(#""rest_ratio": -0.2"#)),
    ("a rest ratio as text", flow(#""rest_ratio": "0.2""#)),
    ("a rest ratio and rules", flow(#""rest_ratio": 0.2, "rest_rules": [[null, "5m"]]"#)),
    ("no rest rules", flow(#""rest_rules": []"#)), ("a rest rule of one item", flow(#""rest_rules": [["25m"]]"#)),
    ("a rest rule of three items", flow(#""rest_rules": [["25m", "5m", "1m"]]"#)),
    ("a null rest in a rule", flow(#""rest_rules": [["25m", null]]"#)),
    ("a rest rule of zero", flow(#""rest_rules": [["25m", "0s"]]"#)),
    ("an open rest", #"{"round": [{"name": "b", "kind": "rest", "duration": "open"}]}"#),
    ("an open focus that waits for confirmation", flow(#""advance": "confirm""#)),
    ("an open focus that waits before a break", flow(#""advance": {"rest": "confirm"}"#)),
    ("an open focus in a warm-up that waits", with(#""warmup": [{"name": "w", "kind": "work", "duration": "open"}], "advance": {"work": "confirm"}"#)),
    ("an open focus split", with(phase: #""split": ["a", "b"]"#).replacing(#""1m""#, with: #""open""#)),
    ("an open long break", with(#""long_break": {"every": 2, "duration": "open"}"#)),
    ("open in capitals", with(duration: #""Open""#)),
  ]

  static let notJSON: [(String, String)] = [
    ("duplicate top-level key", with(#""rounds": 2, "rounds": 3"#)),
    ("duplicate phase key", #"{"round": [{"name": "f", "name": "g", "kind": "work", "duration": "1m"}]}"#),
    ("NaN", with(duration: "NaN")), ("Infinity", with(duration: "Infinity")),
    ("a lone surrogate", with(#""description": "\ud800""#)), ("a trailing comma", with(#""cue": 1,"#)),
  ]

  static var all: [SchemaCase] {
    accepted.map { SchemaCase(label: $0.0, text: $0.1, expected: .accepted) }
      + rejected.map { SchemaCase(label: $0.0, text: $0.1, expected: .rejected) }
      + notJSON.map { SchemaCase(label: $0.0, text: $0.1, expected: .notJSON) }
      + BuiltinPresetFiles.all.map { SchemaCase(label: "built-in \($0.name)", text: $0.text, expected: .accepted) }
      + BuiltinPresetFiles.all.map { file in
        // What `pomo presets new` writes, for each built-in.
        let preset = try! PresetDecoder(file: file.name).decode(file.text, defaultName: file.name, source: .builtIn)
        return SchemaCase(
          label: "presets new from \(file.name)", text: PresetJSON.render(preset, schema: "./preset.schema.json"),
          expected: .accepted)
      }
  }
}

/// Python's `jsonschema`, run once over many files: the validator editors and CI use.
enum RealValidator {
  /// Prints one JSON line a file: {"verdict": "valid" | "invalid" | "json", "why": …}.
  /// Files are read as I-JSON (RFC 7493): duplicate keys, NaN and lone surrogates are
  /// JSON errors, as in pomo's parser, since no schema can see them.
  static let script = #"""
    import json, sys
    try:
        import jsonschema
    except ImportError:
        sys.stderr.write("python3 has no jsonschema module\n")
        sys.exit(3)

    def pairs(items):
        keys = [k for k, _ in items]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(items)

    def constant(name):
        raise ValueError("not JSON: " + name)

    def surrogates(value):
        texts = [value] if isinstance(value, str) else []
        if isinstance(value, dict):
            texts = list(value.keys())
            for v in value.values(): surrogates(v)
        if isinstance(value, list):
            for v in value: surrogates(v)
        for t in texts:
            if any(0xD800 <= ord(c) <= 0xDFFF for c in t):
                raise ValueError("lone surrogate")

    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema, default=None)
    if cls is None:
        sys.stderr.write("the schema declares no draft jsonschema knows\n")
        sys.exit(4)
    cls.check_schema(schema)
    validator = cls(schema)
    print(json.dumps({"draft": cls.__name__}))
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
            if text.startswith("\ufeff"): text = text[1:]
            doc = json.loads(text, object_pairs_hook=pairs, parse_constant=constant)
            surrogates(doc)
        except ValueError as e:
            print(json.dumps({"verdict": "json", "why": str(e)}))
            continue
        errors = list(validator.iter_errors(doc))
        print(json.dumps({"verdict": "invalid" if errors else "valid", "why": errors[0].message if errors else ""}))
    """#

  struct Verdict: Decodable {
    var verdict: String
    var why: String
  }

  /// The verdict on each text, in order; throws when the validator cannot run, so a machine
  /// without it fails instead of passing silently.
  static func verdicts(_ texts: [String], schema: String) async throws -> [Verdict] {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let files = try texts.enumerated().map { try folder.write("case-\($0.offset).json", $0.element) }
    let run = try await PythonScript(script, module: "jsonschema", name: "the validator").run([schema] + files)
    var lines = run.out.split(separator: "\n").map { Data($0.utf8) }
    let draft = try JSONSerialization.jsonObject(with: lines.removeFirst()) as? [String: String]
    #expect(draft?["draft"] == "Draft202012Validator")
    let verdicts = try lines.map { try JSONDecoder().decode(Verdict.self, from: $0) }
    try #require(verdicts.count == texts.count, "\(run.err)")
    return verdicts
  }
}

@Suite("Preset JSON Schema")
struct PresetSchemaTests {
  static let schemaFile = packageRoot + "/Presets/preset.schema.json"

  static func loaderAccepts(_ text: String) -> Bool {
    (try? PresetDecoder(file: "t.json").decode(Array(text.utf8), defaultName: "t", source: .builtIn)) != nil
  }

  @Test("the corpus covers each class, both ways")
  func corpusSize() {
    #expect(SchemaCorpus.accepted.count >= 35)
    #expect(SchemaCorpus.rejected.count >= 60)
    #expect(Set(SchemaCorpus.all.map(\.label)).count == SchemaCorpus.all.count)
  }

  @Test(
    "the real validator (Python's jsonschema) and the loader agree on every corpus preset", .requires(.jsonschema))
  func agree() async throws {
    let corpus = SchemaCorpus.all
    let verdicts = try await RealValidator.verdicts(corpus.map(\.text), schema: Self.schemaFile)
    for (item, verdict) in zip(corpus, verdicts) {
      let loader = Self.loaderAccepts(item.text)
      switch item.expected {
      case .accepted:
        #expect(loader, "loader refuses: \(item.label)")
        #expect(verdict.verdict == "valid", "schema refuses: \(item.label): \(verdict.why)")
      case .rejected:
        #expect(!loader, "loader accepts: \(item.label)")
        #expect(verdict.verdict == "invalid", "schema accepts: \(item.label) (\(verdict.verdict) \(verdict.why))")
      case .notJSON:
        #expect(!loader, "loader accepts: \(item.label)")
        #expect(verdict.verdict == "json", "parsed as JSON: \(item.label) (\(verdict.verdict))")
      }
    }
  }

  @Test("the binary carries the schema file byte for byte")
  func embedded() throws {
    #expect(try String(contentsOfFile: Self.schemaFile, encoding: .utf8) == PresetCatalog.schema)
  }
}
