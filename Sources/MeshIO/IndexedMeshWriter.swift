import Foundation
import Geometry

/// PLY and OBJ written as the mesh is indexed: vertex i of the file is vertex i of the mesh, and every
/// coordinate reads back bit for bit (binary doubles in PLY, shortest round-trip decimals in OBJ).
/// Use these where the exact indexing matters, such as checking a mesh with other tools.
public enum IndexedMeshWriter {
    /// A binary little-endian PLY with double coordinates and one `uchar`-counted face list.
    public static func ply(_ mesh: Mesh) -> Data {
        var header = "ply\nformat binary_little_endian 1.0\ncomment MiniDesk \(mesh.triangles.count) triangles\n"
        header += "element vertex \(mesh.vertices.count)\nproperty double x\nproperty double y\nproperty double z\n"
        header += "element face \(mesh.triangles.count)\nproperty list uchar uint vertex_indices\nend_header\n"
        var data = Data(header.utf8)
        data.reserveCapacity(data.count + mesh.vertices.count * 24 + mesh.triangles.count * 13)
        for v in mesh.vertices {
            for c in [v.x, v.y, v.z] { withUnsafeBytes(of: c.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        }
        for t in mesh.triangles {
            data.append(3)
            for i in [t.a, t.b, t.c] { withUnsafeBytes(of: i.littleEndian) { data.append(contentsOf: $0) } }
        }
        return data
    }

    /// A Wavefront OBJ: `v x y z` lines, then `f a b c` lines (1-based).
    public static func obj(_ mesh: Mesh) -> Data {
        var text = "# MiniDesk\n"
        text.reserveCapacity(mesh.vertices.count * 40 + mesh.triangles.count * 24)
        for v in mesh.vertices { text += "v \(v.x) \(v.y) \(v.z)\n" }
        for t in mesh.triangles { text += "f \(t.a + 1) \(t.b + 1) \(t.c + 1)\n" }
        return Data(text.utf8)
    }
}
