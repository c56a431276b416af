import Foundation
import Geometry
import MeshIO
import MiniDesk
import Support

/// `minidesk export`: resolves each item's parameters, validates them all, then builds the items
/// and writes their files.
enum ExportCommand {
    /// One export job: an item, with one parameter set of the file (`--set-name all`), in one mode.
    struct Job {
        var item: DeskItem
        /// The parameter set's name when every set of the file is exported; it joins the file names.
        var set: String?
        var mode: PrintMode
        var values: ParameterSet
        /// The start of its file names: `planter`, `planter-small`, `planter-small-separate`.
        var stem: String { ItemFiles.stem(item.name, mode, set: set) }
        /// How the summary and the messages name it.
        var label: String { [item.name, set, mode == .multicolor ? nil : mode.rawValue].compactMap { $0 }.joined(separator: "/") }
    }

    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(
            words, valued: ["--out", "--format", "--mode", "--resolution", "--set", "--params", "--set-name", "--preset", "--jobs", "--bed", "--scene"],
            flags: ["--all", "--json", "--dry-run", "--verify", "--plates", "--plan", "--name-by-set", "--help"])
        if args.flags.contains("--help") { Console.out(Help.export); return .ok }
        let items = try selectItems(args)
        let formats = try parseFormats(args.value("--format") ?? "stl")
        if args.flags.contains("--verify"), let f = formats.compactMap(AssimpFormat.named).first(where: { !$0.readsBack }) {
            throw UsageError("--verify reads every file back, but nothing here reads \(f.id) (.\(f.fileExtension)) files; export it without --verify, or verify the other formats on their own")
        }
        let modes = try parseModes(args.value("--mode") ?? "multicolor")
        let resolution = try parseResolution(args.value("--resolution") ?? "normal")
        if args.value("--set-name") != nil && args.value("--params") == nil { throw UsageError("--set-name needs --params FILE") }
        if args.flags.contains("--name-by-set") && args.value("--set-name") == nil { throw UsageError("--name-by-set puts the --set-name in the file names; add --set-name NAME") }
        let jobsText = args.value("--jobs") ?? String(ProcessInfo.processInfo.activeProcessorCount)
        guard let jobCount = Int(jobsText), jobCount >= 1, jobCount <= 256 else { throw UsageError("--jobs must be a whole number from 1 to 256, got `\(jobsText)`") }

        // Parameters first, for every item and set: defaults, then the preset, then the params
        // file, then --set. `--set-name all` takes every set of the file in turn.
        var sets: [String?] = [args.value("--set-name")]
        if args.value("--set-name") == "all" {
            do { sets = try ParameterInput.setNames(in: args.value("--params")!) } catch {
                error.problems.forEach { Console.error($0.description) }
                return .usage
            }
        }
        var jobs = [Job]()
        var problems = [String]()
        for item in items {
            for set in sets {
                do {
                    let values = try ParameterInput.resolve(for: item, args, setName: set)
                    // The set joins the file names when the file's every set is exported.
                    let named = args.value("--set-name") == "all" || args.flags.contains("--name-by-set")
                    for mode in modes { jobs.append(Job(item: item, set: named ? set : nil, mode: mode, values: values)) }
                } catch {
                    problems += error.problems.map { "\([item.name, set].compactMap { $0 }.joined(separator: "/")): \($0)" }
                }
            }
        }
        guard problems.isEmpty else {
            problems.forEach { Console.error($0) }
            return .usage
        }

        if let path = args.value("--scene") { return try writeScene(jobs, to: path, args, resolution: resolution) }
        let folder = args.value("--out") ?? "Output"
        if args.flags.contains("--plates") {
            guard jobs.count == items.count * modes.count, args.value("--set-name") != "all" else { throw UsageError("--plates lays out the parts of one parameter set; leave out --set-name all") }
            var overrides = [String: ParameterSet]()
            for job in jobs { overrides[job.item.name] = job.values }
            return try runPlates(items, overrides, args, folder: folder)
        }
        if args.value("--bed") != nil { throw UsageError("--bed sets the bed for --plates; add --plates") }
        if args.flags.contains("--plan") { return plan(jobs, words) }
        if args.flags.contains("--dry-run") {
            // Every file that would be written (an OBJ's material library too), whether one is there
            // already, and the warnings the build would give.
            var planned = [[String: Any]]()
            for job in jobs {
                let warnings = job.item.schema.validate(job.values).filter(\.isWarning).map(\.description)
                if !args.flags.contains("--json") { warnings.forEach { Console.error("\(job.label): \($0)") } }
                for f in formats {
                    for path in ItemFiles.plannedPaths(job.item, job.values, format: f, mode: job.mode, set: job.set, folder: folder) {
                        for file in [path] + ItemFiles.companions(of: path, format: f) {
                            let exists = FileManager.default.fileExists(atPath: file)
                            var entry: [String: Any] = ["item": job.item.name, "path": file, "format": f, "mode": job.mode.rawValue, "exists": exists, "warnings": warnings]
                            if let set = job.set { entry["set"] = set }
                            planned.append(entry)
                            if !args.flags.contains("--json") { Console.out("would write \(file)" + (exists ? " (replacing the file there)" : "")) }
                        }
                    }
                }
            }
            if args.flags.contains("--json") { Console.out(JSON.string(planned)) }
            return .ok
        }
        // Each job's lock keeps a second export of its files out; each is staged and committed whole.
        let output: OutputFolder
        do {
            output = try OutputFolder(folder)
            for job in jobs { try output.claim(job.stem) }
        } catch {
            Console.error("\(error)")
            return .failure
        }

        // Jobs in parallel; each builds its parts once, writes every format into its staging
        // folder (reading them back with --verify) and only then moves them into place. One failure
        // stops only its own job, and leaves its old files as they were.
        let total = jobs.reduce(0) { sum, job in sum + formats.reduce(0) { $0 + ItemFiles.plannedPaths(job.item, job.values, format: $1, mode: job.mode, set: job.set, folder: folder).count } }
        let progress = Progress(total: total, json: args.flags.contains("--json"))
        let results = Results(count: jobs.count)
        let jobTotal = jobs.count
        let interruption = Interruption.watch { signal in
            // Nothing half-written and nothing mixed: committed jobs stay, staged ones go.
            output.abandon(exitingWith: 128 + signal) {
                progress.done()
                let done = results.summaries.filter { $0.failure == nil }.map(\.item)
                Console.error("interrupted: \(done.count) of \(jobTotal) items written" + (done.isEmpty ? "" : " (\(done.joined(separator: ", ")))")
                    + "; the others keep their old files, and nothing is half-written")
            }
        }
        let verify = args.flags.contains("--verify")
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = jobCount
        for (index, job) in jobs.enumerated() {
            let item = job.item, values = job.values, mode = job.mode
            queue.addOperation {
                let started = Date()
                var summary = Summary(item: job.label)
                var stage: String? = nil
                do {
                    progress.building(job.label, true)
                    let (parts, warnings) = try item.parts(values, resolution: resolution, mode: mode)
                    // Only valid solids are written: a part that is not one (a kernel defect) fails
                    // its item before any of its files is written.
                    _ = try Parallel.each(parts.count) { i throws(GeometryError) in try parts[i].mesh.validated("the \(item.name) part `\(parts[i].name)`") }
                    warnings.forEach { Console.error("\(job.label): \($0)") }
                    let staged = try output.stage(job.stem)
                    stage = staged
                    var entries = [[String: Any]]()
                    for f in formats {
                        for var entry in try ItemFiles.write(item, parts, values, format: f, mode: mode, set: job.set, folder: staged, resolution: resolution) {
                            // Warnings name the file where it will be, and are given even if the item fails.
                            entry["warnings"] = (entry["warnings"] as? [String])?.map { $0.replacingOccurrences(of: staged + "/", with: folder + "/") }
                            (entry["warnings"] as? [String] ?? []).forEach { Console.error("\(job.label): \($0)") }
                            if verify { entry["verified"] = try verified(entry["path"] as? String ?? "") }
                            entry["format"] = f
                            entry["mode"] = mode.rawValue
                            if let set = job.set { entry["set"] = set }
                            entry["bytes"] = (try? FileManager.default.attributesOfItem(atPath: entry["path"] as? String ?? "")[.size] as? Int) ?? 0
                            entries.append(entry)
                        }
                    }
                    _ = try output.commit(staged)
                    stage = nil
                    progress.building(job.label, false)
                    for var entry in entries {
                        for key in ["path", "materials"] {
                            if let p = entry[key] as? String { entry[key] = folder + "/" + (p as NSString).lastPathComponent }
                        }
                        if let companions = entry["companions"] as? [String] { entry["companions"] = companions.map { folder + "/" + ($0 as NSString).lastPathComponent } }
                        entry["seconds"] = Date().timeIntervalSince(started)
                        summary.files += 1
                        summary.triangles += entry["triangles"] as? Int ?? 0
                        progress.finished(entry)
                        results.add(entry, at: index)
                    }
                } catch {
                    progress.building(job.label, false)
                    if let stage { output.discard(stage) }
                    summary.failure = "\(error)".replacingOccurrences(of: (stage ?? "\u{0}") + "/", with: folder + "/")
                    Console.error("\(job.label): \(summary.failure!)")
                }
                summary.seconds = Date().timeIntervalSince(started)
                results.set(summary, at: index)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        interruption.stop()
        progress.done()
        let summaries = results.summaries
        if args.flags.contains("--json") {
            // Every file written, then every item that failed.
            Console.out(JSON.string(results.entries + summaries.compactMap { s in s.failure.map { ["item": s.item, "failure": $0] as [String: Any] } }))
        } else {
            let width = max(14, (summaries.map(\.item.count).max() ?? 0) + 2)
            Console.out("")
            Console.out("item".padding(toLength: width, withPad: " ", startingAt: 0) + "files  triangles  seconds  result")
            for s in summaries {
                Console.out(s.item.padding(toLength: width, withPad: " ", startingAt: 0)
                    + String(s.files).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + String(s.triangles).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(format: "%-9.2f", s.seconds) + (s.failure.map { "FAILED: \($0)" } ?? "ok"))
            }
        }
        return summaries.contains { $0.failure != nil } ? .failure : .ok
    }

    /// `--plan`: one shell command per job (an item, with one parameter set, in one mode), each
    /// the same export narrowed to that job, for GNU parallel or any job runner. Together they write
    /// exactly the files one run would.
    static func plan(_ jobs: [Job], _ words: [String]) -> ExitCode {
        // The words that choose what is exported go; each job names its own item, set and mode.
        var kept = [String]()
        var i = 0
        while i < words.count {
            let w = words[i]
            if ["--all", "--plan", "--json", "--dry-run", "--name-by-set"].contains(w) || (!w.hasPrefix("-") && Catalogue.item(named: w) != nil) { i += 1; continue }
            if ["--mode", "--set-name", "--jobs"].contains(w) { i += 2; continue }
            kept.append(w)
            if ["--out", "--format", "--resolution", "--set", "--params", "--preset", "--bed"].contains(w), i + 1 < words.count { kept.append(words[i + 1]); i += 1 }
            i += 1
        }
        let binary = CommandLine.arguments[0]
        for job in jobs {
            var line = [binary, "export", job.item.name, "--mode", job.mode.rawValue, "--jobs", "1"]
            if let set = job.set { line += ["--set-name", set, "--name-by-set"] }
            Console.out((line + kept).map(shellQuoted).joined(separator: " "))
        }
        return .ok
    }

    /// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./=:,+@%".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The formats of `--format`, in any letter case, each once. An empty entry, an unknown format
    /// (with the nearest known one) and two formats that write the same extension are refused.
    static func parseFormats(_ text: String) throws(UsageError) -> [String] {
        let known = ExportFormats.names
        let list = "--format takes one or more of \(known.joined(separator: ", ")) separated by commas (`minidesk list formats` describes them)"
        var formats = [String]()
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let w = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard !w.isEmpty else { throw UsageError("\(list), got `\(text)` with an empty entry") }
            guard let f = ExportFormats.named(w) else {
                throw UsageError("\(list), got `\(word)`" + (closest(to: w, in: Set(known)).map { ", did you mean `\($0)`?" } ?? ""))
            }
            if !formats.contains(f) { formats.append(f) }
        }
        func ext(_ f: String) -> String { ExportFormats.fileExtension(f) }
        for (i, f) in formats.enumerated() {
            if let g = formats[..<i].first(where: { ext($0) == ext(f) }) {
                throw UsageError("--format \(g) and \(f) both write .\(ext(f)) files, so one would replace the other; choose one")
            }
        }
        return formats
    }

    /// The modes of `--mode`, each once, in any letter case.
    static func parseModes(_ text: String) throws(UsageError) -> [PrintMode] {
        var modes = [PrintMode]()
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let mode = try parseMode(word.trimmingCharacters(in: .whitespaces).lowercased())
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
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

    /// The items named on the command line (each once, in any letter case), or every item with
    /// `--all`; `command` names the command in the message when there are none.
    static func selectItems(_ args: Arguments, for command: String = "export") throws(UsageError) -> [DeskItem] {
        if args.flags.contains("--all") {
            guard args.positional.isEmpty else { throw UsageError("give item names or --all, not both") }
            return Catalogue.items
        }
        guard !args.positional.isEmpty else { throw UsageError("\(command) needs item names or --all (see `minidesk list`)") }
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

/// Progress as files finish: one line per file (path, size, triangles, seconds), and on a terminal
/// a live counter below the lines, drawn from the start, naming the items being built (so a long
/// build shows what it is doing), redrawn after each line and cleared at the end. No counter where
/// standard error is not a terminal or `TERM` is `dumb`; silent with --json, whose manifest says
/// it all.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let json: Bool
    private let live = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    private var count = 0
    private var building = [String]()

    init(total: Int, json: Bool) {
        self.total = total
        self.json = json
        lock.withLock { drawBar() }
    }

    /// The counter on standard error's last line (a terminal only).
    private func drawBar() {
        guard live && !json else { return }
        let width = 24, filled = width * count / max(total, 1)
        let items = building.isEmpty ? "" : ", building " + building.joined(separator: ", ")
        FileHandle.standardError.write(Data(("\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(count)/\(total) files" + items).utf8))
    }

    /// An item (`label`) starts or stops building.
    func building(_ label: String, _ started: Bool) {
        lock.withLock {
            if started { building.append(label) } else { building.removeAll { $0 == label } }
            drawBar()
        }
    }

    func finished(_ entry: [String: Any]) {
        lock.withLock {
            count += 1
            guard !json else { return }
            let path = entry["path"] as? String ?? ""
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if live { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            Console.out("\(path)  \(size / 1024) KiB  \(entry["triangles"] as? Int ?? 0) triangles  " + String(format: "%.2f s", entry["seconds"] as? Double ?? 0))
            drawBar()
        }
    }

    /// Clears the counter.
    func done() {
        lock.withLock {
            if live && !json { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}

/// Where an item's parameter overrides come from on the command line, in order of precedence:
/// `--preset`, then `--params` (with `--set-name`), then each `--set`.
enum ParameterInput {
    /// The overrides for `item`, checked against its schema. Throws every problem at once: an unknown
    /// or foreign preset, an unusable parameter file, unreadable `--set` values, and (when
    /// `validating`) values outside their ranges or rules.
    static func resolve(for item: DeskItem, _ args: Arguments, validating: Bool = true, setName: String? = nil) throws(ParameterError) -> ParameterSet {
        var values = ParameterSet()
        var problems = [ParameterProblem]()
        if let name = args.value("--preset") {
            do {
                let preset = try PresetCommand.find(name, in: try PresetStore(path: PresetStore.defaultPath()).load())
                // A preset made for another item lends the parameters the two share (scale, body,
                // colours, ...); its item's own ones are left out, with a word.
                var shared = preset.parameters
                if preset.item != item.name {
                    let foreign = preset.parameters.keys.filter { item.schema.spec(named: $0) == nil }.sorted()
                    if !foreign.isEmpty {
                        Console.error("\(item.name): preset \(name) is for \(preset.item); \(item.name) has no \(foreign.joined(separator: ", ")), so \(foreign.count == 1 ? "it is" : "they are") left out")
                    }
                    for key in foreign { shared.removeValue(forKey: key) }
                }
                let (fromPreset, presetProblems) = item.schema.values(fromJSON: shared, source: "preset \(name)")
                values = fromPreset
                problems += presetProblems
            } catch let e as ParameterError {
                throw e
            } catch {
                throw ParameterError(problems: [ParameterProblem("--preset", "\(error)")])
            }
        }
        if let file = args.value("--params") {
            values = values.overriding(with: try item.schema.readParameterFile(try parameterFile(file), setName: setName ?? args.value("--set-name"), path: file))
        }
        let (result, unreadable) = item.schema.applying(assignments: args.options["--set"] ?? [], to: values)
        problems += unreadable + (validating ? item.schema.validate(result).filter { !$0.isWarning } : [])
        if !problems.isEmpty { throw ParameterError(problems: problems) }
        return result
    }

    /// The bytes of a parameter file: the file itself, or the parameters a 3MF that minidesk wrote
    /// carries.
    static func parameterFile(_ file: String) throws(ParameterError) -> Data {
        let data: Data?
        if file.lowercased().hasSuffix(".3mf") {
            do { data = try MeshReader.embeddedParameters(in: file) } catch { throw ParameterError(problems: [ParameterProblem("--params", "\(error)")]) }
        } else {
            data = FileManager.default.contents(atPath: file)
        }
        guard let data else {
            throw ParameterError(problems: [ParameterProblem(file, "cannot read the parameter file: " + (FileManager.default.fileExists(atPath: file) ? "permission denied or a folder" : "no such file"))])
        }
        return data
    }

    /// The names of every parameter set in a parameter file, sorted, for `--set-name all`; each must
    /// suit a file name.
    static func setNames(in file: String) throws(ParameterError) -> [String] {
        let data = try parameterFile(file)
        guard case .object(let top)? = try? JSONValue.parse(data), case .object(let sets)? = top["parameterSets"], !sets.isEmpty else {
            throw ParameterError(problems: [ParameterProblem(file, "needs a non-empty `parameterSets` object for --set-name all")])
        }
        let names = sets.keys.sorted()
        if let bad = names.first(where: { $0.isEmpty || !$0.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) } }) {
            throw ParameterError(problems: [ParameterProblem(file, "parameter set `\(bad)` cannot name files (use letters, digits, '-', '_' and '.'); rename it, or export it alone with --set-name")])
        }
        return names
    }
}
