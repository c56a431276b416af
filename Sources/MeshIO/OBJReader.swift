import Foundation
import Geometry

/// Wavefront OBJ: `v` lines and `f` lines (`v`, `v/vt`, `v/vt/vn` or `v//vn` corners, negative
/// indices counting back from the last vertex), polygons split into triangles. Coordinates are read
/// as written, in double precision. `o` and `g` lines start named parts; a file with one part keeps
/// the file's vertex order, so vertex i of the file is vertex i of the mesh.
enum OBJReader {
    static func parts(_ data: Data, _ file: MeshFile) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        var lines = TextLines(data)
        var vertices = [Vector3]()
        var groups = [(name: String, triangles: [Mesh.Triangle])]()
        var name = file.stem
        while let words = lines.next() {
            guard let keyword = words.first else { continue }
            switch keyword {
            case "v":
                vertices.append(try file.checked(try file.point(words, from: 1, line: lines.number), vertex: vertices.count + 1, float: false))
            case "f":
                var corners = [UInt32]()
                for word in words.dropFirst() {
                    let text = word.split(separator: "/", omittingEmptySubsequences: false).first ?? ""
                    guard let i = Int(text), i != 0 else { throw file.error("line \(lines.number): `\(word)` is not a vertex index") }
                    let index = i > 0 ? i - 1 : vertices.count + i
                    guard index >= 0 && index < vertices.count else {
                        throw file.error("line \(lines.number): vertex \(i) does not exist (\(vertices.count) vertices are defined before this face)")
                    }
                    corners.append(UInt32(index))
                }
                if groups.isEmpty || groups[groups.count - 1].name != name { groups.append((name, [])) }
                groups[groups.count - 1].triangles += try file.triangles(of: corners, vertices, face: "the face on line \(lines.number)")
            case "o", "g":
                name = words.count > 1 ? words.dropFirst().joined(separator: " ") : file.stem
            default:
                continue  // normals, texture coordinates, materials, smoothing groups, lines: no volume
            }
        }
        if groups.count <= 1 { return [(groups.first?.name ?? file.stem, Mesh(vertices: vertices, triangles: groups.first?.triangles ?? []))] }
        // Parts of one name are one part; each keeps its vertices in file order.
        var merged = [(name: String, triangles: [Mesh.Triangle])]()
        for g in groups {
            if let k = merged.firstIndex(where: { $0.name == g.name }) { merged[k].triangles += g.triangles } else { merged.append(g) }
        }
        return merged.map { part in
            var used = [Bool](repeating: false, count: vertices.count)
            for t in part.triangles { used[Int(t.a)] = true; used[Int(t.b)] = true; used[Int(t.c)] = true }
            var map = [UInt32](repeating: 0, count: vertices.count), kept = [Vector3]()
            for (i, p) in vertices.enumerated() where used[i] {
                map[i] = UInt32(kept.count)
                kept.append(p)
            }
            return (part.name, Mesh(vertices: kept, triangles: part.triangles.map { Mesh.Triangle(map[Int($0.a)], map[Int($0.b)], map[Int($0.c)], tag: $0.tag) }))
        }
    }
}
