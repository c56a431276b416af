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
        // The body's bytes stored in place (appending each value to `Data` cost 4,000 instructions
        // a triangle): 24 a vertex, 13 a face.
        var bytes = [UInt8](header.utf8)
        var offset = bytes.count
        bytes += repeatElement(0, count: mesh.vertices.count * 24 + mesh.triangles.count * 13)
        bytes.withUnsafeMutableBytes { raw in
            for v in mesh.vertices {
                for c in [v.x, v.y, v.z] {
                    raw.storeBytes(of: c.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
            }
            for t in mesh.triangles {
                raw[offset] = 3
                offset += 1
                for i in [t.a, t.b, t.c] {
                    raw.storeBytes(of: i.littleEndian, toByteOffset: offset, as: UInt32.self)
                    offset += 4
                }
            }
        }
        return Data(bytes)
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
