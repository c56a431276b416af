import Foundation
import Testing

/// The README's "CLI at a glance" runs as written: every line, in order, in a fresh folder (with
/// the repository's docs/ beside it, and /tmp/ standing for a folder of the test's own), exits 0
/// and prints what its comment promises.
@Suite struct ReadmeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The block's command lines, each split into words, with the comment dropped.
    static func commands() throws -> [[String]] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The CLI at a glance").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map { line in
            let command = line.components(separatedBy: " # ")[0]
            return command.split(separator: " ").map(String.init)
        }
    }

    @Test func everyLineRunsAsWritten() throws {
        let dir = try SceneExportTests.folder("readme")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/docs", withDestinationPath: Self.root.appendingPathComponent("docs").path)
        let lines = try Self.commands()
        #expect(lines.count >= 25)
        // Presets go to a config folder of the test's own.
        let environment = ["XDG_CONFIG_HOME": dir + "/config"]
        for words in lines {
            #expect(words.first == "minidesk", "\(words)")
            // The live customizer runs until stopped; ServeCommandTests starts and drives it.
            if words.dropFirst().first == "serve" { continue }
            let args = words.dropFirst().map { $0.hasPrefix("/tmp/") ? dir + "/" + $0.dropFirst(5) : $0 }
            if let out = args.firstIndex(of: "--out"), out + 1 < args.count {
                try FileManager.default.createDirectory(atPath: args[out + 1], withIntermediateDirectories: true)
            }
            let run = try CommandLineTests.run(Array(args), environment: environment, in: dir)
            #expect(run.status == 0, "`\(words.joined(separator: " "))` exited \(run.status): \(run.stderr)")
        }
        // What the comments promise.
        let output = try FileManager.default.contentsOfDirectory(atPath: dir + "/Output")
        #expect(["solid-shell.stl", "solid.3mf", "solid.prusa.3mf", "stash-separate-shell.3mf", "planter-merged.stl", "solid.stp", "solid.dae", "solid.gltf", "solid.bin"].allSatisfy(output.contains), "\(output.sorted())")
        #expect(output.contains { $0.hasPrefix("plate-") && $0.hasSuffix(".3mf") })
        #expect(FileManager.default.fileExists(atPath: dir + "/desk/solid-shell.ply") && FileManager.default.fileExists(atPath: dir + "/plate.ply"))
        #expect(FileManager.default.fileExists(atPath: dir + "/stand.json") && FileManager.default.fileExists(atPath: dir + "/stand.3mf"))
        #expect(FileManager.default.fileExists(atPath: dir + "/previews/pen-holder-top.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/config/minidesk/presets.json"))
    }

    /// The print-farm example: the 1,000 sets written by its Python line as written, the plan of
    /// 1,000 jobs, and the first two of them run by GNU parallel as the README runs them all.
    @Test func thePrintFarmExampleRuns() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Batches and print farms").dropFirst().first)
        let lines = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first).split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines[2].hasPrefix("minidesk export planter") && lines[3].hasPrefix("parallel -j2 < jobs.txt"))
        let dir = try SceneExportTests.folder("farm")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func shell(_ command: String) throws -> Int32 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", command]
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            try p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }
        #expect(try shell(lines[0] + "\n" + lines[1]) == 0)
        let plan = lines[2].components(separatedBy: " > ")[0].split(separator: " ").dropFirst().map(String.init)
        let run = try CommandLineTests.run(plan, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let jobs = run.stdout.split(separator: "\n")
        #expect(jobs.count == 1000 && jobs[0].contains("--set-name pot0000") && jobs[999].contains("--set-name pot0999"))
        try (jobs.prefix(2).joined(separator: "\n") + "\n").write(toFile: dir + "/jobs.txt", atomically: true, encoding: .utf8)
        #expect(try shell(lines[3].components(separatedBy: "  #")[0]) == 0)
        let farm = try FileManager.default.contentsOfDirectory(atPath: dir + "/farm").filter { !$0.hasPrefix(".") }.sorted()
        #expect(farm == ["planter-pot0000.3mf", "planter-pot0000.prusa.3mf", "planter-pot0001.3mf", "planter-pot0001.prusa.3mf"], "\(farm)")
    }
}
