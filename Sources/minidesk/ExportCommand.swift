import Foundation
import Geometry
import MeshIO
import MiniDesk

/// `minidesk export`: resolves each item's parameters, validates them all, then builds the items
/// and writes their files.
enum ExportCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(
            words, valued: ["--out", "--format", "--resolution", "--set", "--params", "--set-name", "--preset"], flags: ["--all", "--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.export); return .ok }
        let items = try selectItems(args)
        let formatName = args.value("--format") ?? "stl"
        let formats = ["3mf"] + MeshFormat.allCases.map(\.rawValue)
        guard formats.contains(formatName) else {
            throw UsageError("--format must be one of \(formats.joined(separator: ", ")), got `\(formatName)`")
        }
        let resolution = try parseResolution(args.value("--resolution") ?? "normal")
        if args.value("--set-name") != nil && args.value("--params") == nil { throw UsageError("--set-name needs --params FILE") }

        // Parameters first, for every item: defaults, then the preset, then the params file, then --set.
        var overrides = [String: ParameterSet]()
        var problems = [String]()
        for item in items {
            do {
                overrides[item.name] = try ParameterInput.resolve(for: item, args)
            } catch {
                problems += error.problems.map { "\(item.name): \($0)" }
            }
        }
        guard problems.isEmpty else {
            problems.forEach { Console.error($0) }
            return .usage
        }

        let folder = args.value("--out") ?? "Output"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error("cannot create the output folder \(folder): \(error.localizedDescription)")
            return .failure
        }
        var written = [[String: Any]]()
        var failed = false
        for item in items {
            let started = Date()
            do {
                let (parts, warnings) = try item.parts(overrides[item.name]!, resolution: resolution)
                warnings.forEach { Console.error("\(item.name): \($0)") }
                for file in try write(item, parts, overrides[item.name]!, format: formatName, folder: folder) {
                    var entry = file
                    entry["seconds"] = Date().timeIntervalSince(started)
                    written.append(entry)
                    if !args.flags.contains("--json") {
                        Console.out("\(file["path"]!)  \(file["triangles"]!) triangles  \(String(format: "%.1f", file["volume"] as! Double)) mm³")
                    }
                }
            } catch {
                Console.error("\(item.name): \(error)")
                failed = true
            }
        }
        if args.flags.contains("--json") { Console.out(JSON.string(written)) }
        return failed ? .failure : .ok
    }

    /// Writes one item's files; returns one manifest entry per file.
    private static func write(_ item: DeskItem, _ parts: [Part], _ overrides: ParameterSet, format: String, folder: String) throws -> [[String: Any]] {
        func volume(_ m: Mesh) -> Double { m.report(checkSelfIntersections: false).volume }
        if format == "3mf" {
            // One object whose parts are already assigned to filaments, with the parameters used.
            let path = folder + "/\(item.name).3mf"
            let used = item.schema.defaults.overriding(with: overrides)
            var metadata = ThreeMFWriter.Metadata(title: "MiniDesk \(item.name)", parametersJSON: ParameterInput.json(used, item: item.name))
            metadata.thumbnailPNG = PreviewRenderer(view: .iso, size: 256).png(parts.map { ($0.mesh, $0.color) })
            try ThreeMFWriter.write(
                objectName: item.name, parts: parts.map { ThreeMFPart(name: $0.name, color: $0.color, mesh: $0.mesh) },
                metadata: metadata, to: path)
            return [["item": item.name, "part": "*", "path": path, "triangles": parts.reduce(0) { $0 + $1.mesh.triangles.count },
                     "volume": parts.reduce(0.0) { $0 + volume($1.mesh) }]]
        }
        let meshFormat = MeshFormat(rawValue: format)!
        return try parts.map { part in
            let path = folder + "/\(item.name)-\(part.name).\(meshFormat.fileExtension)"
            try AssimpWriter.write([(part.name, part.mesh)], format: meshFormat, to: path)
            return ["item": item.name, "part": part.name, "path": path, "triangles": part.mesh.triangles.count, "volume": volume(part.mesh)]
        }
    }

    private static func selectItems(_ args: Arguments) throws(UsageError) -> [DeskItem] {
        if args.flags.contains("--all") {
            guard args.positional.isEmpty else { throw UsageError("give item names or --all, not both") }
            return Catalogue.items
        }
        guard !args.positional.isEmpty else { throw UsageError("export needs item names or --all (see `minidesk list`)") }
        var items = [DeskItem]()
        for name in args.positional {
            guard let item = Catalogue.item(named: name) else {
                let hint = closest(to: name, in: Set(Catalogue.items.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
                throw UsageError("unknown item `\(name)`\(hint) (items: \(Catalogue.items.map(\.name).joined(separator: ", ")))")
            }
            items.append(item)
        }
        return items
    }

    static func parseResolution(_ text: String) throws(UsageError) -> Resolution {
        switch text {
        case "draft": return .draft
        case "normal": return .normal
        case "fine": return .fine
        default:
            let number = text.hasSuffix("mm") ? String(text.dropLast(2)) : text
            guard let mm = Double(number), mm.isFinite, mm >= 0.001, mm <= 5 else {
                throw UsageError("--resolution must be draft, normal, fine or a chord deviation from 0.001 to 5 mm, got `\(text)`")
            }
            return Resolution(maxChordDeviation: mm)
        }
    }
}

/// Where an item's parameter overrides come from on the command line, in order of precedence:
/// `--preset`, then `--params` (with `--set-name`), then each `--set`.
enum ParameterInput {
    /// The overrides for `item`, checked against its schema. Throws every problem at once: an unknown
    /// or foreign preset, an unusable parameter file, unreadable `--set` values, and values outside
    /// their ranges or rules.
    static func resolve(for item: DeskItem, _ args: Arguments) throws(ParameterError) -> ParameterSet {
        var values = ParameterSet()
        var problems = [ParameterProblem]()
        if let name = args.value("--preset") {
            do {
                let preset = try PresetCommand.find(name, in: try PresetStore(path: PresetStore.defaultPath()).load())
                guard preset.item == item.name else {
                    throw ParameterError(problems: [ParameterProblem("--preset", "preset \(name) is for \(preset.item), not \(item.name)")])
                }
                let (fromPreset, presetProblems) = item.schema.values(fromJSON: preset.parameters, source: "preset \(name)")
                values = fromPreset
                problems += presetProblems
            } catch let e as ParameterError {
                throw e
            } catch {
                throw ParameterError(problems: [ParameterProblem("--preset", "\(error)")])
            }
        }
        if let file = args.value("--params") {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ParameterError(problems: [ParameterProblem(file, "cannot read the parameter file")])
            }
            values = values.overriding(with: try item.schema.readParameterFile(data, setName: args.value("--set-name"), path: file))
        }
        let (result, unreadable) = item.schema.applying(assignments: args.options["--set"] ?? [], to: values)
        problems += unreadable + item.schema.validate(result).filter { !$0.isWarning }
        if !problems.isEmpty { throw ParameterError(problems: problems) }
        return result
    }

    /// A parameter set as an OpenSCAD-style parameter file, for metadata and presets.
    static func json(_ values: ParameterSet, item: String) -> String {
        var entries = [String: Any]()
        for (k, v) in values.values {
            switch v {
            case .number(let n): entries[k] = n
            case .bool(let b): entries[k] = b
            case .text(let s): entries[k] = s
            }
        }
        return JSON.string(["fileFormatVersion": "1", "parameterSets": [item: entries]])
    }
}
