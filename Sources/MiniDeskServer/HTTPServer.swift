import CMicroHTTPD
import Foundation

/// One HTTP request as the handler sees it: the method, the path without its query, the decoded
/// query arguments in their order (a key may repeat), the headers and the body.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(key: String, value: String)]
    public var headers: [String: String]
    public var body: Data

    public init(method: String, path: String, query: [(key: String, value: String)] = [], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The last value of a query argument, if any.
    public func argument(_ key: String) -> String? { query.last { $0.key == key }?.value }
}

/// One HTTP response: a status, a content type, extra headers and the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var headers: [String: String]
    public var body: Data

    public init(status: Int = 200, contentType: String, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    /// A JSON response from any JSONSerialization-compatible value.
    public static func json(_ value: Any, status: Int = 200) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data("null".utf8)
        return HTTPResponse(status: status, contentType: "application/json", body: data)
    }

    /// An error as JSON, `{"error": message}`, with any extra fields.
    public static func error(_ status: Int, _ message: String, _ extra: [String: Any] = [:]) -> HTTPResponse {
        json(extra.merging(["error": message]) { a, _ in a }, status: status)
    }
}

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// An HTTP server on GNU libmicrohttpd: a thread per connection, each request handed whole (body
/// included, up to `maximumBody` bytes) to `handler`. Stops when released or on `stop()`.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The largest request body accepted (an uploaded SVG); larger ones get 413.
    public static let maximumBody = 4 << 20

    private let handler: Handler
    private var daemon: OpaquePointer?
    /// The port it listens on (the one chosen when 0 was asked for).
    public private(set) var port: UInt16 = 0

    /// Starts listening on `host` (an IPv4 address) and `port` (0 for any free port).
    public init(host: String, port: UInt16, handler: @escaping Handler) throws(HTTPServerError) {
        self.handler = handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let d = minidesk_mhd_start(host, port, accessHandler, context, completedHandler) else {
            if inet_addr(host) == INADDR_NONE && host != "255.255.255.255" {
                throw HTTPServerError(description: "--host must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, got `\(host)`")
            }
            throw HTTPServerError(description: "cannot listen on \(host):\(port) (the port is in use or needs privileges); choose another with --port, or --port 0 for any free one")
        }
        daemon = d
        self.port = minidesk_mhd_port(d)
    }

    /// Stops accepting connections and waits for the running ones.
    public func stop() {
        if let d = daemon { MHD_stop_daemon(d) }
        daemon = nil
    }

    deinit { stop() }

    /// What one connection gathers before its handler runs.
    final class Pending {
        var body = Data()
        var tooLarge = false
    }

    fileprivate func respond(_ connection: OpaquePointer, url: String, method: String, pending: Pending) -> MHD_Result {
        var query = [(key: String, value: String)]()
        var headers = [String: String]()
        withUnsafeMutablePointer(to: &query) { q in
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [(key: String, value: String)].self).pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, q)
        }
        withUnsafeMutablePointer(to: &headers) { h in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [String: String].self).pointee[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? ""
                return .YES
            }, h)
        }
        let response = pending.tooLarge
            ? HTTPResponse.error(413, "the request body is larger than \(Self.maximumBody >> 20) MiB")
            : handler(HTTPRequest(method: method, path: url, query: query, headers: headers, body: pending.body))
        let reply = response.body.withUnsafeBytes { bytes in
            // Mode 2 is MHD_RESPMEM_MUST_COPY: the library keeps its own copy of the bytes.
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode(rawValue: 2)!)
        }
        guard let reply else { return .NO }
        MHD_add_response_header(reply, "Content-Type", response.contentType)
        MHD_add_response_header(reply, "Cache-Control", "no-store")
        for (name, value) in response.headers { MHD_add_response_header(reply, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), reply)
        MHD_destroy_response(reply)
        return result
    }
}

/// libmicrohttpd calls this once for the headers, then for each piece of the body, then once more
/// with nothing left: that last call answers.
private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = state.pointee else {
        state.pointee = Unmanaged.passRetained(HTTPServer.Pending()).toOpaque()
        return .YES
    }
    let pending = Unmanaged<HTTPServer.Pending>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if pending.body.count + uploadSize.pointee > HTTPServer.maximumBody {
            pending.tooLarge = true
            pending.body = Data()
        } else if let uploadData, !pending.tooLarge {
            pending.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
        }
        uploadSize.pointee = 0
        return .YES
    }
    return server.respond(connection, url: String(cString: url), method: String(cString: method), pending: pending)
}

/// Releases what a connection gathered, however it ended.
private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let existing = state.pointee else { return }
    Unmanaged<HTTPServer.Pending>.fromOpaque(existing).release()
    state.pointee = nil
}
