import Dispatch
import Foundation
import MeshIO
import MiniDeskServer

/// `minidesk serve`: the live customizer in the browser, until Ctrl-C.
enum ServeCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: ["--port", "--host"], flags: ["--open", "--help"])
        if args.flags.contains("--help") { Console.out(Help.serve); return .ok }
        guard args.positional.isEmpty else { throw UsageError("serve takes no item names; choose the item on the page (got `\(args.positional[0])`)") }
        let portText = args.value("--port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port must be a whole number from 0 to 65535 (0 picks a free port), got `\(portText)`") }
        let host = args.value("--host") ?? "127.0.0.1"
        let customizer = Customizer(presets: PresetStore(path: PresetStore.defaultPath()))
        signal(SIGPIPE, SIG_IGN)  // a browser that hangs up is the connection's error, not the server's end
        if let missing = customizer.missingFiles {
            Console.error(missing)
            return .failure
        }
        let server: HTTPServer
        do { server = try HTTPServer(host: host, port: port, handler: customizer.handle) } catch {
            if error.description.hasPrefix("--host") { throw UsageError(error.description) }
            Console.error(error.description)
            return .failure
        }
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host
        let url = "http://\(shown):\(server.port)/"
        // Unbuffered, so that a script reading the address through a pipe sees it at once.
        FileHandle.standardOutput.write(Data("MiniDesk customizer at \(url)  (Ctrl-C stops it)\n".utf8))
        if host != "127.0.0.1" { Console.error("warning: listening on \(host), so other machines on the network can use this customizer and save presets") }
        if args.flags.contains("--open") { open(url) }
        // Stop cleanly on Ctrl-C or a TERM signal.
        var sources = [DispatchSourceSignal]()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .main)
            source.setEventHandler {
                server.stop()
                FileHandle.standardOutput.write(Data("stopped\n".utf8))
                exit(ExitCode.ok.rawValue)
            }
            source.resume()
            sources.append(source)
        }
        withExtendedLifetime(sources) { dispatchMain() }
    }

    /// Opens `url` in the desktop's browser, or says how to.
    static func open(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [url]
        do { try process.run() } catch { Console.error("cannot open a browser (xdg-open: \(error.localizedDescription)); open \(url) yourself") }
    }
}
