import Foundation

/// A JSON document as a value, decoded strictly: `true` is a boolean, never the number 1.
public enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Parses `data`; the error names the problem (and where Foundation reports it).
    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw JSONError(path: "", message: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
        } catch {
            throw JSONError(path: "", message: "not valid JSON: \(error)")
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
