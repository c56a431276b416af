import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `minidesk serve` from the command line: its refusals, and a run that answers and stops on Ctrl-C.
@Suite struct ServeCommandTests {
    @Test func badArgumentsAreRefused() throws {
        let port = try CommandLineTests.run(["serve", "--port", "80a"])
        #expect(port.status == 2 && port.stderr.contains("--port must be a whole number from 0 to 65535 (0 picks a free port), got `80a`"))
        let item = try CommandLineTests.run(["serve", "planter"])
        #expect(item.status == 2 && item.stderr.contains("serve takes no item names; choose the item on the page"))
        let host = try CommandLineTests.run(["serve", "--host", "my-laptop", "--port", "0"])
        #expect(host.status == 2 && host.stderr.contains("--host must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, got `my-laptop`"))
        let help = try CommandLineTests.run(["serve", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: minidesk serve") && help.stdout.contains("Example"))
    }

    /// Started on a free port, it prints its address, answers, refuses a second server on the same
    /// port, and stops with exit 0 on SIGINT.
    @Test func servesUntilInterrupted() async throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
        p.arguments = ["serve", "--port", "0"]
        p.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": CommandLineTests.scratch + "/serve-\(UUID().uuidString)"]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = CommandLineTests.firstLine(of: out.fileHandleForReading)
        #expect(text.hasPrefix("MiniDesk customizer at http://127.0.0.1:") && text.contains("(Ctrl-C stops it)"))
        let address = try #require(text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let (data, response) = try await URLSession.shared.data(from: URL(string: address + "api/items")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && String(decoding: data, as: UTF8.self).contains("\"planter\""))
        let port = try #require(address.split(separator: ":").last.map { String($0.dropLast()) })
        let second = try CommandLineTests.run(["serve", "--port", port])
        #expect(second.status == 1 && second.stderr.contains("cannot listen on 127.0.0.1:\(port)"))
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0 && rest.contains("stopped"))
    }
}
