import Geometry
import Support

/// A value in the document and its JSON path, with typed accessors whose errors name both. The
/// path is spelled out only for a message: a field knows its container and its key or index, and
/// the items of one container share it (a scene's polyhedron has hundreds of thousands of numbers).
struct Field {
    let value: JSONValue
    private let container: Container?
    private let step: Step

    /// The field an item belongs to, shared by all its items.
    private final class Container {
        let field: Field
        init(_ field: Field) { self.field = field }
    }

    private enum Step {
        case root(String)
        case key(String)
        case index(Int)
    }

    /// The document's top, under the path `path` (empty for the document itself).
    init(_ value: JSONValue, _ path: String) {
        self.init(value, in: nil, step: .root(path))
    }

    private init(_ value: JSONValue, in container: Container?, step: Step) {
        self.value = value
        self.container = container
        self.step = step
    }

    /// The JSON path, as `root.difference[2].size`.
    var path: String {
        let above = container?.field.path ?? ""
        switch step {
        case .root(let path): return path
        case .key(let k): return above.isEmpty ? k : "\(above).\(k)"
        case .index(let i): return "\(above)[\(i)]"
        }
    }

    func error(_ message: String) -> JSONError { JSONError(path: path, message: message) }

    func object(allowed: Set<String>) throws(JSONError) -> [String: Field] {
        guard case .object(let o) = value else { throw error("must be an object, got \(value.kind)") }
        let me = Container(self)
        var fields = [String: Field]()
        for (k, v) in o {
            guard allowed.contains(k) else {
                let hint = closest(to: k, in: allowed).map { ", did you mean `\($0)`?" } ?? " (allowed: \(allowed.sorted().joined(separator: ", ")))"
                throw error("unknown key `\(k)`\(hint)")
            }
            fields[k] = Field(v, in: me, step: .key(k))
        }
        return fields
    }

    func array() throws(JSONError) -> [Field] {
        guard case .array(let a) = value else { throw error("must be an array, got \(value.kind)") }
        let me = Container(self)
        return a.indices.map { Field(a[$0], in: me, step: .index($0)) }
    }

    func number() throws(JSONError) -> Double {
        guard case .number(let n) = value else { throw error("must be a number, got \(value.kind)") }
        guard n.isFinite else { throw error("must be finite, got \(n)") }
        return n
    }

    func number(above limit: Double) throws(JSONError) -> Double {
        let n = try number()
        guard n > limit else { throw error("must be > \(format(limit)), got \(format(n))") }
        return n
    }

    func number(atLeast limit: Double) throws(JSONError) -> Double {
        let n = try number()
        guard n >= limit else { throw error("must be >= \(format(limit)), got \(format(n))") }
        return n
    }

    func integer(atLeast lo: Int, atMost hi: Int = 1_000_000) throws(JSONError) -> Int {
        let n = try number()
        guard n == n.rounded() else { throw error("must be a whole number, got \(format(n))") }
        guard n >= Double(lo), n <= Double(hi) else { throw error("must be from \(lo) to \(hi), got \(format(n))") }
        return Int(n)
    }

    func bool() throws(JSONError) -> Bool {
        guard case .bool(let b) = value else { throw error("must be true or false, got \(value.kind)") }
        return b
    }

    func string() throws(JSONError) -> String {
        guard case .string(let s) = value else { throw error("must be a string, got \(value.kind)") }
        return s
    }

    func vector3(positive: Bool = false) throws(JSONError) -> Vector3 {
        let a = try array()
        guard a.count == 3 else { throw error("must be an array of 3 numbers, got \(a.count) items") }
        let v = positive ? [try a[0].number(above: 0), try a[1].number(above: 0), try a[2].number(above: 0)]
            : [try a[0].number(), try a[1].number(), try a[2].number()]
        return Vector3(v[0], v[1], v[2])
    }

    func vector2(positive: Bool = false) throws(JSONError) -> Vector2 {
        let a = try array()
        guard a.count == 2 else { throw error("must be an array of 2 numbers, got \(a.count) items") }
        return positive ? Vector2(try a[0].number(above: 0), try a[1].number(above: 0)) : Vector2(try a[0].number(), try a[1].number())
    }

    /// An affine map as three rows of four numbers: the linear part's row and the translation.
    func matrix() throws(JSONError) -> Transform {
        let rows = try array()
        guard rows.count == 3 else { throw error("must be 3 rows of 4 numbers, got \(rows.count) rows") }
        var r = [[Double]]()
        for row in rows {
            let a = try row.array()
            guard a.count == 4 else { throw row.error("must be a row of 4 numbers, got \(a.count) items") }
            r.append([try a[0].number(), try a[1].number(), try a[2].number(), try a[3].number()])
        }
        let t = Transform(
            row0: Vector3(r[0][0], r[0][1], r[0][2]), row1: Vector3(r[1][0], r[1][1], r[1][2]), row2: Vector3(r[2][0], r[2][1], r[2][2]),
            translation: Vector3(r[0][3], r[1][3], r[2][3]))
        guard t.determinant.isNormal else { throw error("must be invertible (its determinant is \(t.determinant))") }
        return t
    }

    private func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}

extension Dictionary where Key == String, Value == Field {
    func required(_ key: String, in parent: Field) throws(JSONError) -> Field {
        guard let f = self[key] else { throw parent.error("missing `\(key)`") }
        return f
    }
}
