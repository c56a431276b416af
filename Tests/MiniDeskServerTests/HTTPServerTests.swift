import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeshIO
import Testing
@testable import MiniDeskServer

/// The libmicrohttpd server over real loopback sockets: queries decoded in order, bodies whole,
/// oversized bodies refused, and a clear message for an address it cannot use.
@Suite struct HTTPServerTests {
    /// A server that answers every request with what it saw, as JSON.
    static func echo() throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0) { r in
            .json(["method": r.method, "path": r.path, "query": r.query.map { [$0.key, $0.value] }, "body": r.body.count,
                   "type": r.headers["content-type"] ?? ""] as [String: Any])
        }
    }

    static func fetch(_ server: HTTPServer, _ path: String, method: String = "GET", body: Data? = nil) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("image/svg+xml", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }

    @Test func requestsArriveWhole() async throws {
        let server = try Self.echo()
        #expect(server.port > 0)
        let (status, got) = try await Self.fetch(server, "/api/model?item=planter&planter.size=80&b=x%20y&planter.size=81")
        #expect(status == 200)
        #expect(got["path"] as? String == "/api/model")
        #expect((got["query"] as? [[String]]) == [["item", "planter"], ["planter.size", "80"], ["b", "x y"], ["planter.size", "81"]])
        let body = Data(repeating: 0x41, count: 300_000)
        let (postStatus, posted) = try await Self.fetch(server, "/api/emblem", method: "POST", body: body)
        #expect(postStatus == 200 && posted["body"] as? Int == body.count && posted["type"] as? String == "image/svg+xml")
        let (large, refused) = try await Self.fetch(server, "/api/emblem", method: "POST", body: Data(count: HTTPServer.maximumBody + 1))
        #expect(large == 413 && (refused["error"] as? String ?? "").contains("larger than 4 MiB"))
        server.stop()
    }

    @Test func addressesItCannotUse() throws {
        let server = try Self.echo()
        #expect(throws: HTTPServerError.self) { try HTTPServer(host: "127.0.0.1", port: server.port) { _ in .json([:]) } }
        do {
            _ = try HTTPServer(host: "127.0.0.1", port: server.port) { _ in .json([:]) }
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(server.port)") && error.description.contains("--port 0"))
        }
        do {
            _ = try HTTPServer(host: "localhost.example", port: 0) { _ in .json([:]) }
            Issue.record("a host name that is not an IPv4 address was accepted")
        } catch {
            #expect(error.description.contains("--host must be an IPv4 address") && error.description.contains("localhost.example"))
        }
    }

    /// The customizer behind the real server: the page and a model.
    @Test func theCustomizerOverHTTP() async throws {
        let store = PresetStore(path: CustomizerTests.scratch + "/http-\(UUID().uuidString)/presets.json")
        let customizer = Customizer(presets: store)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: customizer.handle)
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/api/model?item=solid&resolution=draft")!)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200 && http.value(forHTTPHeaderField: "Content-Type") == "model/gltf-binary")
        #expect(try CustomizerTests.glbJSON(data)["meshes"] != nil)
        server.stop()
    }

    /// Sends raw bytes to the server and returns what it answers (until it closes or 64 KiB), or
    /// closes at once without reading when `hangUp`.
    static func raw(_ port: UInt16, _ request: String, hangUp: Bool = false) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { return "" }
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        if hangUp { return "" }
        var answer = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
        while answer.count < 65536 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The customizer's server under abuse: paths that climb out, malformed requests, a client
    /// that hangs up mid-build, and 200 requests at once (builds among them). It answers every one,
    /// keeps running, and leaves no download folder behind.
    @Test func theCustomizerServerStandsAbuse() async throws {
        signal(SIGPIPE, SIG_IGN)
        let folder = CustomizerTests.scratch + "/abuse-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/scratch", withIntermediateDirectories: true)
        let customizer = Customizer(presets: PresetStore(path: folder + "/presets.json"), scratch: folder + "/scratch")
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: customizer.handle)
        for path in ["/../../etc/passwd", "/three/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/three/..%2fbuild%2fthree.min.js"] {
            let answer = Self.raw(server.port, "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 404") && !answer.contains("root:"), "\(path): \(answer.prefix(80))")
        }
        let malformed = Self.raw(server.port, "NONSENSE\r\n\r\n")
        #expect(malformed.isEmpty || malformed.hasPrefix("HTTP/1.1 400"), "\(malformed.prefix(80))")
        let badLength = Self.raw(server.port, "POST /api/emblem HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\nConnection: close\r\n\r\n")
        #expect(badLength.isEmpty || badLength.hasPrefix("HTTP/1.1 400"), "\(badLength.prefix(80))")
        // A client that asks for a zip of every mode and hangs up at once.
        _ = Self.raw(server.port, "GET /api/download?item=stash&format=zip&resolution=draft HTTP/1.1\r\nHost: x\r\n\r\n", hangUp: true)

        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 200
        configuration.timeoutIntervalForRequest = 600
        let session = URLSession(configuration: configuration)
        let base = "http://127.0.0.1:\(server.port)"
        let paths = (0..<200).map { i -> String in
            switch i % 10 {
            case 0, 1: return "/api/model?item=\(["solid", "stash", "planter", "phone-stand", "pen-holder"][i / 10 % 5])&resolution=draft"
            case 2: return "/api/params?item=solid"
            case 3: return "/api/model?item=solid&body.width=20"
            case 4: return "/"
            default: return "/api/items"
            }
        }
        let statuses = try await withThrowingTaskGroup(of: (String, Int).self) { group in
            for path in paths {
                group.addTask {
                    let (_, response) = try await session.data(from: URL(string: base + path)!)
                    return (path, (response as? HTTPURLResponse)?.statusCode ?? 0)
                }
            }
            var all = [(String, Int)]()
            for try await r in group { all.append(r) }
            return all
        }
        #expect(statuses.count == 200)
        for (path, status) in statuses { #expect(status == (path.contains("body.width=20") ? 422 : 200), "\(path)") }
        let (after, _) = try await Self.fetch(server, "/api/items")
        #expect(after == 200)
        server.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/scratch").isEmpty, "downloads left behind")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["scratch"], "nothing written beside the scratch folder but presets, and none were saved")
    }
}
