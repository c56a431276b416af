extension JSONValue {
    /// The value as JSON text that reads back as the same value: keys sorted, two-space indents,
    /// arrays of numbers (and arrays of those) on one line, every number in the shortest form that
    /// reads back as the same `Double` (whole numbers without a fraction, -0 kept). Non-finite
    /// numbers have no JSON form; they are written as `null`.
    public var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private var isInline: Bool {
        switch self {
        case .null, .bool, .number, .string: return true
        case .array(let a): return a.allSatisfy { if case .number = $0 { return true }; if case .array = $0 { return $0.isInline }; return false }
        case .object(let o): return o.isEmpty
        }
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSONValue.number(n)
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            if isInline {
                out += "["
                for (i, v) in a.enumerated() {
                    if i > 0 { out += ", " }
                    v.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (i, v) in a.enumerated() {
                out += inner
                v.write(into: &out, indent: inner)
                out += i == a.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            let inner = indent + "  "
            out += "{\n"
            for (i, key) in o.keys.sorted().enumerated() {
                out += inner + JSONValue.quoted(key) + ": "
                o[key]!.write(into: &out, indent: inner)
                out += i == o.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    private static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return n == 0 && n.sign == .minus ? "-0" : String(Int(n)) }
        return "\(n)"
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
