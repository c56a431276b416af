import Foundation
import Geometry
import Testing
@testable import MiniDesk

@Suite struct ParameterTests {
    static let schema = Catalogue.item(named: "solid")!.schema

    static func set(_ pairs: [String: Double]) -> ParameterSet {
        ParameterSet(pairs.mapValues { .number($0) })
    }

    @Test func defaultsAreValidAndDescribed() {
        #expect(Self.schema.validate(ParameterSet()).isEmpty)
        for spec in Self.schema.specs {
            #expect(!spec.summary.isEmpty && spec.problem(with: spec.defaultValue) == nil, "\(spec.name)")
        }
        #expect(Set(Self.schema.specs.map(\.name)).count == Self.schema.specs.count)
    }

    @Test(arguments: [
        (["body.width": 20.0], "body.width: must be 111 to 300 mm, got 20"),
        // One value the others do not allow is named once, with the value that fixes it.
        (["body.cornerRadius": 2.0], "body.cornerRadius: 2 mm is too small for the other values, which allow 3 to 26 mm: body.topFillet must be at most body.cornerRadius (2 mm), got 3; use --set body.cornerRadius=3"),
        (["body.topFillet": 10.0, "body.cornerRadius": 8.0], "body.topFillet: 10 mm is too large for the other values, which allow 0 to 8 mm: must be at most body.cornerRadius (8 mm), got 10; use --set body.topFillet=8 or --set body.cornerRadius=10"),
        (["body.height": 30.0, "foot.height": 25.0, "body.bottomFillet": 2.5, "ports.enabled": 0, "light.enabled": 0],
         "body.height: 30 mm is too small for the other values, which allow 31.602 to 200 mm: body.topFillet and the shell's bottom edge (body.bottomFillet, rising at 60° from bottom.coverInset, 2.402 mm tall) together must be at most the shell's height over the cover, body.height - foot.height - bottom.coverThickness (3.8 mm), got 5.402; use --set body.height=31.602 or --set foot.height=23.398"),
        (["foot.inset": 0.5, "body.bottomFillet": 2.0], "foot.inset: must be 1 to 45 mm, got 0.5"),
        (["foot.inset": 1.5, "body.bottomFillet": 2.0], "foot.inset: 1.5 mm is too small for the other values, which allow 2 to 45 mm: must keep the foot under the flat of the shell: at least body.bottomFillet (2 mm), got 1.5; use --set foot.inset=2 or --set body.bottomFillet=1.5"),
        (["ports.front.jack": 0.5], "ports.front.jack: must be 0.86 to 0.97, got 0.5"),
        (["scale": 0.3], "warning: body.bottomFillet: reaches 0.3 mm at scale 0.3, finer than the 0.4 mm nozzle; it will print as a sharp edge"),
    ])
    func everyRuleNamesParameterValueAndRule(values: [String: Double], message: String) {
        // Switches are written 0 (off) and 1 (on).
        let set = ParameterSet(Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.key.hasSuffix(".enabled") ? ParameterValue.bool($0.value != 0) : .number($0.value)) }))
        let problems = Self.schema.validate(set).map(\.description)
        #expect(problems.contains(message), "\(problems)")
    }

    @Test func everyProblemIsReportedAtOnce() {
        let (values, unreadable) = Self.schema.applying(assignments: ["body.widht=120", "foot.height=abc", "body.depth=30", "nonsense"], to: ParameterSet())
        #expect(unreadable.map(\.description) == [
            "body.widht: unknown parameter, did you mean `body.width`?",
            "foot.height: `abc` is not a number; a length from 3 to 25 mm is needed",
            "nonsense: expected key=value, such as body.width=120",
        ])
        #expect(Self.schema.validate(values).map(\.description) == ["body.depth: must be 111 to 300 mm, got 30"])
    }

    @Test func valuesAreReadByKindWithUnits() {
        let (values, problems) = Self.schema.applying(
            assignments: ["body.width=120mm", "body.depth = 100", "scale=0.5", "colors.shell=#112233", "printer.nozzle=0.6 mm"], to: ParameterSet())
        #expect(problems.isEmpty)
        #expect(values.number("body.width") == 120 && values.number("body.depth") == 100 && values.number("printer.nozzle") == 0.6)
        #expect(values.text("colors.shell") == "#112233")
        #expect(Self.schema.validate(Self.schema.applying(assignments: ["colors.shell=silver"], to: ParameterSet()).values).map(\.description)
                == ["colors.shell: must be a colour #RRGGBB, got \"silver\""])
        #expect(Self.schema.validate(Self.set(["body.width": .nan])).map(\.description) == ["body.width: must be a finite number, got nan"])
        #expect(Self.schema.validate(ParameterSet(["body.width": .text("wide")])).map(\.description) == ["body.width: must be 111 to 300 mm, got \"wide\""])
        let angle = ParameterSpec(name: "a", kind: .angle, defaultValue: .number(70), min: 0, max: 90, summary: "x")
        #expect(angle.parse("70deg") == .number(70) && angle.parse("65°") == .number(65) && angle.parse("7O") == nil)
        let flag = ParameterSpec(name: "b", kind: .bool, defaultValue: .bool(true), min: nil, max: nil, summary: "x")
        #expect(flag.parse("no") == .bool(false) && flag.parse("maybe") == nil)
        let count = ParameterSpec(name: "c", kind: .count, defaultValue: .number(3), min: 1, max: 9, summary: "x")
        #expect(count.problem(with: .number(2.5)) == "must be a whole number, got 2.5")
    }

    @Test func parameterFilesFollowOpenSCADsFormat() throws {
        let one = ##"{"fileFormatVersion": "1", "parameterSets": {"mine": {"body.width": 120, "scale": "0.5", "colors.shell": "#000000"}}}"##
        let values = try Self.schema.readParameterFile(Data(one.utf8), setName: nil, path: "p.json")
        #expect(values.number("body.width") == 120 && values.number("scale") == 0.5 && values.text("colors.shell") == "#000000")
        let two = #"{"parameterSets": {"a": {"body.width": 100}, "b": {"body.width": 110}}}"#
        #expect(try Self.schema.readParameterFile(Data(two.utf8), setName: "b", path: "p.json").number("body.width") == 110)
        let cases: [(String, String?, String)] = [
            (two, nil, "p.json: holds several parameter sets; pick one with --set-name (sets: a, b)"),
            (two, "c", "p.json: has no parameter set `c` (sets: a, b)"),
            ("{", nil, "p.json: not valid JSON"),
            (#"{"parameterSets": {}}"#, nil, "p.json: needs a non-empty `parameterSets` object"),
            (#"{"fileFormatVersion": "2", "parameterSets": {"a": {}}}"#, nil, "p.json: fileFormatVersion must be \"1\" (OpenSCAD's parameter-file version), got \"2\""),
            (#"{"sets": {}}"#, nil, "p.json: unknown key `sets` (allowed: fileFormatVersion, parameterSets)"),
            (#"{"parameterSets": {"a": {"body.widht": 1}}}"#, nil, "body.widht: unknown parameter in p.json, did you mean `body.width`?"),
            (#"{"parameterSets": {"a": {"body.width": [1]}}}"#, nil, "body.width: must be 111 to 300 mm, got an array in p.json"),
        ]
        for (json, name, message) in cases {
            do {
                _ = try Self.schema.readParameterFile(Data(json.utf8), setName: name, path: "p.json")
                Issue.record("expected \(message)")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error.description)")
            }
        }
    }

    @Test func thePresetFileHoldsTheDefaults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for item in Catalogue.items {
            let data = try Data(contentsOf: root.appendingPathComponent("Models/\(item.name).json"))
            let preset = try item.schema.readParameterFile(data, setName: item.name, path: "Models/\(item.name).json")
            #expect(preset == item.schema.defaults, "regenerate with: minidesk params \(item.name) --parameter-file > Models/\(item.name).json")
        }
    }

    /// The example parameter files hold valid sets for their items, without warnings.
    @Test func theExamplePresetsAreValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples: [(file: String, item: String, sets: [String])] = [
            ("half-size-planter", "planter", ["half-size-planter"]),
            ("tablet-stand", "phone-stand", ["tablet", "slim-phone"]),
        ]
        let folder = root.appendingPathComponent("Models/examples")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == examples.map { $0.file + ".json" }.sorted())
        for e in examples {
            let item = try #require(Catalogue.item(named: e.item))
            let data = try Data(contentsOf: folder.appendingPathComponent(e.file + ".json"))
            for name in e.sets {
                let set = try item.schema.readParameterFile(data, setName: name, path: e.file)
                #expect(item.schema.validate(set).isEmpty, "\(e.file) \(name)")
            }
        }
    }

    /// Random bodies, with the details following them: whatever the schema accepts builds valid
    /// parts that fill the scaled body's box exactly.
    @Test func randomValidParameterSetsBuildValidParts() throws {
        var rng = SeededRandom(seed: 50)
        let item = Catalogue.item(named: "solid")!
        var built = 0
        for _ in 0..<60 {
            let w = Double.random(in: 111...300, using: &rng), d = Double.random(in: 111...300, using: &rng)
            let h = Double.random(in: 27...200, using: &rng)
            var values = Self.set([
                "body.width": w, "body.depth": d, "body.height": h,
                "body.cornerRadius": Double.random(in: 3...26, using: &rng), "foot.height": Double.random(in: 3...25, using: &rng),
                "foot.inset": Double.random(in: 1...45, using: &rng),
                "body.topFillet": Double.random(in: 0...3, using: &rng), "body.bottomFillet": Double.random(in: 0...1, using: &rng),
                "scale": Double.random(in: 0.3...2, using: &rng),
            ])
            values["vents.enabled"] = .bool(rng.next() % 2 == 0)
            guard Self.schema.validate(values).allSatisfy(\.isWarning) else { continue }
            let (parts, _) = try item.parts(values, resolution: .draft)
            built += 1
            let s = values.number("scale")
            var all = Bounds.empty
            for part in parts {
                let report = part.mesh.report(checkSelfIntersections: false)
                #expect(report.isValid, "\(part.name): \(report.problems)")
                all.formUnion(report.bounds)
            }
            // The body on its cover, the foot behind it (its polygon a little short of the circle).
            let e = Enclosure(item.schema.realSize(item.schema.defaults.overriding(with: values)))
            let depth = e.depth + Enclosure.pieceGap + e.footDiameter
            #expect(abs(all.max.x - w * s) < 1e-9 * w && all.max.y <= depth + 1e-9 && all.max.y > depth - Resolution.draft.maxChordDeviation
                    && abs(all.max.z - (h - values.number("foot.height")) * s) < 1e-9 * h)
            #expect(all.min == Vector3(0, 0, 0))
        }
        #expect(built >= 40)
    }

    @Test func invalidParametersStopTheBuild() {
        let item = Catalogue.item(named: "solid")!
        do {
            _ = try item.parts(Self.set(["body.width": 10, "foot.height": 60]), resolution: .draft)
            Issue.record("expected an error")
        } catch {
            guard case .parameters(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.problems.map(\.name) == ["body.width", "foot.height"])
        }
        do {
            _ = try item.parts(Self.set(["body.height": 27, "foot.height": 25]), resolution: .draft)
            Issue.record("expected an error")
        } catch {
            guard case .parameters(let e) = error else { Issue.record("\(error)"); return }
            // One root cause, not the cascade of ports, fillets and emblem it upsets.
            #expect(e.problems.count == 1 && e.problems[0].name == "body.height", "\(e.problems)")
        }
    }
}
