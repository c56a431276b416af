import Geometry
import Support

/// A parameter's value: a number (lengths in mm, angles in degrees, counts), a switch, or text
/// (choices, `#RRGGBB` colours, paths).
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case text(String)

    public var description: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): return String(b)
        case .text(let s): return "\"\(s)\""
        }
    }

    /// The value in a JSON document (parameter files, presets).
    public var jsonValue: JSONValue {
        switch self {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .text(let s): return .string(s)
        }
    }

    /// The value as Foundation's JSONSerialization takes it.
    public var plain: Any { jsonValue.plain }
}
