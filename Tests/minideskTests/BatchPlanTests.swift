import Foundation
import Testing

/// Batches: every parameter set of a file, several modes in one run, and `--plan`, whose jobs run
/// by GNU parallel write the same bytes as one run.
@Suite struct BatchPlanTests {
    static let sets = ##"{"fileFormatVersion": "1", "parameterSets": {"small": {"scale": 0.8}, "wide": {"body.width": 170, "colors.shell": "#D03030"}}}"##

    static func setsFile() -> String {
        let path = CommandLineTests.scratch + "/sets-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: path, contents: Data(sets.utf8))
        return path
    }

    static func files(_ folder: String) -> [String: Data] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
    }

    /// `--set-name all` exports each set as ITEM-SET, in each mode of `--mode`.
    @Test func everySetOfAFileInEveryMode() throws {
        let out = CommandLineTests.scratch + "/sets-\(UUID().uuidString)"
        let r = try CommandLineTests.run(["export", "planter", "--params", Self.setsFile(), "--set-name", "all", "--mode", "multicolor,separate", "--format", "3mf",
                                          "--resolution", "draft", "--out", out, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = Self.files(out).keys.sorted()
        let parts = ["bottom", "emblem", "foot", "light", "ports", "shell"]
        let expected = ["small", "wide"].flatMap { set in ["planter-\(set).3mf", "planter-\(set).prusa.3mf"] + parts.map { "planter-\(set)-separate-\($0).3mf" } }.sorted()
        #expect(names == expected)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(entries.allSatisfy { ["small", "wide"].contains($0["set"] as? String ?? "") })
        // The wide set is wider: its shell holds more.
        func shell(_ set: String) -> Double { entries.first { $0["set"] as? String == set && $0["part"] as? String == "shell" }?["volume"] as? Double ?? 0 }
        #expect(shell("wide") > shell("small") * 1.5)
    }

    /// The plan's jobs, run two at a time by GNU parallel, write the same files, byte for byte, as
    /// one run of the batch.
    @Test func aPlanRunByParallelWritesTheSameBytes() throws {
        let sets = Self.setsFile()
        let one = CommandLineTests.scratch + "/plan-one-\(UUID().uuidString)", split = CommandLineTests.scratch + "/plan-split-\(UUID().uuidString)"
        let batch = ["planter", "solid", "--params", sets, "--set-name", "all", "--mode", "multicolor,merged", "--format", "3mf,stl", "--resolution", "draft"]
        #expect(try CommandLineTests.run(["export"] + batch + ["--out", one]).status == 0)
        let plan = try CommandLineTests.run(["export"] + batch + ["--out", split, "--plan"])
        let lines = plan.stdout.split(separator: "\n")
        #expect(plan.status == 0 && lines.count == 8, "\(plan.stdout)")  // 2 items x 2 sets x 2 modes
        #expect(lines.allSatisfy { $0.contains(" export ") && $0.contains("--jobs 1") && $0.contains("--name-by-set") && $0.hasSuffix("--out \(split)") })
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/parallel")
        p.arguments = ["-j2", "--halt", "now,fail=1"]
        let input = Pipe()
        p.standardInput = input
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        input.fileHandleForWriting.write(Data(plan.stdout.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let a = Self.files(one), b = Self.files(split)
        #expect(a.count == 2 * 2 * (8 + 2) && a.keys.sorted() == b.keys.sorted())
        for name in a.keys.sorted() { #expect(a[name] == b[name], "\(name) differs between one run and the plan") }
    }

    @Test func badBatchesAreRefused() throws {
        let badSets = CommandLineTests.scratch + "/badsets-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: badSets, contents: Data(#"{"parameterSets": {"my pot": {}}}"#.utf8))
        let bad = try CommandLineTests.run(["export", "planter", "--params", badSets, "--set-name", "all", "--dry-run"])
        #expect(bad.status == 2 && bad.stderr.contains("parameter set `my pot` cannot name files (use letters, digits, '-', '_' and '.')"), "\(bad.stderr)")
        let named = try CommandLineTests.run(["export", "planter", "--name-by-set", "--dry-run"])
        #expect(named.status == 2 && named.stderr.contains("--name-by-set puts the --set-name in the file names; add --set-name NAME"))
        let mode = try CommandLineTests.run(["export", "planter", "--mode", "multicolor,seperate", "--dry-run"])
        #expect(mode.status == 2 && mode.stderr.contains("did you mean `separate`?"))
    }
}
