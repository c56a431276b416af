import Foundation
import Geometry
import Support

extension CSGScene {
    /// Reads a scene from JSON: a `root` solid, or `parts`. `loadMesh` reads the file of each `mesh`
    /// node (a relative path as written). Every error names its JSON path, the value and the rule.
    public static func read(_ data: Data, loadMesh: @escaping (String) throws(GeometryError) -> Mesh = { _ throws(GeometryError) in
        throw .invalidMesh("this scene cannot read mesh files")
    }) throws(JSONError) -> CSGScene {
        let doc = Field(try JSONValue.parse(data), "")
        guard case .object = doc.value else { throw doc.error("a scene must be a JSON object, got \(doc.value.kind)") }
        let top = try doc.object(allowed: ["resolution", "root", "parts", "source"])
        var resolution = Resolution.normal
        if let r = top["resolution"] {
            let fields = try r.object(allowed: ["maxChordDeviation", "minSegments", "maxSegments"])
            resolution = Resolution(
                maxChordDeviation: try fields["maxChordDeviation"]?.number(above: 0) ?? resolution.maxChordDeviation,
                minSegments: try fields["minSegments"]?.integer(atLeast: 3) ?? resolution.minSegments,
                maxSegments: try fields["maxSegments"]?.integer(atLeast: 3) ?? resolution.maxSegments)
            do { try resolution.validate() } catch { throw r.error(error.description) }
        }
        var reader = NodeReader(resolution: resolution, loadMesh: loadMesh)
        switch (top["root"], top["parts"]) {
        case (let root?, nil):
            return CSGScene(resolution: resolution, parts: [Part(solid: try reader.node(root))], source: top["source"]?.value)
        case (nil, let list?):
            var parts = [Part]()
            var names = Set<String>()
            for item in try list.array() {
                let f = try item.object(allowed: ["name", "color", "piece", "layout", "root"])
                let nameField = try f.required("name", in: item)
                let name = try nameField.string()
                guard !name.isEmpty, names.insert(name).inserted else {
                    throw nameField.error(name.isEmpty ? "a part needs a name" : "names a second part `\(name)`; part names must differ")
                }
                var color: String? = nil
                if let c = f["color"] {
                    color = try c.string()
                    guard color!.count == 7, color!.hasPrefix("#"), UInt32(color!.dropFirst(), radix: 16) != nil else {
                        throw c.error("must be a colour as #RRGGBB, got \"\(color!)\"")
                    }
                }
                parts.append(Part(
                    name: name, color: color, piece: try f["piece"]?.string(), layout: try f["layout"]?.matrix(),
                    solid: try reader.node(f.required("root", in: item))))
            }
            guard !parts.isEmpty else { throw list.error("needs at least one part") }
            return CSGScene(resolution: resolution, parts: parts, source: top["source"]?.value)
        case (nil, nil): throw doc.error("a scene needs a `root` node or `parts`")
        case (_?, _?): throw doc.error("a scene has a `root` node or `parts`, not both")
        }
    }

    static let shapeKeys: Set<String> = [
        "box", "cylinder", "sphere", "roundedBox", "roundedShell", "roundedSolid", "extrude", "revolve", "polyhedron", "mesh",
        "union", "difference", "intersection", "group",
    ]
    static let placementKeys: Set<String> = ["translate", "rotate", "scale", "matrix", "tag"]
}

/// Turns JSON nodes into solids, reading each mesh file once.
private struct NodeReader {
    let resolution: Resolution
    let loadMesh: (String) throws(GeometryError) -> Mesh
    var meshes = [String: Mesh]()

    mutating func node(_ node: Field) throws(JSONError) -> Solid {
        let fields = try node.object(allowed: CSGScene.shapeKeys.union(CSGScene.placementKeys))
        let shapes = fields.keys.filter { CSGScene.shapeKeys.contains($0) }.sorted()
        guard shapes.count == 1, let key = shapes.first, let body = fields[key] else {
            throw node.error(shapes.isEmpty
                ? "a node needs one shape key (\(CSGScene.shapeKeys.sorted().joined(separator: ", ")))"
                : "a node has exactly one shape key, found \(shapes.joined(separator: ", "))")
        }
        var transform = Transform.identity
        if let m = fields["matrix"] {
            guard fields["scale"] == nil, fields["rotate"] == nil, fields["translate"] == nil else {
                throw m.error("a node takes `matrix` or `scale`, `rotate` and `translate`, not both")
            }
            transform = try m.matrix()
        }
        if let s = fields["scale"] {
            if case .number = s.value { let k = try s.number(above: 0); transform = .scale(Vector3(k, k, k)) }
            else { transform = .scale(try s.vector3(positive: true)) }
        }
        if let rot = fields["rotate"] { transform = Transform.rotation(degrees: try rot.vector3()) * transform }
        if let t = fields["translate"] { transform = Transform.translation(try t.vector3()) * transform }
        var solid = try kind(key, body)
        if transform != .identity {
            // A group of one only carries a placement (the writer's way to place a placed node).
            if key == "group", case .group(let only) = solid, only.count == 1 { solid = only[0] }
            solid = solid.transformed(by: transform)
        }
        if let t = fields["tag"] {
            if key == "group", transform == .identity, case .group(let only) = solid, only.count == 1 { solid = only[0] }
            solid = solid.tagged(UInt32(try t.integer(atLeast: 0, atMost: Int(UInt32.max))))
        }
        return solid
    }

    mutating func nodes(_ body: Field) throws(JSONError) -> [Solid] {
        let items = try body.array()
        guard !items.isEmpty else { throw body.error("needs at least one node") }
        var nodes = [Solid]()
        for item in items { nodes.append(try node(item)) }
        return nodes
    }

    mutating func kind(_ key: String, _ body: Field) throws(JSONError) -> Solid {
        let r = resolution
        switch key {
        case "union": return .union(try nodes(body))
        case "intersection": return .intersection(try nodes(body))
        case "group":
            guard case .array(let a) = body.value, a.isEmpty else { return .group(try nodes(body)) }
            return .empty
        case "difference":
            let all = try nodes(body)
            return .difference(all[0], Array(all.dropFirst()))
        case "box":
            let f = try body.object(allowed: ["size", "center"])
            let size = try f.required("size", in: body).vector3(positive: true)
            guard let c = f["center"] else { return .box(size: size, center: size / 2) }
            if case .array = c.value { return .box(size: size, center: try c.vector3()) }
            return .box(size: size, center: try c.bool() ? .zero : size / 2)
        case "cylinder":
            let f = try body.object(allowed: ["radius", "height", "segments", "center"])
            return .cylinder(
                radius: try f.required("radius", in: body).number(above: 0), height: try f.required("height", in: body).number(above: 0),
                segments: try f["segments"]?.integer(atLeast: 3), centered: try f["center"]?.bool() ?? false)
        case "sphere":
            let f = try body.object(allowed: ["radius", "segments"])
            return .sphere(radius: try f.required("radius", in: body).number(above: 0), segments: try f["segments"]?.integer(atLeast: 3))
        case "roundedBox":
            let f = try body.object(allowed: ["size", "cornerRadius", "topFillet", "bottomFillet", "top", "bottom", "center"])
            let size = try f.required("size", in: body).vector3(positive: true)
            let box = Solid.roundedBox(
                width: size.x, depth: size.y, height: size.z, cornerRadius: try f["cornerRadius"]?.number(atLeast: 0) ?? 0,
                top: try edge(f, "top", in: body), bottom: try edge(f, "bottom", in: body))
            return try f["center"]?.bool() == true ? box.translated(by: Vector3(0, 0, -size.z / 2)) : box
        case "roundedShell":
            let f = try body.object(allowed: ["size", "cornerRadius", "topFillet", "bottomFillet", "top", "bottom", "wall", "ceiling"])
            let size = try f.required("size", in: body).vector3(positive: true)
            return .roundedShell(
                width: size.x, depth: size.y, height: size.z, cornerRadius: try f["cornerRadius"]?.number(atLeast: 0) ?? 0,
                top: try edge(f, "top", in: body), bottom: try edge(f, "bottom", in: body),
                wall: try f.required("wall", in: body).number(above: 0), ceiling: try f.required("ceiling", in: body).number(above: 0))
        case "roundedSolid":
            let f = try body.object(allowed: ["size", "cornerRadius", "profile"])
            let size = try f.required("size", in: body).vector2(positive: true)
            var profile = [Vector2]()
            for s in try f.required("profile", in: body).array() { profile.append(try s.vector2()) }
            return .roundedSolid(width: size.x, depth: size.y, cornerRadius: try f["cornerRadius"]?.number(atLeast: 0) ?? 0, profile: profile)
        case "extrude":
            let f = try body.object(allowed: ["shape", "height", "from", "to", "topScale", "center"])
            var topScale = Vector2(1, 1)
            if let t = f["topScale"] {
                if case .number = t.value { let k = try t.number(above: 0); topScale = Vector2(k, k) } else { topScale = try t.vector2(positive: true) }
            }
            let shape = try readShape(f.required("shape", in: body), r)
            if let h = f["height"] {
                guard f["from"] == nil, f["to"] == nil else { throw h.error("an extrusion takes `height` or `from` and `to`, not both") }
                let height = try h.number(above: 0)
                let solid = Solid.extrusion(shape, from: 0, to: height, topScale: topScale)
                return try f["center"]?.bool() == true ? solid.translated(by: Vector3(0, 0, -height / 2)) : solid
            }
            let bottom = try f.required("from", in: body).number(), top = try f.required("to", in: body)
            let z = try top.number()
            guard z > bottom else { throw top.error("must be above `from` (\(bottom)), got \(z)") }
            if let c = f["center"] { throw c.error("`center` goes with `height`, not with `from` and `to`") }
            return .extrusion(shape, from: bottom, to: z, topScale: topScale)
        case "revolve":
            let f = try body.object(allowed: ["shape", "segments"])
            return .revolution(try readShape(f.required("shape", in: body), r), segments: try f["segments"]?.integer(atLeast: 3))
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
            do { return .mesh(try Mesh.polyhedron(points: points, faces: faces)) } catch { throw body.error(error.description) }
        default:  // mesh
            let f = try body.object(allowed: ["file"])
            let field = try f.required("file", in: body)
            let file = try field.string()
            if let mesh = meshes[file] { return .mesh(mesh) }
            do {
                let mesh = try loadMesh(file)
                meshes[file] = mesh
                return .mesh(mesh)
            } catch {
                throw field.error(error.description)
            }
        }
    }

    /// A rounded body's edge: `topFillet` (a quarter round), or `top` as {"fillet": r} or
    /// {"printable": {"radius", "slope" (radians off the horizontal), "inset"}}; likewise bottom.
    private func edge(_ f: [String: Field], _ side: String, in body: Field) throws(JSONError) -> BoxEdge {
        let fillet = f[side + "Fillet"], shaped = f[side]
        if let fillet, shaped != nil { throw fillet.error("give `\(side)Fillet` or `\(side)`, not both") }
        if let fillet { return .fillet(try fillet.number(atLeast: 0)) }
        guard let shaped else { return .fillet(0) }
        let e = try shaped.object(allowed: ["fillet", "printable"])
        guard e.count == 1, let (kind, value) = e.first else { throw shaped.error("an edge has one key, `fillet` or `printable`") }
        if kind == "fillet" { return .fillet(try value.number(atLeast: 0)) }
        let p = try value.object(allowed: ["radius", "slope", "inset"])
        let slope = try p.required("slope", in: value)
        let radians = try slope.number(above: 0)
        guard radians < Double.pi / 2 else { throw slope.error("must be less than π/2 (radians off the horizontal), got \(radians)") }
        return .printable(radius: try p["radius"]?.number(atLeast: 0) ?? 0, slope: radians, inset: try p["inset"]?.number(atLeast: 0) ?? 0)
    }

    private func readShape(_ node: Field, _ r: Resolution) throws(JSONError) -> Shape {
        let kinds: Set<String> = ["rect", "roundedRect", "circle", "polygon", "polygons", "svg"]
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
            case "polygons":
                // Regions exactly as written (the scene writer's form): kept in order, each outline
                // counter-clockwise and each hole clockwise.
                var polygons = [Polygon]()
                for item in try body.array() {
                    let f = try item.object(allowed: ["outer", "holes"])
                    let outer = try contour(f.required("outer", in: item), counterClockwise: true)
                    var holes = [Contour]()
                    for h in try f["holes"]?.array() ?? [] { holes.append(try contour(h, counterClockwise: false)) }
                    polygons.append(Polygon(outer: outer, holes: holes))
                }
                return Shape(polygons: polygons)
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

    /// A loop of at least three points, wound as asked.
    private func contour(_ list: Field, counterClockwise: Bool) throws(JSONError) -> Contour {
        var points = [Vector2]()
        for p in try list.array() { points.append(try p.vector2()) }
        let c = Contour(points)
        guard c.points.count >= 3 else { throw list.error("a contour needs at least 3 distinct points, got \(c.points.count)") }
        guard c.signedArea != 0, c.isCounterClockwise == counterClockwise else {
            throw list.error(counterClockwise ? "an outline must run counter-clockwise" : "a hole must run clockwise")
        }
        return c
    }
}
