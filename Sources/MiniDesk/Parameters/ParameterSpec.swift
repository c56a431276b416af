import Foundation

/// The kind of a parameter, which decides how its values are read and checked.
public enum ParameterKind: String, Sendable, CaseIterable {
    /// Millimetres; `--set` accepts `80` or `80mm`.
    case length
    /// Degrees; `--set` accepts `70`, `70deg` or `70°`.
    case angle
    /// A whole number.
    case count
    /// A plain factor without a unit, such as a scale.
    case number
    case bool
    /// One of a fixed list of words.
    case choice
    /// `#RRGGBB`.
    case color
    case text

    /// The unit shown with values, if any.
    public var unit: String {
        switch self {
        case .length: return "mm"
        case .angle: return "deg"
        default: return ""
        }
    }

    var isNumeric: Bool { [.length, .angle, .count, .number].contains(self) }
}

/// One parameter, described once as data: its dotted name, kind, default, allowed range or choices,
/// and a one-line description.
public struct ParameterSpec: Sendable {
    public var name: String
    public var kind: ParameterKind
    public var defaultValue: ParameterValue
    public var min: Double?
    public var max: Double?
    public var choices: [String] = []
    public var summary: String

    public static func length(_ name: String, _ value: Double, _ range: ClosedRange<Double>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .length, defaultValue: .number(value), min: range.lowerBound, max: range.upperBound, summary: summary)
    }

    public static func number(_ name: String, _ value: Double, _ range: ClosedRange<Double>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .number, defaultValue: .number(value), min: range.lowerBound, max: range.upperBound, summary: summary)
    }

    public static func angle(_ name: String, _ value: Double, _ range: ClosedRange<Double>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .angle, defaultValue: .number(value), min: range.lowerBound, max: range.upperBound, summary: summary)
    }

    public static func count(_ name: String, _ value: Int, _ range: ClosedRange<Int>, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .count, defaultValue: .number(Double(value)), min: Double(range.lowerBound), max: Double(range.upperBound), summary: summary)
    }

    public static func bool(_ name: String, _ value: Bool, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .bool, defaultValue: .bool(value), min: nil, max: nil, summary: summary)
    }

    public static func choice(_ name: String, _ value: String, _ choices: [String], _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .choice, defaultValue: .text(value), min: nil, max: nil, choices: choices, summary: summary)
    }

    public static func text(_ name: String, _ value: String, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .text, defaultValue: .text(value), min: nil, max: nil, summary: summary)
    }

    public static func color(_ name: String, _ value: String, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .color, defaultValue: .text(value), min: nil, max: nil, summary: summary)
    }

    /// The allowed values as text, for messages and listings: `1 to 300 mm`.
    public var rangeText: String {
        switch kind {
        case .bool: return "true or false"
        case .choice: return "one of " + choices.joined(separator: ", ")
        case .color: return "a colour #RRGGBB"
        case .text: return "any text"
        default:
            let fmt = { (v: Double) in ParameterValue.number(v).description }
            return "\(fmt(min ?? -.infinity)) to \(fmt(max ?? .infinity))" + (kind.unit.isEmpty ? "" : " \(kind.unit)")
        }
    }

    /// Why `value` is not allowed, or nil when it is.
    func problem(with value: ParameterValue) -> String? {
        switch (kind, value) {
        case (_, .number(let n)) where kind.isNumeric:
            guard n.isFinite else { return "must be a finite number, got \(n)" }
            if kind == .count, n != n.rounded() { return "must be a whole number, got \(value)" }
            if let lo = min, n < lo { return "must be \(rangeText), got \(value)" }
            if let hi = max, n > hi { return "must be \(rangeText), got \(value)" }
            return nil
        case (.bool, .bool): return nil
        case (.choice, .text(let s)): return choices.contains(s) ? nil : "must be \(rangeText), got \(value)"
        case (.color, .text(let s)):
            return s.count == 7 && s.hasPrefix("#") && UInt32(s.dropFirst(), radix: 16) != nil ? nil : "must be \(rangeText), got \(value)"
        case (.text, .text): return nil
        default: return "must be \(rangeText), got \(value)"
        }
    }

    /// Reads a `--set` value by this parameter's kind, allowing units where natural (`80mm`, `70deg`).
    public func parse(_ text: String) -> ParameterValue? {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .length, .angle, .count, .number:
            var number = t
            for suffix in kind == .length ? ["mm"] : kind == .angle ? ["deg", "°"] : [] where number.hasSuffix(suffix) {
                number = String(number.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            }
            return Double(number).map { .number($0) }
        case .bool:
            switch t.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: return nil
            }
        case .choice, .color, .text:
            return .text(t)
        }
    }
}
