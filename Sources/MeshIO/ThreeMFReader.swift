import Foundation
import Geometry
#if canImport(FoundationXML)
import FoundationXML
#endif

/// 3MF: the model part named by the package's relationships (usually `3D/3dmodel.model`), its mesh
/// objects placed by the build items and components that use them, each transform applied. Each
/// mesh object placed is a part named after the object; coordinates are read as written and scaled
/// from the model's unit to millimetres. Vertex i of an object is vertex i of its part. A mesh object
/// that `Metadata/Slic3r_PE_model.config` splits into volumes (PrusaSlicer's layout: contiguous
/// triangle ranges) gives one part per volume, named as the volume, with the vertices its triangles
/// span, as PrusaSlicer cuts it.
enum ThreeMFReader {
    static func parts(_ path: String, _ file: MeshFile) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        guard let entries = ZipEntries.read(path, wanted: { $0.hasSuffix(".model") || $0.hasSuffix(".rels") || $0 == "Metadata/Slic3r_PE_model.config" }) else {
            throw file.error("it is not a readable zip archive, as a 3MF must be")
        }
        // The start part: the target of the root relationship of the 3D model type.
        var modelName = "3D/3dmodel.model"
        if let rels = entries.first(where: { $0.name == "_rels/.rels" }) {
            let relationships = XMLElements(rels.data)
            if let target = relationships.elements.first(where: { $0.name == "Relationship" && ($0.attributes["Type"] ?? "").hasSuffix("/3dmodel") })?.attributes["Target"] {
                modelName = target.hasPrefix("/") ? String(target.dropFirst()) : target
            }
        }
        guard let model = entries.first(where: { $0.name == modelName }) else { throw file.error("the archive has no model part \(modelName)") }
        let xml = XMLElements(model.data)
        if let failure = xml.failure { throw file.error("\(modelName) is not well-formed XML: \(failure)") }

        let scale: Double
        switch xml.elements.first(where: { $0.name == "model" })?.attributes["unit"] ?? "millimeter" {
        case "micron": scale = 0.001
        case "millimeter": scale = 1
        case "centimeter": scale = 10
        case "inch": scale = 25.4
        case "foot": scale = 304.8
        case "meter": scale = 1000
        case let unit: throw file.error("unknown unit `\(unit)` (micron, millimeter, centimeter, inch, foot or meter)")
        }

        // The resources, in one pass: objects with a mesh or components, and the build items.
        var objects = [String: (name: String, mesh: Mesh?, components: [(id: String, transform: Transform)])]()
        var items = [(id: String, transform: Transform)]()
        var current: String?
        var vertexCount = 0
        for e in xml.elements {
            switch e.name {
            case "object":
                guard let id = e.attributes["id"] else { throw file.error("an object has no id") }
                current = id
                objects[id] = (e.attributes["name"] ?? "", nil, [])
                vertexCount = 0
            case "mesh":
                if let id = current { objects[id]?.mesh = Mesh() }
            case "vertex":
                guard let id = current else { continue }
                let p = Vector3(try number(e, "x", file), try number(e, "y", file), try number(e, "z", file))
                objects[id]?.mesh?.vertices.append(try file.checked(p * scale, vertex: vertexCount, float: false))
                vertexCount += 1
            case "triangle":
                guard let id = current else { continue }
                let n = objects[id]?.mesh?.vertices.count ?? 0
                var corners = [UInt32]()
                for key in ["v1", "v2", "v3"] {
                    let v = try number(e, key, file)
                    guard v >= 0 && v < Double(n) && v == v.rounded() else {
                        throw file.error("object \(id) has a triangle with \(key)=\(v); the object has \(n) vertices")
                    }
                    corners.append(UInt32(v))
                }
                objects[id]?.mesh?.triangles.append(Mesh.Triangle(corners[0], corners[1], corners[2]))
            case "component":
                guard let id = current, let target = e.attributes["objectid"] else { continue }
                objects[id]?.components.append((target, try transform(e, scale: scale, file)))
            case "item":
                guard let target = e.attributes["objectid"] else { throw file.error("a build item has no objectid") }
                items.append((target, try transform(e, scale: scale, file)))
            default:
                continue
            }
        }

        let volumes = try volumeRanges(entries.first { $0.name == "Metadata/Slic3r_PE_model.config" }?.data, file)
        var parts = [(name: String, mesh: Mesh)]()
        func place(_ id: String, _ transform: Transform, depth: Int) throws(GeometryError) {
            guard depth < 32 else { throw file.error("components nest more than 32 deep (a cycle through object \(id)?)") }
            guard let object = objects[id] else { throw file.error("object \(id) is used but not defined") }
            if let mesh = object.mesh {
                let name = object.name.isEmpty ? file.stem : object.name
                for (partName, piece) in try split(mesh, by: volumes[id] ?? [], name: name, object: id, file) {
                    parts.append((partName, transform == .identity ? piece : piece.transformed(by: transform)))
                }
            }
            for c in object.components { try place(c.id, transform * c.transform, depth: depth + 1) }
        }
        for item in items { try place(item.id, item.transform, depth: 0) }
        return parts
    }

    /// PrusaSlicer's volumes per object id: inclusive triangle ranges and their names.
    private static func volumeRanges(_ data: Data?, _ file: MeshFile) throws(GeometryError) -> [String: [(first: Int, last: Int, name: String?)]] {
        guard let data else { return [:] }
        let xml = XMLElements(data)
        if let failure = xml.failure { throw file.error("Metadata/Slic3r_PE_model.config is not well-formed XML: \(failure)") }
        var ranges = [String: [(first: Int, last: Int, name: String?)]](), object: String?
        for e in xml.elements {
            switch e.name {
            case "object": object = e.attributes["id"]
            case "volume":
                guard let id = object, let first = e.attributes["firstid"].flatMap({ Int($0) }), let last = e.attributes["lastid"].flatMap({ Int($0) }) else {
                    throw file.error("Metadata/Slic3r_PE_model.config has a volume without whole-number firstid and lastid")
                }
                ranges[id, default: []].append((first, last, nil))
            case "metadata" where e.attributes["type"] == "volume" && e.attributes["key"] == "name":
                if let id = object, let n = ranges[id]?.count, n > 0 { ranges[id]![n - 1].name = e.attributes["value"] }
            default: continue
            }
        }
        return ranges
    }

    /// A mesh object cut into its volumes, which must cover its triangles in order.
    private static func split(_ mesh: Mesh, by volumes: [(first: Int, last: Int, name: String?)], name: String, object: String, _ file: MeshFile) throws(GeometryError) -> [(String, Mesh)] {
        guard !volumes.isEmpty else { return [(name, mesh)] }
        var next = 0
        var pieces = [(String, Mesh)]()
        for v in volumes {
            guard v.first == next, v.last >= v.first, v.last < mesh.triangles.count else {
                throw file.error("Metadata/Slic3r_PE_model.config gives object \(object) the triangles \(v.first) to \(v.last), "
                    + "but its volumes must follow each other from 0 to \(mesh.triangles.count - 1)")
            }
            let triangles = Array(mesh.triangles[v.first...v.last])
            let low = triangles.map { min($0.a, $0.b, $0.c) }.min()!, high = triangles.map { max($0.a, $0.b, $0.c) }.max()!
            var piece = Mesh()
            piece.vertices = Array(mesh.vertices[Int(low)...Int(high)])
            piece.triangles = triangles.map { Mesh.Triangle($0.a - low, $0.b - low, $0.c - low) }
            pieces.append((v.name ?? name, piece))
            next = v.last + 1
        }
        guard next == mesh.triangles.count else {
            throw file.error("Metadata/Slic3r_PE_model.config leaves triangles \(next) to \(mesh.triangles.count - 1) of object \(object) in no volume")
        }
        return pieces
    }

    private static func number(_ e: XMLElements.Element, _ key: String, _ file: MeshFile) throws(GeometryError) -> Double {
        guard let text = e.attributes[key], let value = Double(text) else {
            throw file.error("a \(e.name) has \(e.attributes[key].map { "\(key)=\"\($0)\", which is not a number" } ?? "no \(key)")")
        }
        return value
    }

    /// A `transform` attribute (m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32, applied to row
    /// vectors), its translation scaled from the model's unit; the identity if there is none.
    private static func transform(_ e: XMLElements.Element, scale: Double, _ file: MeshFile) throws(GeometryError) -> Transform {
        guard let text = e.attributes["transform"] else { return .identity }
        let m = text.split(separator: " ").compactMap { Double($0) }
        guard m.count == 12, m.allSatisfy(\.isFinite) else { throw file.error("the transform \"\(text)\" is not 12 finite numbers") }
        return Transform(
            row0: Vector3(m[0], m[3], m[6]), row1: Vector3(m[1], m[4], m[7]), row2: Vector3(m[2], m[5], m[8]),
            translation: Vector3(m[9], m[10], m[11]) * scale)
    }
}

/// The elements of an XML document in document order, each with its attributes (names without
/// their namespace prefix). Enough for the 3MF core: every fact is in attributes.
final class XMLElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements = [Element]()
    /// The parser's reason, if the document is not well-formed.
    private(set) var failure: String?

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        if !parser.parse() { failure = parser.parserError.map { "\($0.localizedDescription) at line \(parser.lineNumber)" } ?? "at line \(parser.lineNumber)" }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        elements.append(Element(name: local, attributes: attributes))
    }
}
