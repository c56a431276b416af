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
}
