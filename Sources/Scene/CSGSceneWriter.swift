import Foundation
import Geometry
import Support

extension CSGScene {
    /// The scene as JSON that `read` turns back into the same scene, and so into the same meshes,
    /// bit for bit (`docs/csg-scene.md`).
    public var json: JSONValue { CSGSceneWriter.document(self) }

    /// `json` as UTF-8 text.
    public var data: Data { Data(json.text.utf8) }
}

/// Lays a scene out as JSON: the inverse of the reader.
enum CSGSceneWriter {
    static func document(_ scene: CSGScene) -> JSONValue {
        let r = scene.resolution
        var top: [String: JSONValue] = [
            "resolution": .object([
                "maxChordDeviation": .number(r.maxChordDeviation), "minSegments": .number(Double(r.minSegments)),
                "maxSegments": .number(Double(r.maxSegments)),
            ])
        ]
        if let source = scene.source { top["source"] = source }
        if scene.isSingleSolid {
            top["root"] = .object(node(scene.parts[0].solid))
        } else {
            top["parts"] = .array(scene.parts.map { part in
                var entry: [String: JSONValue] = ["root": .object(node(part.solid))]
                if let name = part.name { entry["name"] = .string(name) }
                if let color = part.color { entry["color"] = .string(color) }
                if let piece = part.piece { entry["piece"] = .string(piece) }
                if let layout = part.layout { entry["layout"] = matrix(layout) }
                return .object(entry)
            })
        }
        return .object(top)
    }

    /// The shape key of a solid with children.
    static func key(of solid: Solid) -> String {
        switch solid {
        case .union: return "union"
        case .difference: return "difference"
        case .intersection: return "intersection"
        default: return "group"
        }
    }

    /// One node: its shape key, and its placement and tag. A placement of a node that already has one
    /// (or a tag of a tagged node) goes on a `group` of that one node.
    static func node(_ solid: Solid) -> [String: JSONValue] {
        switch solid {
        case let .transformed(inner, t):
            var object = node(inner)
            if !object.keys.filter(CSGScene.placementKeys.contains).isEmpty { object = ["group": .array([.object(object)])] }
            if t.row0 == .unitX && t.row1 == .unitY && t.row2 == .unitZ {
                object["translate"] = vector(t.translation)
            } else {
                object["matrix"] = matrix(t)
            }
            return object
        case let .tagged(inner, tag):
            var object = node(inner)
            if object["tag"] != nil { object = ["group": .array([.object(object)])] }
            object["tag"] = .number(Double(tag))
            return object
        case .union(let s), .intersection(let s), .group(let s):
            return [key(of: solid): .array(s.map { .object(node($0)) })]
        case let .difference(base, cutters):
            return ["difference": .array(([base] + cutters).map { .object(node($0)) })]
        case let .box(size, center):
            var body: [String: JSONValue] = ["size": vector(size)]
            if center == .zero { body["center"] = .bool(true) } else if center != size / 2 { body["center"] = vector(center) }
            return ["box": .object(body)]
        case let .cylinder(radius, height, segments, centered):
            var body: [String: JSONValue] = ["radius": .number(radius), "height": .number(height)]
            if let segments { body["segments"] = .number(Double(segments)) }
            if centered { body["center"] = .bool(true) }
            return ["cylinder": .object(body)]
        case let .sphere(radius, segments):
            var body: [String: JSONValue] = ["radius": .number(radius)]
            if let segments { body["segments"] = .number(Double(segments)) }
            return ["sphere": .object(body)]
        case let .roundedBox(width, depth, height, cornerRadius, top, bottom):
            var body: [String: JSONValue] = ["size": vector(Vector3(width, depth, height)), "cornerRadius": .number(cornerRadius)]
            edge(top, "top", into: &body)
            edge(bottom, "bottom", into: &body)
            return ["roundedBox": .object(body)]
        case let .roundedShell(width, depth, height, cornerRadius, top, bottom, wall, ceiling):
            var body: [String: JSONValue] = [
                "size": vector(Vector3(width, depth, height)), "cornerRadius": .number(cornerRadius), "wall": .number(wall),
                "ceiling": .number(ceiling),
            ]
            edge(top, "top", into: &body)
            edge(bottom, "bottom", into: &body)
            return ["roundedShell": .object(body)]
        case let .roundedSolid(width, depth, cornerRadius, profile):
            return ["roundedSolid": .object([
                "size": .array([.number(width), .number(depth)]), "cornerRadius": .number(cornerRadius),
                "profile": .array(profile.map { .array([.number($0.x), .number($0.y)]) }),
            ])]
        case let .extrusion(shape, bottom, top, topScale):
            var body: [String: JSONValue] = ["shape": self.shape(shape)]
            if bottom == 0 && bottom.sign == .plus {
                body["height"] = .number(top)
            } else {
                body["from"] = .number(bottom)
                body["to"] = .number(top)
            }
            if topScale != Vector2(1, 1) { body["topScale"] = .array([.number(topScale.x), .number(topScale.y)]) }
            return ["extrude": .object(body)]
        case let .revolution(shape, segments):
            var body: [String: JSONValue] = ["shape": self.shape(shape)]
            if let segments { body["segments"] = .number(Double(segments)) }
            return ["revolve": .object(body)]
        case .mesh(let mesh):
            return ["polyhedron": .object([
                "points": .array(mesh.vertices.map(vector)),
                "faces": .array(mesh.triangles.map { .array([.number(Double($0.a)), .number(Double($0.b)), .number(Double($0.c))]) }),
            ])]
        }
    }

    private static func edge(_ edge: BoxEdge, _ side: String, into body: inout [String: JSONValue]) {
        switch edge {
        case .fillet(let r):
            if r != 0 { body[side + "Fillet"] = .number(r) }
        case let .printable(radius, slope, inset):
            body[side] = .object(["printable": .object(["radius": .number(radius), "slope": .number(slope), "inset": .number(inset)])])
        }
    }

    private static func shape(_ shape: Shape) -> JSONValue {
        .object(["polygons": .array(shape.polygons.map { polygon in
            var entry: [String: JSONValue] = ["outer": contour(polygon.outer)]
            if !polygon.holes.isEmpty { entry["holes"] = .array(polygon.holes.map(contour)) }
            return .object(entry)
        })])
    }

    private static func contour(_ c: Contour) -> JSONValue { .array(c.points.map { .array([.number($0.x), .number($0.y)]) }) }

    private static func vector(_ v: Vector3) -> JSONValue { .array([.number(v.x), .number(v.y), .number(v.z)]) }

    static func matrix(_ t: Transform) -> JSONValue {
        .array([t.row0, t.row1, t.row2].enumerated().map { i, row in
            .array([.number(row.x), .number(row.y), .number(row.z), .number([t.translation.x, t.translation.y, t.translation.z][i])])
        })
    }
}
