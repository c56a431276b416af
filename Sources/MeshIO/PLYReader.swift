import Foundation
import Geometry

/// PLY, ASCII or binary (either byte order): the `vertex` element's x, y and z, of any number type,
/// and the `face` element's index list (`vertex_indices` or `vertex_index`), polygons split into
/// triangles. Other elements and properties are skipped. Vertex i of the file is vertex i of the
/// mesh; `float` coordinates must be finite, and ASCII ones written for a `float` must fit in one.
enum PLYReader {
    /// A property's number type.
    private enum Scalar {
        case int8, uint8, int16, uint16, int32, uint32, float32, float64

        init?(_ name: Substring) {
            switch name {
            case "char", "int8": self = .int8
            case "uchar", "uint8": self = .uint8
            case "short", "int16": self = .int16
            case "ushort", "uint16": self = .uint16
            case "int", "int32": self = .int32
            case "uint", "uint32": self = .uint32
            case "float", "float32": self = .float32
            case "double", "float64": self = .float64
            default: return nil
            }
        }

        var size: Int {
            switch self {
            case .int8, .uint8: 1
            case .int16, .uint16: 2
            case .int32, .uint32, .float32: 4
            case .float64: 8
            }
        }
    }

    private struct Property {
        var name: Substring
        var type: Scalar
        /// The count's type, for a list property.
        var count: Scalar?
    }

    private struct Element {
        var name: Substring
        var count: Int
        var properties: [Property]
    }

    private enum Encoding { case ascii, little, big }

    static func parts(_ data: Data, _ file: MeshFile) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        var lines = TextLines(data)
        guard lines.next() == ["ply"] else { throw file.error("a PLY file starts with the line `ply`") }
        var encoding: Encoding?
        var elements = [Element]()
        header: while true {
            guard let words = lines.next() else { throw file.error("the header has no `end_header` line") }
            switch words.first {
            case "format":
                switch words.count > 1 ? words[1] : "" {
                case "ascii": encoding = .ascii
                case "binary_little_endian": encoding = .little
                case "binary_big_endian": encoding = .big
                default: throw file.error("line \(lines.number): unknown format `\(words.dropFirst().joined(separator: " "))` (ascii, binary_little_endian or binary_big_endian)")
                }
            case "element":
                guard words.count == 3, let n = Int(words[2]), n >= 0 else { throw file.error("line \(lines.number): `element` needs a name and a count") }
                elements.append(Element(name: words[1], count: n, properties: []))
            case "property":
                guard !elements.isEmpty else { throw file.error("line \(lines.number): a property before any element") }
                if words.count == 5, words[1] == "list", let count = Scalar(words[2]), let type = Scalar(words[3]) {
                    elements[elements.count - 1].properties.append(Property(name: words[4], type: type, count: count))
                } else if words.count == 3, let type = Scalar(words[1]) {
                    elements[elements.count - 1].properties.append(Property(name: words[2], type: type, count: nil))
                } else {
                    throw file.error("line \(lines.number): `\(words.joined(separator: " "))` is not a property of a known type")
                }
            case "end_header": break header
            default: continue  // comment, obj_info
            }
        }
        guard let encoding else { throw file.error("the header has no `format` line") }
        guard let vertexElement = elements.first(where: { $0.name == "vertex" }) else { throw file.error("there is no `vertex` element") }
        let axes = ["x", "y", "z"].map { axis in vertexElement.properties.firstIndex { $0.name == axis && $0.count == nil } }
        guard axes.allSatisfy({ $0 != nil }) else { throw file.error("the vertex element needs x, y and z properties") }

        // Every element's values, in order: each record as its numbers (a list as its items).
        var values = Values(data: data, encoding: encoding, lines: lines, file: file)
        var vertices = [Vector3](), triangles = [Mesh.Triangle]()
        for element in elements {
            for record in 0..<element.count {
                var point = [0.0, 0.0, 0.0]
                for (k, property) in element.properties.enumerated() {
                    if let countType = property.count {
                        let n = try values.next(countType, "\(element.name) \(record)")
                        guard n >= 0 && n == n.rounded() else { throw file.error("\(element.name) \(record) has a list length of \(n)") }
                        var items = [Double]()
                        for _ in 0..<Int(n) { items.append(try values.next(property.type, "\(element.name) \(record)")) }
                        guard element.name == "face" && (property.name == "vertex_indices" || property.name == "vertex_index") else { continue }
                        var corners = [UInt32]()
                        for i in items {
                            guard i >= 0 && i < Double(vertexElement.count) && i == i.rounded() else {
                                throw file.error("face \(record) refers to vertex \(i); the file has \(vertexElement.count) vertices")
                            }
                            corners.append(UInt32(i))
                        }
                        guard vertices.count == vertexElement.count else { throw file.error("the faces come before the vertices") }
                        triangles += try file.triangles(of: corners, vertices, face: "face \(record)")
                    } else {
                        let value = try values.next(property.type, "\(element.name) \(record)")
                        if element.name == "vertex", let axis = axes.firstIndex(of: k) { point[axis] = value }
                    }
                }
                if element.name == "vertex" {
                    let float = axes.contains { vertexElement.properties[$0!].type == .float32 }
                    vertices.append(try file.checked(Vector3(point[0], point[1], point[2]), vertex: record, float: float))
                }
            }
        }
        return [(file.stem, Mesh(vertices: vertices, triangles: triangles))]
    }

    /// The numbers after the header, as text words or binary values.
    private struct Values {
        let bytes: [UInt8]
        let encoding: Encoding
        var lines: TextLines
        let file: MeshFile
        var offset: Int
        var words: [Substring] = []
        var word = 0

        init(data: Data, encoding: Encoding, lines: TextLines, file: MeshFile) {
            bytes = encoding == .ascii ? [] : [UInt8](data)
            self.encoding = encoding
            self.lines = lines
            self.file = file
            offset = lines.offset
        }

        /// The next value, read as `type`; `what` names the record for an error.
        mutating func next(_ type: Scalar, _ what: String) throws(GeometryError) -> Double {
            if encoding == .ascii {
                while word == words.count {
                    guard let next = lines.next() else { throw file.error("the file ends inside \(what)") }
                    words = next
                    word = 0
                }
                defer { word += 1 }
                guard let value = Double(words[word]) else { throw file.error("line \(lines.number): `\(words[word])` in \(what) is not a number") }
                return value
            }
            guard offset + type.size <= bytes.count else { throw file.error("the file ends inside \(what)") }
            var raw: UInt64 = 0
            for k in 0..<type.size {
                let byte = UInt64(bytes[offset + (encoding == .little ? k : type.size - 1 - k)])
                raw |= byte << (8 * UInt64(k))
            }
            offset += type.size
            switch type {
            case .int8: return Double(Int8(truncatingIfNeeded: raw))
            case .uint8: return Double(UInt8(truncatingIfNeeded: raw))
            case .int16: return Double(Int16(truncatingIfNeeded: raw))
            case .uint16: return Double(UInt16(truncatingIfNeeded: raw))
            case .int32: return Double(Int32(truncatingIfNeeded: raw))
            case .uint32: return Double(UInt32(truncatingIfNeeded: raw))
            case .float32: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
            case .float64: return Double(bitPattern: raw)
            }
        }
    }
}
