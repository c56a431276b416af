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
}
