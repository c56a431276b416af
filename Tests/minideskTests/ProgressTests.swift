import Foundation
import Testing

/// export's progress as a person sees it: on a terminal (a pseudo-terminal from util-linux's
/// `script`) a counter redrawn under the file lines, naming the items being built, and cleared at
/// the end; plain lines without escapes when piped or when TERM is dumb.
@Suite struct ProgressTests {
    static func onATerminal(_ args: [String], term: String) throws -> String {
        let dir = try SceneExportTests.folder("progress")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let command = ([CommandLineTests.binary] + args + ["--out", dir]).map(ShellQuoting.quoted).joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        p.environment = ProcessInfo.processInfo.environment.merging(["TERM": term]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aTerminalSeesALiveCounter() throws {
        let text = try Self.onATerminal(["export", "solid", "stash", "--resolution", "draft", "--jobs", "2"], term: "xterm")
        #expect(text.contains("\r\u{1B}[K[........................] 0/12 files"), "drawn from the start")
        let building = text.components(separatedBy: " files, building ").dropFirst().map { $0.prefix { $0 != "\r" && $0 != "\n" } }
        #expect(building.contains { $0.contains("solid") } && building.contains { $0.contains("stash") }, "names what it builds: \(building)")
        #expect(text.contains("\r\u{1B}[K") && text.contains("solid-shell.stl  "), "file lines above the counter")
        let summary = try #require(text.range(of: "item "))
        #expect(!text[..<summary.lowerBound].hasSuffix("files"), "the counter is cleared before the summary")
    }

    @Test func aDumbTerminalSeesPlainLines() throws {
        let text = try Self.onATerminal(["export", "solid", "--resolution", "draft"], term: "dumb")
        #expect(!text.contains("\u{1B}[") && !text.contains("files, building") && text.contains("solid-shell.stl  "), "\(text.prefix(300))")
    }
}

/// Single quotes for /bin/sh.
enum ShellQuoting {
    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
