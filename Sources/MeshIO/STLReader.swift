import Foundation
import Geometry

/// STL, binary or ASCII. STL stores every triangle on its own: corners at bit-identical positions
/// are joined, and nothing else is merged. Coordinates are 32-bit floats in both variants; ASCII
/// values are read as written (in double precision) but must fit in a float.
enum STLReader {
    static func parts(_ data: Data, _ file: MeshFile) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        // A binary STL is 84 bytes and 50 per triangle; its 80-byte header may begin with "solid" too.
        if data.count >= 84 {
            let count = data.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 80, as: UInt32.self))) }
            if data.count == 84 + 50 * count { return [(file.stem, try binary(data, count: count, file))] }
        }
        guard data.prefix(5) == Data("solid".utf8) else {
            throw file.error("it is neither a binary STL (84 bytes and 50 per triangle, \(data.count) bytes here) nor an ASCII STL (starting with `solid`)")
        }
        return try ascii(data, file)
    }

    private static func binary(_ data: Data, count: Int, _ file: MeshFile) throws(GeometryError) -> Mesh {
        let floats = data.withUnsafeBytes { raw in
            (0..<(9 * count)).map { j in
                Double(Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 84 + 50 * (j / 9) + 12 + 4 * (j % 9), as: UInt32.self))))
            }
        }
        var welder = Welder()
        welder.mesh.triangles.reserveCapacity(count)
        for t in 0..<count {
            var ids = (UInt32(0), UInt32(0), UInt32(0))
            for k in 0..<3 {
                let j = 9 * t + 3 * k
                let id = welder.id(of: try file.checked(Vector3(floats[j], floats[j + 1], floats[j + 2]), vertex: 3 * t + k, float: true))
                if k == 0 { ids.0 = id } else if k == 1 { ids.1 = id } else { ids.2 = id }
            }
            welder.mesh.triangles.append(Mesh.Triangle(ids.0, ids.1, ids.2))
        }
        return welder.mesh
    }

    private static func ascii(_ data: Data, _ file: MeshFile) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        var lines = TextLines(data)
        var parts = [(name: String, mesh: Mesh)]()
        var welder = Welder(), name = file.stem, corners = [UInt32](), vertex = 0
        while let words = lines.next() {
            guard let keyword = words.first else { continue }
            switch keyword {
            case "solid":
                welder = Welder()
                name = words.count > 1 ? words.dropFirst().joined(separator: " ") : file.stem
            case "vertex":
                let p = try file.checked(try file.point(words, from: 1, line: lines.number), vertex: vertex, float: true)
                corners.append(welder.id(of: p))
                vertex += 1
            case "endloop":
                guard corners.count == 3 else { throw file.error("line \(lines.number): a facet has \(corners.count) vertices; STL facets have 3") }
                welder.mesh.triangles.append(Mesh.Triangle(corners[0], corners[1], corners[2]))
                corners = []
            case "endsolid":
                parts.append((name, welder.mesh))
            case "facet", "outer", "endfacet":
                continue
            default:
                throw file.error("line \(lines.number): `\(keyword)` is not an ASCII STL keyword (solid, facet, outer loop, vertex, endloop, endfacet, endsolid)")
            }
        }
        guard !parts.isEmpty else { throw file.error("the ASCII STL ends before `endsolid`") }
        return parts
    }
}

/// A mesh built from separate corners, one vertex per distinct position (equal coordinates).
/// The vertices are found by an open-addressing table of their ids (`Vector3.positionHash`): a
/// `Dictionary` of positions hashed each with SipHash took most of the time of reading a large STL.
struct Welder {
    var mesh = Mesh()
    /// Vertex ids by slot, -1 where empty; at most half full.
    private var table = [Int32](repeating: -1, count: 1024)

    mutating func id(of p: Vector3) -> UInt32 {
        var slot = p.positionHash & (table.count - 1)
        while table[slot] >= 0 {
            if mesh.vertices[Int(table[slot])] == p { return UInt32(table[slot]) }
            slot = (slot + 1) & (table.count - 1)
        }
        let i = mesh.vertices.count
        mesh.vertices.append(p)
        table[slot] = Int32(i)
        if 2 * mesh.vertices.count > table.count { grow() }
        return UInt32(i)
    }

    private mutating func grow() {
        table = [Int32](repeating: -1, count: 2 * table.count)
        for (i, p) in mesh.vertices.enumerated() {
            var slot = p.positionHash & (table.count - 1)
            while table[slot] >= 0 { slot = (slot + 1) & (table.count - 1) }
            table[slot] = Int32(i)
        }
    }
}
