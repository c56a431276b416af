import Foundation
import Geometry
import MeshIO
import MiniDesk

/// `minidesk export`: resolves each item's parameters, validates them all, then builds the items
/// and writes their files.
enum ExportCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(
            words, valued: ["--out", "--format", "--mode", "--resolution", "--set", "--params", "--set-name", "--preset", "--jobs", "--bed"],
            flags: ["--all", "--json", "--dry-run", "--verify", "--plates", "--help"])
        if args.flags.contains("--help") { Console.out(Help.export); return .ok }
        let items = try selectItems(args)
        let formats = try parseFormats(args.value("--format") ?? "stl")
        let mode = try parseMode(args.value("--mode") ?? "multicolor")
        let resolution = try parseResolution(args.value("--resolution") ?? "normal")
        if args.value("--set-name") != nil && args.value("--params") == nil { throw UsageError("--set-name needs --params FILE") }
        let jobsText = args.value("--jobs") ?? String(ProcessInfo.processInfo.activeProcessorCount)
        guard let jobs = Int(jobsText), jobs >= 1, jobs <= 256 else { throw UsageError("--jobs must be a whole number from 1 to 256, got `\(jobsText)`") }

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
        if args.flags.contains("--plates") { return try runPlates(items, overrides, args, folder: folder) }
        if args.value("--bed") != nil { throw UsageError("--bed sets the bed for --plates; add --plates") }
        if args.flags.contains("--dry-run") {
            // Every file that would be written (an OBJ's material library too), whether one is there
            // already, and the warnings the build would give.
            var planned = [[String: Any]]()
            for item in items {
                let values = overrides[item.name] ?? ParameterSet()
                let warnings = item.schema.validate(values).filter(\.isWarning).map(\.description)
                if !args.flags.contains("--json") { warnings.forEach { Console.error("\(item.name): \($0)") } }
                for f in formats {
                    for path in ItemFiles.plannedPaths(item, values, format: f, mode: mode, folder: folder) {
                        for file in f == "obj" ? [path, String(path.dropLast(3)) + "mtl"] : [path] {
                            let exists = FileManager.default.fileExists(atPath: file)
                            planned.append(["item": item.name, "path": file, "format": f, "mode": mode.rawValue, "exists": exists, "warnings": warnings])
                            if !args.flags.contains("--json") { Console.out("would write \(file)" + (exists ? " (replacing the file there)" : "")) }
                        }
                    }
                }
            }
            if args.flags.contains("--json") { Console.out(JSON.string(planned)) }
            return .ok
        }
        guard createOutputFolder(folder) else { return .failure }

        // Items in parallel; each builds its parts once and writes every format. One failure stops
        // only its own item.
        let total = items.reduce(0) { sum, item in sum + formats.reduce(0) { $0 + ItemFiles.plannedPaths(item, overrides[item.name] ?? ParameterSet(), format: $1, mode: mode, folder: folder).count } }
        let progress = Progress(total: total, json: args.flags.contains("--json"))
        let results = Results(count: items.count)
        let verify = args.flags.contains("--verify")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = jobs
        for (index, item) in items.enumerated() {
            let values = overrides[item.name]!
            queue.addOperation {
                let started = Date()
                var summary = Summary(item: item.name)
                do {
                    let (parts, warnings) = try item.parts(values, resolution: resolution, mode: mode)
                    // Only valid solids are written: a part that is not one (a kernel defect) fails
                    // its item before any of its files is written.
                    _ = try Parallel.each(parts.count) { i throws(GeometryError) in try parts[i].mesh.validated("the \(item.name) part `\(parts[i].name)`") }
                    warnings.forEach { Console.error("\(item.name): \($0)") }
                    for f in formats {
                        for var entry in try ItemFiles.write(item, parts, values, format: f, mode: mode, folder: folder, resolution: resolution) {
                            (entry["warnings"] as? [String] ?? []).forEach { Console.error("\(item.name): \($0)") }
                            if verify { entry["verified"] = try verified(entry["path"] as? String ?? "") }
                            entry["seconds"] = Date().timeIntervalSince(started)
                            summary.files += 1
                            summary.triangles += entry["triangles"] as? Int ?? 0
                            progress.finished(entry)
                            results.add(entry, at: index)
                        }
                    }
                } catch {
                    summary.failure = "\(error)"
                    Console.error("\(item.name): \(error)")
                }
                summary.seconds = Date().timeIntervalSince(started)
                results.set(summary, at: index)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        progress.done()
        let summaries = results.summaries
        if args.flags.contains("--json") {
            Console.out(JSON.string(results.entries))
        } else {
            Console.out("")
            Console.out("item".padding(toLength: 14, withPad: " ", startingAt: 0) + "files  triangles  seconds  result")
            for s in summaries {
                Console.out(s.item.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(s.files).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + String(s.triangles).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(format: "%-9.2f", s.seconds) + (s.failure.map { "FAILED: \($0)" } ?? "ok"))
            }
        }
        return summaries.contains { $0.failure != nil } ? .failure : .ok
    }

    /// The formats of `--format`, in any letter case, each once. An empty entry, an unknown format
    /// (with the nearest known one) and two formats that write the same extension are refused.
    static func parseFormats(_ text: String) throws(UsageError) -> [String] {
        let known = ["3mf", "obj"] + MeshFormat.allCases.map(\.rawValue)
        let list = "--format takes one or more of \(known.joined(separator: ", ")) separated by commas"
        var formats = [String]()
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let f = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard !f.isEmpty else { throw UsageError("\(list), got `\(text)` with an empty entry") }
            guard known.contains(f) else {
                throw UsageError("\(list), got `\(word)`" + (closest(to: f, in: Set(known)).map { ", did you mean `\($0)`?" } ?? ""))
            }
            if !formats.contains(f) { formats.append(f) }
        }
        func ext(_ f: String) -> String { MeshFormat(rawValue: f)?.fileExtension ?? f }
        for (i, f) in formats.enumerated() {
            if let g = formats[..<i].first(where: { ext($0) == ext(f) }) {
                throw UsageError("--format \(g) and \(f) both write .\(ext(f)) files, so one would replace the other; choose one")
            }
        }
        return formats
    }

    static func parseMode(_ text: String) throws(UsageError) -> PrintMode {
        guard let mode = PrintMode(rawValue: text) else {
            let names = PrintMode.allCases.map(\.rawValue)
            throw UsageError("--mode takes \(names.joined(separator: ", ")), got `\(text)`" + (closest(to: text, in: Set(names)).map { ", did you mean `\($0)`?" } ?? ""))
        }
        return mode
    }

    /// Reads a written file back with MeshIO's exact readers and requires every part to be a valid
    /// solid (self-intersections included); true, or the error naming the file, part and problems.
    static func verified(_ path: String) throws(GeometryError) -> Bool {
        let parts = try MeshReader.checkedParts(path)
        let bad = parts.filter { !$0.report.isValid }
        guard bad.isEmpty else {
            throw .invalidResult("--verify: \(path) reads back with " + bad.map { "part `\($0.name)` invalid (\($0.report.problems.joined(separator: "; ")))" }.joined(separator: ", "))
        }
        return true
    }

    /// Creates the output folder (and its parents); false, after saying why, if it cannot.
    static func createOutputFolder(_ folder: String) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return true
        } catch {
            Console.error("cannot create the output folder \(folder): \(error.localizedDescription)")
            return false
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
            guard let item = Catalogue.item(named: name) ?? Catalogue.item(named: name.lowercased()) else {
                let hint = closest(to: name, in: Set(Catalogue.items.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
                throw UsageError("unknown item `\(name)`\(hint) (items: \(Catalogue.items.map(\.name).joined(separator: ", ")))")
            }
            if !items.contains(where: { $0.name == item.name }) { items.append(item) }  // each item once
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

/// One item's line in the closing summary.
struct Summary {
    var item: String
    var files = 0
    var triangles = 0
    var seconds = 0.0
    var failure: String? = nil
}

/// What the parallel export jobs report, gathered under a lock and kept in item order.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var perItem: [[[String: Any]]]
    private var summaryList: [Summary?]

    init(count: Int) {
        perItem = Array(repeating: [], count: count)
        summaryList = Array(repeating: nil, count: count)
    }

    func add(_ entry: [String: Any], at i: Int) { lock.withLock { perItem[i].append(entry) } }
    func set(_ summary: Summary, at i: Int) { lock.withLock { summaryList[i] = summary } }
    var entries: [[String: Any]] { lock.withLock { perItem.flatMap { $0 } } }
    var summaries: [Summary] { lock.withLock { summaryList.compactMap { $0 } } }
}

/// Progress as files finish: a live counter on a terminal, one line per file otherwise (path, size,
/// triangles, seconds). Silent with --json, whose manifest says it all.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let json: Bool
    private let live = isatty(STDERR_FILENO) != 0
    private var count = 0

    init(total: Int, json: Bool) {
        self.total = total
        self.json = json
    }

    func finished(_ entry: [String: Any]) {
        lock.withLock {
            count += 1
            guard !json else { return }
            let path = entry["path"] as? String ?? ""
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let line = "\(path)  \(size / 1024) KiB  \(entry["triangles"] as? Int ?? 0) triangles  " + String(format: "%.2f s", entry["seconds"] as? Double ?? 0)
            if live {
                let width = 24, filled = width * count / max(total, 1)
                FileHandle.standardError.write(Data(("\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(count)/\(total)").utf8))
            }
            Console.out(line)
        }
    }

    func done() {
        if live && !json { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

/// Where an item's parameter overrides come from on the command line, in order of precedence:
/// `--preset`, then `--params` (with `--set-name`), then each `--set`.
enum ParameterInput {
    /// The overrides for `item`, checked against its schema. Throws every problem at once: an unknown
    /// or foreign preset, an unusable parameter file, unreadable `--set` values, and (when
    /// `validating`) values outside their ranges or rules.
    static func resolve(for item: DeskItem, _ args: Arguments, validating: Bool = true) throws(ParameterError) -> ParameterSet {
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
            // A 3MF that minidesk wrote carries the parameter file it was made with.
            let data: Data?
            if file.lowercased().hasSuffix(".3mf") {
                do { data = try MeshReader.embeddedParameters(in: file) } catch { throw ParameterError(problems: [ParameterProblem("--params", "\(error)")]) }
            } else {
                data = FileManager.default.contents(atPath: file)
            }
            guard let data else {
                throw ParameterError(problems: [ParameterProblem(file, "cannot read the parameter file: " + (FileManager.default.fileExists(atPath: file) ? "permission denied or a folder" : "no such file"))])
            }
            values = values.overriding(with: try item.schema.readParameterFile(data, setName: args.value("--set-name"), path: file))
        }
        let (result, unreadable) = item.schema.applying(assignments: args.options["--set"] ?? [], to: values)
        problems += unreadable + (validating ? item.schema.validate(result).filter { !$0.isWarning } : [])
        if !problems.isEmpty { throw ParameterError(problems: problems) }
        return result
    }
}
