import Foundation
import Geometry
import Support

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
    /// Whether `scale` sizes this length. Clearances, the nozzle and the sizes of things from outside
    /// (a phone, a cable) keep their millimetres at any scale.
    public var scales: Bool = true

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

    public static func color(_ name: String, _ value: Color, _ summary: String) -> ParameterSpec {
        ParameterSpec(name: name, kind: .color, defaultValue: .text(value.hex), min: nil, max: nil, summary: summary)
    }

    /// This length, kept in absolute millimetres at any `scale`.
    public func absolute() -> ParameterSpec {
        var s = self
        s.scales = false
        return s
    }

    /// The allowed values as text, for messages and listings: `1 to 300 mm`.
    public var rangeText: String { rangeText(min: min, max: max) }

    /// Values between `min` and `max` as text, for this parameter's kind and unit.
    public func rangeText(min: Double?, max: Double?) -> String {
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
        case (.choice, .text(let s)):
            return choices.contains(s) ? nil : "must be \(rangeText), got \(value)" + (closest(to: s, in: Set(choices)).map { ", did you mean `\($0)`?" } ?? "")
        case (.color, .text(let s)):
            return s.count == 7 && s.hasPrefix("#") && UInt32(s.dropFirst(), radix: 16) != nil ? nil : "must be \(rangeText), got \(value)"
        case (.text, .text): return nil
        default: return "must be \(rangeText), got \(value)"
        }
    }

    /// Reads a `--set` value by this parameter's kind, allowing units where natural (`80mm`, `70deg`);
    /// choices match in any letter case. Nil if it cannot be read (`unreadable(_:)` says why).
    public func parse(_ text: String) -> ParameterValue? {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .length, .angle, .count, .number:
            let (number, unit) = Self.split(t)
            guard unit.isEmpty || units.contains(unit.lowercased()) else { return nil }
            return Double(number).map { .number($0) }
        case .bool:
            switch t.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: return nil
            }
        case .choice:
            return .text(choices.first { $0.lowercased() == t.lowercased() } ?? t)
        case .color, .text:
            return .text(t)
        }
    }

    /// Why `text` cannot be read for this parameter, in words: an unknown unit, not a number, not
    /// a switch.
    public func unreadable(_ text: String) -> String {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .length, .angle, .count, .number:
            let (number, unit) = Self.split(t)
            let allowed = units.isEmpty ? "no unit" : units.map { "`\($0)`" }.joined(separator: " or ") + " or none"
            guard let n = Double(number) else { return "`\(t)` is not a number; \(kindName) from \(rangeText) is needed" }
            // A unit we know but do not take: the value converted, as the fix.
            let factors: [String: Double] = kind == .length ? ["cm": 10, "m": 1000, "in": 25.4, "inch": 25.4, "\"": 25.4]
                : kind == .angle ? ["rad": 180 / Double.pi, "turn": 360] : [:]
            let fix = factors[unit.lowercased()].map { "\(t) is \(ParameterValue.number(n * $0).description)\(units.first ?? "")" }
                ?? "such as \(number)\(units.first ?? "")"
            return "unknown unit `\(unit)` for \(kindName); use \(allowed) (\(fix))"
        case .bool: return "`\(t)` is not a switch; use true or false (yes/no, on/off, 1/0)"
        default: return "must be \(rangeText), got \"\(t)\""
        }
    }

    /// The units a number of this kind may carry.
    private var units: [String] { kind == .length ? ["mm"] : kind == .angle ? ["deg", "°"] : [] }

    private var kindName: String {
        switch kind {
        case .length: "a length"
        case .angle: "an angle"
        case .count: "a count"
        default: "a number"
        }
    }

    /// A number and the unit after it (the trailing letters): `80mm` is ("80", "mm"), `-5e-3mm` is
    /// ("-5e-3", "mm"), and `1e3` stays whole.
    private static func split(_ t: String) -> (number: String, unit: String) {
        if Double(t) != nil { return (t, "") }
        var k = t.endIndex
        while k > t.startIndex, let c = t[t.index(before: k)...].first, c.isLetter || c == "°" || c == "\"" { k = t.index(before: k) }
        return (String(t[..<k]).trimmingCharacters(in: .whitespaces), String(t[k...]))
    }
}
