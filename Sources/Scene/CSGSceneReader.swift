import Foundation
import Geometry

extension CSGScene {
    /// Reads a scene from JSON. Every error names its JSON path, the value and the rule.
    public static func read(_ data: Data) throws(JSONError) -> CSGScene {
        let doc = Field(try JSONValue.parse(data), "")
        guard case .object = doc.value else { throw doc.error("a scene must be a JSON object, got \(doc.value.kind)") }
        let top = try doc.object(allowed: ["resolution", "root"])
        var resolution = Resolution.normal
        if let r = top["resolution"] {
            let fields = try r.object(allowed: ["maxChordDeviation", "minSegments", "maxSegments"])
            resolution = Resolution(
                maxChordDeviation: try fields["maxChordDeviation"]?.number(above: 0) ?? resolution.maxChordDeviation,
                minSegments: try fields["minSegments"]?.integer(atLeast: 3) ?? resolution.minSegments,
                maxSegments: try fields["maxSegments"]?.integer(atLeast: 3) ?? resolution.maxSegments)
            do { try resolution.validate() } catch { throw r.error(error.description) }
        }
        guard let root = top["root"] else { throw doc.error("a scene needs a `root` node") }
        return CSGScene(resolution: resolution, root: try readNode(root, resolution))
    }

    static let shapeKeys: Set<String> = [
        "box", "cylinder", "sphere", "roundedBox", "extrude", "revolve", "polyhedron", "mesh", "union", "difference", "intersection",
    ]

    private static func readNode(_ node: Field, _ r: Resolution) throws(JSONError) -> CSGNode {
        let fields = try node.object(allowed: shapeKeys.union(["translate", "rotate", "scale", "tag"]))
        let shapes = fields.keys.filter { shapeKeys.contains($0) }.sorted()
        guard shapes.count == 1, let key = shapes.first, let body = fields[key] else {
            throw node.error(shapes.isEmpty
                ? "a node needs one shape key (\(shapeKeys.sorted().joined(separator: ", ")))"
                : "a node has exactly one shape key, found \(shapes.joined(separator: ", "))")
        }
        var transform = Transform.identity
        if let s = fields["scale"] {
            if case .number = s.value { let k = try s.number(above: 0); transform = .scale(Vector3(k, k, k)) }
            else { transform = .scale(try s.vector3(positive: true)) }
        }
        if let rot = fields["rotate"] { transform = Transform.rotation(degrees: try rot.vector3()) * transform }
        if let t = fields["translate"] { transform = Transform.translation(try t.vector3()) * transform }
        var tag: UInt32? = nil
        if let t = fields["tag"] { tag = UInt32(try t.integer(atLeast: 0, atMost: Int(UInt32.max))) }
        return CSGNode(try readKind(key, body, r), transform: transform, tag: tag, path: node.path.isEmpty ? "root" : node.path)
    }

    private static func readKind(_ key: String, _ body: Field, _ r: Resolution) throws(JSONError) -> CSGNode.Kind {
        switch key {
        case "union", "difference", "intersection":
            let items = try body.array()
            guard !items.isEmpty else { throw body.error("needs at least one node") }
            var nodes = [CSGNode]()
            for item in items { nodes.append(try readNode(item, r)) }
            return key == "union" ? .union(nodes) : key == "difference" ? .difference(nodes) : .intersection(nodes)
        case "box":
            let f = try body.object(allowed: ["size", "center"])
            return .box(size: try f.required("size", in: body).vector3(positive: true), centered: try f["center"]?.bool() ?? false)
        case "cylinder":
            let f = try body.object(allowed: ["radius", "height", "segments", "center"])
            return .cylinder(
                radius: try f.required("radius", in: body).number(above: 0), height: try f.required("height", in: body).number(above: 0),
                segments: try f["segments"]?.integer(atLeast: 3), centered: try f["center"]?.bool() ?? false)
        case "sphere":
            let f = try body.object(allowed: ["radius", "segments"])
            return .sphere(radius: try f.required("radius", in: body).number(above: 0), segments: try f["segments"]?.integer(atLeast: 3))
        case "roundedBox":
            let f = try body.object(allowed: ["size", "cornerRadius", "topFillet", "bottomFillet", "center"])
            return .roundedBox(
                size: try f.required("size", in: body).vector3(positive: true),
                cornerRadius: try f["cornerRadius"]?.number(atLeast: 0) ?? 0, topFillet: try f["topFillet"]?.number(atLeast: 0) ?? 0,
                bottomFillet: try f["bottomFillet"]?.number(atLeast: 0) ?? 0, centered: try f["center"]?.bool() ?? false)
        case "extrude":
            let f = try body.object(allowed: ["shape", "height", "topScale", "center"])
            var topScale = Vector2(1, 1)
            if let t = f["topScale"] {
                if case .number = t.value { let k = try t.number(above: 0); topScale = Vector2(k, k) } else { topScale = try t.vector2(positive: true) }
            }
            return .extrude(
                shape: try readShape(f.required("shape", in: body), r), height: try f.required("height", in: body).number(above: 0),
                topScale: topScale, centered: try f["center"]?.bool() ?? false)
        case "revolve":
            let f = try body.object(allowed: ["shape", "segments"])
            return .revolve(shape: try readShape(f.required("shape", in: body), r), segments: try f["segments"]?.integer(atLeast: 3))
        case "polyhedron":
            let f = try body.object(allowed: ["points", "faces"])
            var points = [Vector3]()
            for p in try f.required("points", in: body).array() { points.append(try p.vector3()) }
            var faces = [[Int]]()
            for face in try f.required("faces", in: body).array() {
                var ids = [Int]()
                for i in try face.array() { ids.append(try i.integer(atLeast: 0, atMost: max(points.count - 1, 0))) }
                faces.append(ids)
            }
            return .polyhedron(points: points, faces: faces)
        default:  // mesh
            let f = try body.object(allowed: ["file"])
            return .mesh(file: try f.required("file", in: body).string())
        }
    }

    private static func readShape(_ node: Field, _ r: Resolution) throws(JSONError) -> Shape {
        let kinds: Set<String> = ["rect", "roundedRect", "circle", "polygon", "svg"]
        let fields = try node.object(allowed: kinds)
        guard fields.count == 1, let (key, body) = fields.first else {
            throw node.error("a 2D shape has exactly one key (\(kinds.sorted().joined(separator: ", ")))")
        }
        do {
            switch key {
            case "rect":
                let f = try body.object(allowed: ["size", "center"])
                let s = try f.required("size", in: body).vector2(positive: true)
                let centered = try f["center"]?.bool() ?? false
                return try Shape.rectangle(width: s.x, height: s.y, center: centered ? .zero : s / 2)
            case "roundedRect":
                let f = try body.object(allowed: ["size", "radius", "center"])
                let s = try f.required("size", in: body).vector2(positive: true)
                let centered = try f["center"]?.bool() ?? false
                return try Shape.roundedRectangle(
                    width: s.x, height: s.y, cornerRadius: try f.required("radius", in: body).number(atLeast: 0),
                    center: centered ? .zero : s / 2, resolution: r)
            case "circle":
                let f = try body.object(allowed: ["radius", "segments"])
                return try Shape.circle(
                    radius: try f.required("radius", in: body).number(above: 0), segments: try f["segments"]?.integer(atLeast: 3), resolution: r)
            case "polygon":
                let f = try body.object(allowed: ["points", "holes"])
                func points(_ list: Field) throws(JSONError) -> [Vector2] {
                    var pts = [Vector2]()
                    for p in try list.array() { pts.append(try p.vector2()) }
                    return pts
                }
                var contours = [Contour(try points(f.required("points", in: body)))]
                for h in try f["holes"]?.array() ?? [] { contours.append(Contour(try points(h)).clockwise) }
                contours[0] = contours[0].counterClockwise
                return try Shape(contours: contours)
            default:  // svg
                let f = try body.object(allowed: ["path", "fillRule"])
                var rule = FillRule.nonZero
                if let v = f["fillRule"] {
                    let s = try v.string()
                    guard let r = FillRule(rawValue: s) else { throw v.error("must be nonzero or evenodd, got \"\(s)\"") }
                    rule = r
                }
                let path = try f.required("path", in: body)
                do {
                    return try Shape(contours: SVGPath.contours(try path.string(), resolution: r), fillRule: rule)
                } catch let e as SVGPathError {
                    throw path.error(e.description)
                }
            }
        } catch let e as JSONError {
            throw e
        } catch {
            throw body.error("\(error)")
        }
    }
}

/// A value in the document and its JSON path, with typed accessors whose errors name both.
struct Field {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, _ path: String) {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> JSONError { JSONError(path: path, message: message) }

    func object(allowed: Set<String>) throws(JSONError) -> [String: Field] {
        guard case .object(let o) = value else { throw error("must be an object, got \(value.kind)") }
        var fields = [String: Field]()
        for (k, v) in o {
            guard allowed.contains(k) else {
                let hint = closest(to: k, in: allowed).map { ", did you mean `\($0)`?" } ?? " (allowed: \(allowed.sorted().joined(separator: ", ")))"
                throw error("unknown key `\(k)`\(hint)")
            }
            fields[k] = Field(v, path.isEmpty ? k : "\(path).\(k)")
        }
        return fields
    }

    func array() throws(JSONError) -> [Field] {
        guard case .array(let a) = value else { throw error("must be an array, got \(value.kind)") }
        return a.enumerated().map { Field($0.element, "\(path)[\($0.offset)]") }
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
