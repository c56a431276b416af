import Foundation

/// A JSON document as a value, decoded strictly: `true` is a boolean, never the number 1.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `data` (RFC 8259; a leading UTF-8 byte-order mark is skipped). The error says what was
    /// expected and at which byte.
    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        let bytes = [UInt8](data)
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == bytes.count else { throw reader.fail("unexpected text after the document") }
        return value
    }

    /// The value as Foundation's JSONSerialization takes it: Double, Bool, String, arrays,
    /// dictionaries and NSNull.
    public var plain: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let a): return a.map(\.plain)
        case .object(let o): return o.mapValues(\.plain)
        }
    }

    /// A short name of the kind of value, for messages.
    public var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
    let bytes: [UInt8]
    var i = 0
    static let maxDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ message: String) -> JSONError {
        JSONError(path: "", message: "not valid JSON at byte \(i): \(message)")
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nested more than \(Self.maxDepth) levels deep") }
        skipSpace()
        guard i < bytes.count else { throw fail("expected a value, found the end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var object = [String: JSONValue]()
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                object[key] = try value(depth: depth + 1)
                skipSpace()
                guard i < bytes.count else { throw fail("expected ',' or '}', found the end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var array = [JSONValue]()
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(array) }
            while true {
                array.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("expected ',' or ']', found the end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(array) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: String, _ v: JSONValue) throws(JSONError) -> JSONValue {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("expected a value") }
        i += w.count
        return v
    }

    mutating func number() throws(JSONError) -> Double {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { i = start; throw fail("expected a value") }
        if bytes[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        // Out-of-range numbers read as infinity; the readers above reject non-finite values.
        return Double(String(decoding: bytes[start..<i], as: UTF8.self)) ?? .nan
    }

    mutating func string() throws(JSONError) -> String {
        i += 1  // the opening quote
        var out = [UInt8]()
        while true {
            guard i < bytes.count else { throw fail("a string is not closed") }
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { break }
            if c < 0x20 { throw fail("a control character inside a string") }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard i < bytes.count else { throw fail("a string is not closed") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("an invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("an invalid \\u escape") }
                out += Array(String(Character(scalar)).utf8)
            default: throw fail("an invalid escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("expected four hex digits after \\u")
        }
        i += 4
        return v
    }
}

/// A problem at a place in a JSON document: `root.difference[2].cylinder.radius: must be > 0, got -1`.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path, such as `root.union[0].box.size`.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
