import Geometry
import Foundation
import Testing

/// End-to-end tests of the built `minidesk` binary: output, errors and exit codes.
@Suite struct CommandLineTests {
    static let binary: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/minidesk").path
    }()

    /// One folder per test process for the tests' files, removed when the process exits.
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "minidesk-cli-tests-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CommandLineTests.scratch) }
        return path
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with `args` (and `environment` on top of ours), in `folder` if given.
    static func run(_ args: [String], environment: [String: String] = [:], in folder: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        if let folder { p.currentDirectoryURL = URL(fileURLWithPath: folder) }
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// What `handle` gives up to its first line's end (or its end), as a running process writes it.
    static func firstLine(of handle: FileHandle) -> String {
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        return String(decoding: seen, as: UTF8.self)
    }

    @Test func versionAndHelp() throws {
        let v = try Self.run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("minidesk ") && v.stderr.isEmpty)
        let h = try Self.run(["--help"])
        #expect(h.status == 0 && h.stdout.contains("Usage: minidesk COMMAND"))
        for command in ["list", "export"] {
            let c = try Self.run([command, "--help"])
            #expect(c.status == 0 && c.stdout.contains("Usage: minidesk \(command)") && c.stdout.contains("Example"))
        }
        let none = try Self.run([])
        #expect(none.status == 2 && none.stdout.contains("Usage"))
    }

    @Test func listShowsItemsAsTextAndJSON() throws {
        let text = try Self.run(["list"])
        #expect(text.status == 0 && text.stdout.contains("solid"))
        let json = try Self.run(["list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(items?.first?["name"] as? String == "solid")
    }

    @Test func usageErrorsExitWithTwoAndSuggest() throws {
        let typo = try Self.run(["export", "--all", "--fromat", "stl"])
        #expect(typo.status == 2 && typo.stderr.contains("unknown option `--fromat`, did you mean `--format`?") && typo.stdout.isEmpty)
        let item = try Self.run(["export", "sloid"])
        #expect(item.status == 2 && item.stderr.contains("unknown item `sloid`, did you mean `solid`?"))
        let command = try Self.run(["exprot"])
        #expect(command.status == 2 && command.stderr.contains("did you mean `export`?"))
        let format = try Self.run(["export", "--all", "--format", "iges"])
        #expect(format.status == 2 && format.stderr.contains("--format takes one or more of 3mf, obj, stl, stl-ascii, ply, glb, collada, ") && format.stderr.contains("(`minidesk list formats` describes them), got `iges`"), "\(format.stderr)")
        let caseless = try Self.run(["export", "solid", "SOLID", "solid", "--format", "3MF", "--dry-run", "--out", "/tmp/o"])
        #expect(caseless.status == 0 && caseless.stdout == "would write /tmp/o/solid.3mf\nwould write /tmp/o/solid.prusa.3mf\n", "each item once, formats in any case")
        for (formats, message) in [("3mg", "got `3mg`, did you mean `3mf`?"), (",", "got `,` with an empty entry"), ("stl,", "got `stl,` with an empty entry"),
                                   ("stl,stl-ascii", "--format stl and stl-ascii both write .stl files, so one would replace the other; choose one")] {
            let r = try Self.run(["export", "solid", "--format", formats, "--dry-run"])
            #expect(r.status == 2 && r.stderr.contains(message) && r.stdout.isEmpty, "\(formats): \(r.stderr)")
        }
        for (set, message) in [("body.width=8cm", "body.width: unknown unit `cm` for a length; use `mm` or none (8cm is 80mm)"),
                               ("body.width=80mmm", "body.width: unknown unit `mmm` for a length; use `mm` or none (such as 80mm)"),
                               ("body.width=wide", "body.width: `wide` is not a number; a length from 111 to 300 mm is needed"),
                               ("ports.enabled=maybe", "ports.enabled: `maybe` is not a switch; use true or false"),
                               ("planter.shape=rond", "planter.shape: must be one of square, round, got \"rond\", did you mean `round`?")] {
            let r = try Self.run(["export", "planter", "--set", set, "--dry-run"])
            #expect(r.status == 2 && r.stderr.contains(message), "\(set): \(r.stderr)")
        }
        #expect(try Self.run(["export", "planter", "--set", "planter.shape=Round", "--dry-run"]).status == 0)
        let resolution = try Self.run(["export", "--all", "--resolution", "-1"])
        #expect(resolution.status == 2 && resolution.stderr.contains("--resolution must be"))
        let nothing = try Self.run(["export"])
        #expect(nothing.status == 2 && nothing.stderr.contains("export needs item names or --all"))
        let missingValue = try Self.run(["export", "--all", "--out"])
        #expect(missingValue.status == 2 && missingValue.stderr.contains("option --out needs a value"))
    }

    @Test func exportWritesEveryPartAndReportsJSON() throws {
        let folder = CommandLineTests.scratch + "/cli-\(UUID().uuidString)"
        let r = try Self.run(["export", "solid", "planter", "--out", folder, "--resolution", "draft", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(files.count == 12)
        for f in files {
            let path = try #require(f["path"] as? String)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect((f["triangles"] as? Int ?? 0) > 0)
        }
    }

    @Test func anOutputPathThatIsAFileFails() throws {
        let file = CommandLineTests.scratch + "/cli-file-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let r = try Self.run(["export", "--all", "--out", file])
        #expect(r.status == 1 && r.stderr.contains(file))
    }
}

@Suite struct CSGCommandTests {
    static func scene(_ json: String) -> String {
        let path = CommandLineTests.scratch + "/scene-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return path
    }

    @Test func writesEveryFormatAndReportsJSON() throws {
        let s = Self.scene(#"{"root": {"difference": [{"box": {"size": [10, 10, 3]}}, {"cylinder": {"radius": 2, "height": 5}, "translate": [5.2, 4.9, -1]}]}}"#)
        for ext in ["stl", "ply", "obj", "3mf"] {
            let out = CommandLineTests.scratch + "/csg-\(UUID().uuidString).\(ext)"
            let r = try CommandLineTests.run(["csg", s, "-o", out, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
            #expect(report["valid"] as? Bool == true && report["shells"] as? Int == 1 && report["eulerCharacteristic"] as? Int == 0)
            #expect((report["seconds"] as? [String: Double])?.keys.sorted() == ["evaluate", "parse", "write"])
            #expect(FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func emptyResultsAreWrittenAndReported() throws {
        let s = Self.scene(#"{"root": {"intersection": [{"box": {"size": [1, 1, 1]}}, {"box": {"size": [1, 1, 1]}, "translate": [4, 0, 0]}]}}"#)
        let out = CommandLineTests.scratch + "/empty-\(UUID().uuidString).stl"
        let r = try CommandLineTests.run(["csg", s, "-o", out, "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(r.status == 0 && report["empty"] as? Bool == true && report["triangles"] as? Int == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) == 84)
        let threeMF = CommandLineTests.scratch + "/empty-\(UUID().uuidString).3mf"
        let r3 = try CommandLineTests.run(["csg", s, "-o", threeMF, "--json"])
        let report3 = try JSONSerialization.jsonObject(with: Data(r3.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(r3.status == 0 && report3["empty"] as? Bool == true && FileManager.default.fileExists(atPath: threeMF))
    }

    @Test func errorsAndExitCodes() throws {
        let bad = Self.scene(#"{"root": {"difference": [{"box": {"size": [1,1,1]}}, {"box": {"size": [1,1,1]}}, {"cylinder": {"radius": -1, "height": 2}}]}}"#)
        let r1 = try CommandLineTests.run(["csg", bad, "-o", "/tmp/never.stl"])
        #expect(r1.status == 2 && r1.stderr.contains("root.difference[2].cylinder.radius: must be > 0, got -1"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.stl"))
        let flush = Self.scene(#"{"root": {"difference": [{"box": {"size": [4, 4, 4]}}, {"box": {"size": [2, 2, 2]}}]}}"#)
        let r2 = try CommandLineTests.run(["csg", flush, "-o", "/no/such/folder/out.stl"])
        #expect(r2.status == 1 && r2.stderr.contains("cannot write /no/such/folder/out.stl: its folder does not exist"))
        let r3 = try CommandLineTests.run(["csg", "/no/such/scene.json", "-o", "/tmp/never.stl"])
        #expect(r3.status == 2 && r3.stderr.contains("cannot read the scene /no/such/scene.json"))
        let r4 = try CommandLineTests.run(["csg", bad, "-o", "/tmp/x.step"])
        #expect(r4.status == 2 && r4.stderr.contains("must be .stl, .ply, .obj or .3mf, got `/tmp/x.step`"))
        let r5 = try CommandLineTests.run(["csg", bad])
        #expect(r5.status == 2 && r5.stderr.contains("csg needs an output file"))
        let help = try CommandLineTests.run(["csg", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: minidesk csg"))
        let r6 = try CommandLineTests.run(["csg", flush, "-o", "/tmp/never.stl", "--repeat", "0"])
        #expect(r6.status == 2 && r6.stderr.contains("--repeat must be a whole number from 1 to 100, got `0`"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.stl"))
    }

    /// Work shared over the cores comes back in order: one core and all cores write the same bytes.
    /// A plate with 150 holes cut in one batch, and a sphere minus a sphere, in generic positions.
    @Test(arguments: [
        #"{"root": {"difference": [{"box": {"size": [60, 60, 4]}}"# + (0..<150).map { k in
            #", {"cylinder": {"radius": 1.1, "height": 6, "segments": 16}, "translate": [\#(2.3 + Double(k % 15) * 3.9), \#(2.7 + Double(k / 15) * 5.7), -1.003]}"#
        }.joined() + "]}}",
        #"{"root": {"difference": [{"sphere": {"radius": 20, "segments": 96}}, {"sphere": {"radius": 20, "segments": 96}, "translate": [4.1, 2.3, 1.7]}]}}"#,
    ])
    func oneCoreAndAllCoresGiveTheSameFile(scene json: String) throws {
        let s = Self.scene(json)
        var files = [Data]()
        for serial in ["1", "0"] {
            let out = CommandLineTests.scratch + "/serial-\(UUID().uuidString).ply"
            let r = try CommandLineTests.run(["csg", s, "-o", out, "--json"], environment: ["MINIDESK_SERIAL": serial])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
            #expect(report["valid"] as? Bool == true)
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(files[0].count > 10_000 && files[0] == files[1])
        let bad = try CommandLineTests.run(["csg", s, "-o", "/tmp/never.stl"], environment: ["MINIDESK_SERIAL": "yes"])
        #expect(bad.status == 2 && bad.stderr.contains("MINIDESK_SERIAL must be 1 (use one core) or 0 (use all cores), got `yes`"))
    }

    @Test func repeatedEvaluationReportsEveryRunAndTheMedian() throws {
        let s = Self.scene(#"{"root": {"difference": [{"box": {"size": [4, 4, 4]}}, {"sphere": {"radius": 1.5}, "translate": [2, 2, 2]}]}}"#)
        let out = CommandLineTests.scratch + "/repeat-\(UUID().uuidString).ply"
        let r = try CommandLineTests.run(["csg", s, "-o", out, "--json", "--repeat", "3"])
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let runs = try #require(report["evaluateRuns"] as? [Double])
        #expect(r.status == 0 && runs.count == 3 && runs.allSatisfy { $0 > 0 })
        #expect((report["seconds"] as? [String: Double])?["evaluate"] == runs.sorted()[1])
    }
}

@Suite struct ParametersCommandLineTests {
    @Test func paramsInEveryForm() throws {
        let text = try CommandLineTests.run(["params", "solid"])
        #expect(text.status == 0 && text.stdout.contains("body.width") && text.stdout.contains("127 mm") && text.stdout.contains("111 to 300 mm"))
        let json = try CommandLineTests.run(["params", "solid", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        let width = list.first { $0["name"] as? String == "body.width" }
        #expect(width?["type"] as? String == "length" && width?["initial"] as? Double == 127 && width?["min"] as? Double == 111
                && width?["unit"] as? String == "mm" && (width?["caption"] as? String)?.isEmpty == false && width?["scales"] as? Bool == true)
        // min and max are the range the other values allow; limits is the declared range.
        let narrow = try CommandLineTests.run(["params", "solid", "--set", "body.topFillet=8", "--json"])
        let radius = (try JSONSerialization.jsonObject(with: Data(narrow.stdout.utf8)) as? [[String: Any]] ?? []).first { $0["name"] as? String == "body.cornerRadius" }
        #expect(narrow.status == 0 && radius?["min"] as? Double == 8 && radius?["max"] as? Double == 26)
        #expect((radius?["limits"] as? [String: Double]) == ["min": 0, "max": 26] && radius?["value"] as? Double == 18)
        let shown = try CommandLineTests.run(["params", "solid", "--set", "body.topFillet=8"])
        #expect(shown.stdout.contains("body.topFillet              8 mm") && shown.stdout.contains("(8 to 26 mm)"))
        let refused = try CommandLineTests.run(["params", "solid", "--set", "body.topFillet=8", "--set", "body.cornerRadius=5"])
        #expect(refused.status == 2 && refused.stderr.contains("body.topFillet: 8 mm is too large for the other values, which allow 0 to 5 mm"))
        let clearance = list.first { $0["name"] as? String == "fit.clearance" }
        #expect(clearance?["scales"] as? Bool == false)
        let unknown = try CommandLineTests.run(["params", "sold"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown item `sold`, did you mean `solid`?"))
    }

    /// The README's table of each item's own parameters is generated by `params ITEM --own --markdown`.
    @Test func theReadmeItemTablesAreGeneratedFromTheSchema() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for item in ["stash", "planter", "phone-stand", "pen-holder"] {
            let table = try CommandLineTests.run(["params", item, "--own", "--markdown"]).stdout
            #expect(table.contains("| `") && !table.contains("`body.width`"), "\(item)")
            #expect(readme.contains(table), "regenerate the README's table with: minidesk params \(item) --own --markdown")
        }
        #expect(try CommandLineTests.run(["params", "solid", "--own", "--markdown"]).stdout == "| Parameter | Default | Allowed | Description |\n|---|---|---|---|\n")
    }

    @Test func theParameterReferenceIsGeneratedFromTheSchema() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reference = try String(contentsOf: root.appendingPathComponent("docs/parameters.md"), encoding: .utf8)
        for item in ["solid", "stash", "planter", "phone-stand", "pen-holder"] {
            let table = try CommandLineTests.run(["params", item, "--markdown"]).stdout
            #expect(reference.contains("## `\(item)`\n\n" + table), "regenerate docs/parameters.md with: make docs")
        }
    }

    @Test func exportTakesParametersInOrder() throws {
        let folder = CommandLineTests.scratch + "/params-\(UUID().uuidString)"
        let file = folder + ".json"
        FileManager.default.createFile(atPath: file, contents: Data(#"{"parameterSets": {"a": {"body.width": 122, "body.depth": 117, "ports.front.jack": 0.9}, "b": {"body.width": 118}}}"#.utf8))
        let r = try CommandLineTests.run(["export", "solid", "--params", file, "--set-name", "a", "--set", "body.width=127mm",
                                          "--resolution", "draft", "--out", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let entries = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(entries.count == 6)
        // The file sets 122 x 117; --set overrides the width to 127, so the shell grows by about 127/122.
        let narrow = try CommandLineTests.run(["export", "solid", "--params", file, "--set-name", "a", "--resolution", "draft", "--out", folder, "--json"])
        let v1 = (entries.first { $0["part"] as? String == "shell" }?["volume"] as? Double) ?? 0
        let v2 = ((try JSONSerialization.jsonObject(with: Data(narrow.stdout.utf8)) as? [[String: Any]])?.first { $0["part"] as? String == "shell" }?["volume"] as? Double) ?? 0
        #expect(v1 > v2 * 1.03)
    }

    @Test func badParametersExitTwoWithEveryProblemAndWriteNothing() throws {
        let folder = CommandLineTests.scratch + "/bad-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "solid", "--set", "body.widht=120", "--set", "body.cornerRadius=90", "--set", "foot.height=abc", "--out", folder])
        #expect(r.status == 2)
        #expect(r.stderr.contains("solid: body.widht: unknown parameter, did you mean `body.width`?"))
        #expect(r.stderr.contains("solid: foot.height: `abc` is not a number; a length from 3 to 25 mm is needed"))
        #expect(r.stderr.contains("solid: body.cornerRadius: must be 0 to 26 mm, got 90"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        let several = CommandLineTests.scratch + "/sets-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: several, contents: Data(#"{"parameterSets": {"a": {}, "b": {}}}"#.utf8))
        let r2 = try CommandLineTests.run(["export", "solid", "--params", several, "--out", folder])
        #expect(r2.status == 2 && r2.stderr.contains("holds several parameter sets; pick one with --set-name (sets: a, b)"))
        let r3 = try CommandLineTests.run(["export", "solid", "--params", "/no/such.json", "--out", folder])
        #expect(r3.status == 2 && r3.stderr.contains("/no/such.json: cannot read the parameter file"))
        let r4 = try CommandLineTests.run(["export", "solid", "--set-name", "a", "--out", folder])
        #expect(r4.status == 2 && r4.stderr.contains("--set-name needs --params FILE"))
        let warn = try CommandLineTests.run(["export", "solid", "--set", "scale=0.3", "--resolution", "draft", "--out", folder])
        #expect(warn.status == 0 && warn.stderr.contains("warning: body.bottomFillet: reaches 0.3 mm at scale 0.3"))
        // Values in range that do not fit together: the one set is named once, with the fix.
        let folder2 = folder + "-2"
        let clash = try CommandLineTests.run(["export", "solid", "--set", "body.height=28", "--set", "foot.height=25", "--out", folder2])
        #expect(clash.status == 2 && clash.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(clash.stderr)")
        #expect(clash.stderr.contains("solid: body.height: 28 mm is too small for the other values, which allow 46.101 to 200 mm") && clash.stderr.contains("use --set body.height=46.101 or --set foot.height=6.9"))
        #expect(!FileManager.default.fileExists(atPath: folder2))
        // A parameter from an older version is named with what replaced it.
        let old = try CommandLineTests.run(["export", "solid", "--set", "foot.diameter=100", "--out", folder2])
        #expect(old.status == 2 && old.stderr.contains("foot.diameter: unknown parameter; it is now foot.inset"))
    }
}

@Suite struct CheckCommandTests {
    @Test func validFilesPassPartByPart() throws {
        let folder = CommandLineTests.scratch + "/check-\(UUID().uuidString)"
        for format in ["3mf", "stl", "ply", "stl-ascii"] {
            let r = try CommandLineTests.run(["export", "solid", "--format", format, "--resolution", "draft", "--out", folder, "--json"])
            #expect(r.status == 0)
        }
        let three = try CommandLineTests.run(["check", folder + "/solid.3mf", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(three.stdout.utf8)) as? [String: Any] ?? [:]
        let parts = report["parts"] as? [[String: Any]] ?? []
        #expect(three.status == 0 && report["valid"] as? Bool == true && parts.count == 6)
        #expect(parts.allSatisfy { $0["valid"] as? Bool == true })
        #expect(parts.map { $0["shells"] as? Int ?? 0 } == [1, 1, 9, 1, 1, 1], "the ports part holds one inlay per port")
        // A binary STL is a triangle soup: its corners are joined before checking.
        let stl = try CommandLineTests.run(["check", folder + "/solid-shell.stl"])
        #expect(stl.status == 0 && stl.stdout.contains(": valid, ") && stl.stdout.contains(" triangles, 1 shell, "))
        let ply = try CommandLineTests.run(["check", folder + "/solid-bottom.ply"])
        #expect(ply.status == 0)
    }

    @Test func invalidAndUnreadableFiles() throws {
        let open = CommandLineTests.scratch + "/open-\(UUID().uuidString).stl"
        let text = "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n"
        FileManager.default.createFile(atPath: open, contents: Data(text.utf8))
        let r = try CommandLineTests.run(["check", open])
        #expect(r.status == 1 && r.stdout.contains("not closed: 3 edges have only one triangle") && r.stdout.contains(": invalid"))
        let missing = try CommandLineTests.run(["check", "/no/such/file.stl"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read /no/such/file.stl: no such file"))
        let garbage = CommandLineTests.scratch + "/garbage-\(UUID().uuidString).3mf"
        FileManager.default.createFile(atPath: garbage, contents: Data("not a zip".utf8))
        let g = try CommandLineTests.run(["check", garbage])
        #expect(g.status == 2 && g.stderr.contains("cannot read \(garbage)"))
    }
}

@Suite struct PresetCommandTests {
    static func run(_ args: [String], config: String) throws -> CommandLineTests.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        p.arguments = args
        p.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": config]) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return .init(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func saveListShowUseAndDelete() throws {
        let config = CommandLineTests.scratch + "/xdg-\(UUID().uuidString)"
        #expect(try Self.run(["preset", "list"], config: config).stdout.contains("no presets yet"))
        #expect(try Self.run(["preset", "save", "half", "solid", "--set", "scale=0.5"], config: config).status == 0)
        let list = try Self.run(["preset", "list", "--json"], config: config)
        #expect(list.stdout.contains("\"half\"") && list.stdout.contains("\"solid\""))
        #expect(try Self.run(["preset", "show", "half"], config: config).stdout.contains("scale = 0.5"))
        let folder = config + "/out"
        let full = try Self.run(["export", "solid", "--resolution", "draft", "--out", folder, "--json"], config: config)
        let half = try Self.run(["export", "solid", "--preset", "half", "--resolution", "draft", "--out", folder, "--json"], config: config)
        func shellVolume(_ r: CommandLineTests.Result) -> Double {
            ((try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [[String: Any]])?.first { $0["part"] as? String == "shell" }?["volume"] as? Double ?? 0
        }
        // An eighth of the volume, but for the pockets of the inlays, which keep their true depth.
        #expect(abs(shellVolume(half) / shellVolume(full) - 1.0 / 8) < 0.002, "\(shellVolume(half) / shellVolume(full))")
        let typo = try Self.run(["export", "solid", "--preset", "hlaf", "--out", folder], config: config)
        #expect(typo.status == 2 && typo.stderr.contains("there is no preset `hlaf`, did you mean `half`?"))
        // Saving over it needs --force.
        let again = try Self.run(["preset", "save", "half", "solid", "--set", "scale=0.6"], config: config)
        #expect(again.status == 1 && again.stderr.contains("a preset `half` (for solid, 1 parameter) exists already; add --force to replace it"), "\(again.stderr)")
        #expect(try Self.run(["preset", "show", "half"], config: config).stdout.contains("scale = 0.5"))
        #expect(try Self.run(["preset", "save", "half", "solid", "--set", "scale=0.5", "--force"], config: config).status == 0)
        // Another item takes what the two share; the first item's own parameters are left out.
        #expect(try Self.run(["preset", "save", "small-pot", "planter", "--set", "scale=0.9", "--set", "planter.size=80"], config: config).status == 0)
        let lent = try Self.run(["export", "stash", "--preset", "small-pot", "--resolution", "draft", "--out", folder, "--json"], config: config)
        #expect(lent.status == 0 && lent.stderr.contains("stash: preset small-pot is for planter; stash has no planter.size, so it is left out"), "\(lent.stderr)")
        let halfStash = try Self.run(["export", "stash", "--set", "scale=0.9", "--resolution", "draft", "--out", folder + "/b", "--json"], config: config)
        #expect(shellVolume(lent) == shellVolume(halfStash) && shellVolume(lent) > 0)
        #expect(try Self.run(["preset", "delete", "half"], config: config).status == 0)
        let gone = try Self.run(["preset", "delete", "half"], config: config)
        #expect(gone.status == 1 && gone.stderr.contains("there is no preset `half`"))
    }

    @Test func badPresetsAndBadFiles() throws {
        let config = CommandLineTests.scratch + "/xdg-\(UUID().uuidString)"
        let bad = try Self.run(["preset", "save", "w", "solid", "--set", "body.cornerRadius=80"], config: config)
        #expect(bad.status == 2 && bad.stderr.contains("body.cornerRadius: must be 0 to 26 mm, got 80"))
        #expect(try Self.run(["preset", "save", "a b", "solid"], config: config).status == 2)
        #expect(try Self.run(["preset", "save", "x", "sold"], config: config).stderr.contains("did you mean `solid`?"))
        #expect(try Self.run(["preset", "sve"], config: config).stderr.contains("did you mean `save`?"))
        try FileManager.default.createDirectory(atPath: config + "/minidesk", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: config + "/minidesk/presets.json", contents: Data("{oops".utf8))
        let corrupt = try Self.run(["preset", "save", "x", "solid"], config: config)
        #expect(corrupt.status == 1 && corrupt.stderr.contains("left untouched"))
        #expect(try String(contentsOfFile: config + "/minidesk/presets.json", encoding: .utf8) == "{oops")
        #expect(try Self.run(["preset", "list"], config: config).status == 1)
    }

    @Test func concurrentSaveCommandsLoseNothing() throws {
        let config = CommandLineTests.scratch + "/xdg-\(UUID().uuidString)"
        let processes = (0..<8).map { i -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            p.arguments = ["preset", "save", "p\(i)", "solid", "--set", "scale=\(1 + Double(i) / 10)"]
            p.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": config]) { $1 }
            p.standardOutput = FileHandle.nullDevice
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        let list = try Self.run(["preset", "list", "--json"], config: config)
        let names = ((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8))) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.sorted() == (0..<8).map { "p\($0)" })
    }
}

/// A built-in emblem by name from a folder that has no Models/emblems/.
@Suite struct BuiltInEmblemTests {
    @Test func namedEmblemsWorkFromAnyFolder() throws {
        let elsewhere = CommandLineTests.scratch + "/elsewhere-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let r = try CommandLineTests.run(["export", "solid", "--set", "emblem.svg=ring", "--resolution", "draft", "--format", "3mf", "--out", "out", "--json"], in: elsewhere)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("solid.3mf") && FileManager.default.fileExists(atPath: elsewhere + "/out/solid.3mf"))
    }
}

@Suite struct RenderCommandTests {
    @Test func writesAPNGAndRejectsBadOptions() throws {
        let out = CommandLineTests.scratch + "/render-\(UUID().uuidString).png"
        let r = try CommandLineTests.run(["render", "solid", "--view", "top", "--size", "64", "--resolution", "draft", "--out", out])
        #expect(r.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let view = try CommandLineTests.run(["render", "solid", "--view", "side", "--out", out])
        #expect(view.status == 2 && view.stderr.contains("--view and --views take iso, front, rear, top, bottom (several with commas), got `side`"))
        let size = try CommandLineTests.run(["render", "solid", "--size", "5", "--out", out])
        #expect(size.status == 2 && size.stderr.contains("--size must be a whole number of pixels from 16 to 4096, got `5`"))
        let ext = try CommandLineTests.run(["render", "solid", "--out", "/tmp/x.jpg"])
        #expect(ext.status == 2 && ext.stderr.contains("--out must name a .png file (for one picture) or a folder, got `/tmp/x.jpg`"))
        let bad = try CommandLineTests.run(["render", "solid", "--set", "body.width=1", "--out", out])
        #expect(bad.status == 2 && bad.stderr.contains("body.width: must be 111 to 300 mm, got 1"))
        let mode = try CommandLineTests.run(["render", "stash", "--mode", "assembeld", "--out", out])
        #expect(mode.status == 2 && mode.stderr.contains("--mode must be one of multicolor, separate, merged, assembled, got `assembeld`, did you mean `assembled`?"))
        let many = try CommandLineTests.run(["render", "--all", "--views", "iso,top", "--out", out])
        #expect(many.status == 2 && many.stderr.contains("--out names a folder when rendering several pictures (5 items x 2 views)"))
        let both = try CommandLineTests.run(["render", "solid", "--view", "top", "--views", "iso"])
        #expect(both.status == 2 && both.stderr.contains("give --view or --views, not both"))
    }

    /// Several items and views in one call, into a folder named ITEM[-MODE]-VIEW.png.
    @Test func severalPicturesIntoAFolder() throws {
        let folder = CommandLineTests.scratch + "/renders-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["render", "solid", "stash", "--views", "top,bottom", "--size", "48", "--resolution", "draft", "--out", folder])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["solid-bottom.png", "solid-top.png", "stash-bottom.png", "stash-top.png"])
        let assembled = try CommandLineTests.run(["render", "stash", "--mode", "assembled", "--views", "iso", "--size", "48", "--resolution", "draft", "--out", folder])
        #expect(assembled.status == 0 && FileManager.default.fileExists(atPath: folder + "/stash-assembled-iso.png"), "\(assembled.stderr)")
    }
}

@Suite struct BatchExportTests {
    @Test func severalFormatsAtOnceWithProgressAndSummary() throws {
        let folder = CommandLineTests.scratch + "/batch-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "solid", "pen-holder", "--format", "3mf,stl,ply", "--jobs", "2", "--resolution", "draft", "--out", folder])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["solid.3mf", "solid.prusa.3mf", "solid-shell.stl", "solid-bottom.stl", "solid-shell.ply", "solid-bottom.ply"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
            #expect(r.stdout.contains(folder + "/" + name + "  "), "a progress line for \(name)")
        }
        #expect(r.stdout.contains("item          files  triangles  seconds  result") && r.stdout.contains("solid         14 ") && r.stdout.contains("pen-holder    14 "))
        let json = try CommandLineTests.run(["export", "solid", "--format", "3mf,stl", "--resolution", "draft", "--out", folder, "--json"])
        let manifest = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(manifest.count == 8 && manifest.allSatisfy { ($0["seconds"] as? Double ?? -1) >= 0 && $0["path"] is String })
    }

    @Test func separateAndMergedModes() throws {
        let folder = CommandLineTests.scratch + "/separate-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "pen-holder", "--mode", "separate", "--format", "3mf,stl", "--resolution", "draft", "--out", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        let names = Set(manifest.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } })
        let parts = ["shell", "bottom", "foot", "ports", "light", "emblem"]
        #expect(names == Set(parts.flatMap { ["pen-holder-separate-\($0).3mf", "pen-holder-separate-\($0).stl"] }))
        let check = try CommandLineTests.run(["check", folder + "/pen-holder-separate-shell.3mf", "--json"])
        #expect(check.status == 0)
        let dry = try CommandLineTests.run(["export", "solid", "--mode", "separate", "--format", "3mf", "--dry-run", "--out", folder])
        #expect(dry.stdout.contains("would write \(folder)/solid-separate-emblem.3mf") && !dry.stdout.contains("solid.3mf"))
        // A part switched off is not announced.
        let without = try CommandLineTests.run(["export", "solid", "--mode", "separate", "--set", "emblem.enabled=false", "--dry-run", "--out", folder])
        #expect(without.stdout.contains("solid-separate-light.stl") && !without.stdout.contains("solid-separate-emblem.stl"))
        let merged = try CommandLineTests.run(["export", "solid", "--mode", "merged", "--format", "stl,obj", "--resolution", "draft", "--out", folder, "--json"])
        let mergedFiles = (try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(merged.status == 0 && mergedFiles.sorted() == [folder + "/solid-merged.obj", folder + "/solid-merged.stl"], "\(merged.stderr)")
        #expect(try CommandLineTests.run(["check", folder + "/solid-merged.stl"]).status == 0)
        let typo = try CommandLineTests.run(["export", "solid", "--mode", "seperate"])
        #expect(typo.status == 2 && typo.stderr.contains("--mode takes multicolor, separate, merged, got `seperate`, did you mean `separate`?"))
    }

    /// --verify reads every written file back with the exact readers. The planter at a 0.002 mm
    /// chord deviation once had a sliver whose STL's 32-bit floats folded it (3 crossing pairs,
    /// named with a warning, and --verify failed; the warning is tested on a made-up part in
    /// `MeshWriterTests`); now that the booleans repair and check results with pieces that thin,
    /// its STL reads back valid.
    @Test func verifyReadsEveryFileBack() throws {
        let folder = CommandLineTests.scratch + "/verify-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "solid", "--format", "3mf,stl,ply,obj,glb", "--resolution", "draft", "--verify", "--out", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(manifest.count == 21 && manifest.allSatisfy { $0["verified"] as? Bool == true })
        let fine = try CommandLineTests.run(["export", "planter", "--format", "stl", "--resolution", "0.002", "--verify", "--out", folder])
        #expect(fine.status == 0 && !fine.stderr.contains("not a valid solid"), "\(fine.stderr)")
    }

    /// Every item exports in every mode and format, and what can be read back is valid.
    @Test(arguments: ["multicolor", "separate", "merged"])
    func everyItemInEveryModeAndFormat(mode: String) throws {
        let folder = CommandLineTests.scratch + "/all-\(mode)-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "--all", "--mode", mode, "--format", "3mf,stl,ply,glb,obj",
                                          "--resolution", "draft", "--out", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        let perItem = ["multicolor": 2 + 6 * 3 + 1, "separate": 6 * 5, "merged": 5][mode]!
        #expect(manifest.count == 5 * perItem)
        for entry in manifest {
            let path = try #require(entry["path"] as? String)
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            if path.hasSuffix(".obj") { #expect(FileManager.default.fileExists(atPath: String(path.dropLast(3)) + "mtl")) }
            if path.hasSuffix(".3mf") || path.hasSuffix(".ply") || path.hasSuffix(".obj") {
                let check = try CommandLineTests.run(["check", path])
                #expect(check.status == 0, "\(path): \(check.stdout)")
            }
        }
    }

    /// A 3MF that export wrote carries its parameters: `--params FILE.3mf` builds the same model
    /// again (here its scale shows in the warnings). A dry run lists every file, the OBJ's
    /// material library too, whether one is there already, and the warnings, as JSON on request.
    @Test func parametersFromA3MFAndADryRunAsJSON() throws {
        let folder = CommandLineTests.scratch + "/params3mf-\(UUID().uuidString)"
        let made = try CommandLineTests.run(["export", "solid", "--format", "3mf", "--set", "scale=0.5", "--resolution", "draft", "--out", folder])
        #expect(made.status == 0, "\(made.stderr)")
        let model = folder + "/solid.3mf"
        let again = try CommandLineTests.run(["export", "solid", "--params", model, "--format", "obj,3mf", "--dry-run", "--json", "--out", folder])
        #expect(again.status == 0, "\(again.stderr)")
        let planned = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(planned.map { $0["path"] as? String ?? "" } == [folder + "/solid.obj", folder + "/solid.mtl", folder + "/solid.3mf", folder + "/solid.prusa.3mf"])
        #expect(planned.map { $0["exists"] as? Bool } == [false, false, true, true] && planned.allSatisfy { $0["mode"] as? String == "multicolor" })
        let warnings = planned.first?["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("at scale 0.5") }, "\(warnings)")
        let text = try CommandLineTests.run(["export", "solid", "--params", model, "--format", "3mf", "--dry-run", "--out", folder])
        #expect(text.stdout == "would write \(model) (replacing the file there)\nwould write \(folder)/solid.prusa.3mf (replacing the file there)\n" && text.stderr.contains("at scale 0.5"))
        let wrongSet = try CommandLineTests.run(["export", "solid", "--params", model, "--set-name", "other", "--dry-run"])
        #expect(wrongSet.status == 2 && wrongSet.stderr.contains("has no parameter set `other` (sets: solid)"))
        let foreign = folder + "/plain.3mf"
        #expect(try CommandLineTests.run(["csg", CSGCommandTests.scene(#"{"root": {"box": {"size": [1, 1, 1]}}}"#), "-o", foreign]).status == 0)
        let none = try CommandLineTests.run(["export", "solid", "--params", foreign, "--dry-run"])
        #expect(none.status == 2 && none.stderr.contains("--params: \(foreign) carries no MiniDesk parameters"))
        let missing = try CommandLineTests.run(["export", "solid", "--params", folder + "/none.3mf", "--dry-run"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read \(folder)/none.3mf: no such file"))
    }

    /// --plates: one 3MF per filament and bed, every part its own object lying on the bed; the
    /// files read back valid, and the wrong format, mode or bed is refused by name.
    @Test func platesGatherPartsByFilament() throws {
        let folder = CommandLineTests.scratch + "/plates-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "solid", "--plates", "--resolution", "draft", "--out", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        let names = manifest.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
        // The emblem shares the ports' dark grey, so the two share a plate.
        #expect(names == ["solid-plate-shell.3mf", "solid-plate-bottom+foot.3mf", "solid-plate-ports+emblem.3mf", "solid-plate-light.3mf"])
        for name in names {
            let check = try CommandLineTests.run(["check", folder + "/" + name, "--json"])
            #expect(check.status == 0, "\(name): \(check.stdout)")
        }
        let verified = try CommandLineTests.run(["export", "stash", "--plates", "--verify", "--resolution", "draft", "--out", folder])
        #expect(verified.status == 0 && verified.stdout.contains("\(folder)/stash-plate-shell.3mf  ")
                && verified.stdout.hasSuffix("every file read back valid\n") && verified.stdout.contains("4 plates, 6 parts, 4 filaments"), "\(verified.stdout)")
        let all = try CommandLineTests.run(["export", "--all", "--plates", "--resolution", "draft", "--dry-run", "--out", folder])
        #expect(all.status == 0 && all.stdout.contains("would write \(folder)/plate-shell-1.3mf\nwould write \(folder)/plate-shell-2.3mf\n") && all.stdout.contains("would write \(folder)/plate-ports+emblem.3mf\n"), "\(all.stdout)")
        for (words, message) in [(["--format", "stl"], "--plates writes 3MF plates, got --format stl; leave --format out or give --format 3mf"),
                                 (["--mode", "merged"], "--plates lays out the parts printed apart, got --mode merged"),
                                 (["--bed", "20x300"], "--bed takes the bed's width and depth in mm as WIDTHxDEPTH, each from 50 to 2000, such as 256x256 or 180x180, got `20x300`"),
                                 (["--bed", "256"], "got `256`")] {
            let bad = try CommandLineTests.run(["export", "solid", "--plates", "--dry-run"] + words)
            #expect(bad.status == 2 && bad.stderr.contains(message), "\(words): \(bad.stderr)")
        }
        let small = try CommandLineTests.run(["export", "solid", "--plates", "--bed", "100x100", "--dry-run"])
        #expect(small.status == 1 && small.stderr.contains("--plates: the solid part `shell` is 127 x 127 mm, larger than the 100 x 100 mm bed"), "\(small.stderr)")
        let lone = try CommandLineTests.run(["export", "solid", "--bed", "200x200", "--dry-run"])
        #expect(lone.status == 2 && lone.stderr.contains("--bed sets the bed for --plates; add --plates"))
    }

    @Test func dryRunWritesNothingAndJobsAreChecked() throws {
        let folder = CommandLineTests.scratch + "/dry-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "--all", "--format", "3mf,stl", "--dry-run", "--out", folder])
        #expect(r.status == 0 && r.stdout.contains("would write \(folder)/solid.3mf") && r.stdout.contains("would write \(folder)/solid-shell.stl"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        let bad = try CommandLineTests.run(["export", "--all", "--dry-run", "--set", "scale=9"])
        #expect(bad.status == 2 && bad.stderr.contains("scale: must be 0.3 to 4, got 9"))
        let jobs = try CommandLineTests.run(["export", "--all", "--jobs", "0"])
        #expect(jobs.status == 2 && jobs.stderr.contains("--jobs must be a whole number from 1 to 256, got `0`"))
    }
}

/// Hostile input must give a clean error (exit 2) or a valid result, never a crash, and no file on error.
@Suite struct InputFuzzTests {
    static let setValues = [
        "nan", "NaN", "inf", "-inf", "infinity", "1e308", "1e309", "-1e309", "1e-320", "0x10", "", " ", "12abc", "mm", "120mmm",
        "--", "1,5", "٣", "🙂", String(repeating: "9", count: 400), "true", "#12345G", "#1234567", "0", "-0", "4.0000000001",
    ]

    @Test func setValuesNeverCrash() throws {
        let folder = CommandLineTests.scratch + "/fuzz-\(UUID().uuidString)"
        var rng = SeededRandom(seed: 7)
        let keys = ["scale", "body.width", "body.cornerRadius", "foot.height", "colors.shell", "printer.nozzle", "body.widthh", "=", ""]
        for k in 0..<60 {
            let key = keys[Int(rng.next() % UInt64(keys.count))]
            let value = Self.setValues[Int(rng.next() % UInt64(Self.setValues.count))]
            let r = try CommandLineTests.run(["export", "solid", "--set", "\(key)=\(value)", "--resolution", "draft", "--format", "3mf", "--out", folder + "/\(k)"])
            #expect(r.status == 0 || r.status == 2, "\(key)=\(value): exit \(r.status) \(r.stderr)")
            if r.status == 2 {
                #expect(!r.stderr.isEmpty && !FileManager.default.fileExists(atPath: folder + "/\(k)"), "\(key)=\(value)")
            } else {
                #expect(FileManager.default.fileExists(atPath: folder + "/\(k)/solid.3mf"), "\(key)=\(value)")
            }
        }
    }

    @Test func parameterFilesNeverCrash() throws {
        let folder = CommandLineTests.scratch + "/fuzzfile-\(UUID().uuidString)"
        let documents = [
            "", "{", "[]", "null", "1", "\"x\"", #"{"parameterSets": null}"#, #"{"parameterSets": []}"#,
            #"{"parameterSets": {"a": null}}"#, #"{"parameterSets": {"a": {"scale": null}}}"#,
            #"{"parameterSets": {"a": {"scale": NaN}}}"#, #"{"parameterSets": {"a": {"scale": Infinity}}}"#,
            #"{"parameterSets": {"a": {"scale": 1e999}}}"#, #"{"parameterSets": {"a": {"scale": "1e999"}}}"#,
            #"{"parameterSets": {"a": {"scale": [1]}}}"#, #"{"parameterSets": {"a": {"scale": {"v": 1}}}}"#,
            #"{"parameterSets": {"a": {"scale": true}}}"#, #"{"parameterSets": {"a": {"colors.shell": 255}}}"#,
            #"{"parameterSets": {"a": {"unknown.key": 1}}}"#, #"{"parameterSets": {"a": {"scale": "0.5"}}, "x": 1}"#,
            #"{"fileFormatVersion": 1, "parameterSets": {"a": {}}}"#, "\u{FEFF}{}", String(repeating: "[", count: 10000),
            #"{"parameterSets": {"a": {"body.width": -1e308, "body.depth": 1e308}}}"#,
        ]
        for (k, doc) in documents.enumerated() {
            let file = folder + "-\(k).json"
            FileManager.default.createFile(atPath: file, contents: Data(doc.utf8))
            let r = try CommandLineTests.run(["export", "solid", "--params", file, "--resolution", "draft", "--out", folder + "/\(k)"])
            #expect(r.status == 2, "document \(k): exit \(r.status) \(r.stderr)")
            #expect(!r.stderr.isEmpty && !FileManager.default.fileExists(atPath: folder + "/\(k)"), "document \(k)")
        }
    }
}
