import Foundation
import Testing

/// What `export` promises about the folder it writes: names that never collide between modes, one
/// export at a time, each item's files all new or all old, and a clean stop on Ctrl-C.
@Suite struct ExportSafetyTests {
    static func folder() -> String {
        let path = CommandLineTests.scratch + "/safety-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func hidden(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") && !($0.hasPrefix(".minidesk-") && $0.hasSuffix(".lock")) }.sorted()
    }

    /// The three modes into one folder: every name carries its mode, so none replaces another.
    @Test func modesNeverShareAName() throws {
        let out = Self.folder()
        var all = [String]()
        for mode in ["multicolor", "separate", "merged"] {
            let r = try CommandLineTests.run(["export", "solid", "--mode", mode, "--format", "stl,3mf", "--resolution", "draft", "--out", out, "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
            #expect(entries.allSatisfy { $0["mode"] as? String == mode && ($0["bytes"] as? Int ?? 0) > 0 && ["stl", "3mf"].contains($0["format"] as? String ?? "") })
            all += entries.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }
        }
        #expect(Set(all).count == all.count, "one name written by two modes: \(all)")
        #expect(Self.files(out) == all.sorted())
        #expect(all.contains("solid-separate-shell.stl") && all.contains("solid-merged.3mf") && all.contains("solid-shell.stl") && all.contains("solid.3mf"))
        #expect(Self.hidden(out).isEmpty, "staging left behind: \(Self.hidden(out))")
    }

    /// While another export writes an item's files, a second export of them stops at once and
    /// names it; other items' files can be written beside.
    @Test func aSecondExportOfTheSameFilesStops() throws {
        let out = Self.folder()
        let fd = open(out + "/.minidesk-solid.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(fd) }
        _ = "4242\n".withCString { write(fd, $0, 5) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let r = try CommandLineTests.run(["export", "solid", "--resolution", "draft", "--out", out])
        #expect(r.status == 1 && r.stderr.contains("cannot write \(out): another minidesk export (process 4242) is writing solid's files into this folder; wait for it to finish, or choose another --out"), "\(r.stderr)")
        #expect(Self.files(out).isEmpty)
        let beside = try CommandLineTests.run(["export", "stash", "--resolution", "draft", "--out", out])
        let separate = try CommandLineTests.run(["export", "solid", "--mode", "separate", "--resolution", "draft", "--out", out])
        #expect(beside.status == 0 && separate.status == 0, "\(beside.stderr) \(separate.stderr)")
        flock(fd, LOCK_UN)
        #expect(try CommandLineTests.run(["export", "solid", "--resolution", "draft", "--out", out]).status == 0)
    }

    /// A failed item keeps its old files and writes none of its new ones; the others are written,
    /// and the manifest lists the failure.
    @Test func aFailedItemKeepsItsOldFiles() throws {
        let out = Self.folder()
        // A folder where solid.prusa.3mf should go: solid's commit is refused before it moves a file.
        try FileManager.default.createDirectory(atPath: out + "/solid.prusa.3mf", withIntermediateDirectories: false)
        let old = Data("old solid".utf8)
        FileManager.default.createFile(atPath: out + "/solid.3mf", contents: old)
        let r = try CommandLineTests.run(["export", "solid", "stash", "--format", "3mf", "--resolution", "draft", "--out", out, "--json"])
        #expect(r.status == 1)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let failure = try #require(entries.first { $0["failure"] != nil })
        #expect(failure["item"] as? String == "solid" && (failure["failure"] as? String ?? "").contains("\(out)/solid.prusa.3mf: it is a folder"), "\(failure)")
        #expect(entries.filter { $0["item"] as? String == "stash" && $0["path"] != nil }.count == 2)
        #expect(FileManager.default.contents(atPath: out + "/solid.3mf") == old, "solid's old file was replaced")
        #expect(Self.hidden(out).isEmpty, "staging left behind: \(Self.hidden(out))")
    }

    /// What a killed run left (a staging folder, a temporary file of a process that is gone) is
    /// removed by the next export; another process's live temporary file is not.
    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let out = Self.folder()
        try FileManager.default.createDirectory(atPath: out + "/.minidesk-staging-99999999-solid-7", withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: out + "/.minidesk-staging-99999999-solid-7/solid.3mf", contents: Data("half".utf8))
        FileManager.default.createFile(atPath: out + "/.solid.3mf.tmp-99999999-12", contents: Data("half".utf8))
        let live = ".notes.txt.tmp-\(getpid())-5"
        FileManager.default.createFile(atPath: out + "/" + live, contents: Data())
        let r = try CommandLineTests.run(["export", "solid", "--format", "3mf", "--resolution", "draft", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.hidden(out) == [live])
    }

    /// Ctrl-C while items build: exit 130 and a message saying which were written; each item's two
    /// 3MFs are both new or both old, and nothing hidden is left.
    @Test func interruptedExportLeavesNoMix() throws {
        let out = Self.folder()
        let old = try CommandLineTests.run(["export", "--all", "--format", "3mf", "--resolution", "draft", "--set", "body.height=60", "--out", out])
        #expect(old.status == 0, "\(old.stderr)")
        func contents() -> [String: Data] {
            Dictionary(uniqueKeysWithValues: Self.files(out).map { ($0, FileManager.default.contents(atPath: out + "/" + $0) ?? Data()) })
        }
        let before = contents()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        p.arguments = ["export", "--all", "--format", "3mf", "--jobs", "1", "--out", out]
        let stdout = Pipe(), stderr = Pipe()
        p.standardOutput = stdout
        p.standardError = stderr
        try p.run()
        // The first file line: one item is in place, the others still to come.
        _ = CommandLineTests.firstLine(of: stdout.fileHandleForReading)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130 && message.contains("interrupted: ") && message.contains("of 5 items written"), "\(p.terminationStatus): \(message)")
        let after = contents()
        #expect(Set(after.keys) == Set(before.keys))
        var replaced = 0
        for item in ["solid", "stash", "planter", "phone-stand", "pen-holder"] {
            let a = after["\(item).3mf"] != before["\(item).3mf"], b = after["\(item).prusa.3mf"] != before["\(item).prusa.3mf"]
            #expect(a == b, "\(item): one of its files is new, the other old")
            if a { replaced += 1 }
        }
        #expect(replaced >= 1 && replaced < 5, "\(replaced) items replaced")
        #expect(Self.hidden(out).isEmpty, "left behind: \(Self.hidden(out))")
    }
}
