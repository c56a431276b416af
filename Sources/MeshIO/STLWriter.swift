import Foundation
import Geometry

/// STL, binary and ASCII, streamed to the file in blocks: memory stays a block, not the file. (assimp's
/// STL exporter held dozens of times the mesh in memory; see `minidesk-bench`.) One body per file,
/// every triangle with a unit normal, in 32-bit floats as the format has them.
public enum STLWriter {
    /// The mesh as an STL reader gets it back: each corner rounded to 32-bit floats, corners that
    /// round to one position joined. Rounding can fold thin features, so this is what to check
    /// before writing an STL that must be a valid solid.
    public static func stored(_ mesh: Mesh) -> Mesh {
        var welder = Welder()
        welder.mesh.triangles.reserveCapacity(mesh.triangles.count)
        let ids = mesh.vertices.map { v in welder.id(of: Vector3(Double(Float(v.x)), Double(Float(v.y)), Double(Float(v.z)))) }
        welder.mesh.triangles = mesh.triangles.map { Mesh.Triangle(ids[Int($0.a)], ids[Int($0.b)], ids[Int($0.c)]) }
        return welder.mesh
    }

    /// Writes `mesh` as an STL at `path`, atomically; `ascii` for the text form.
    public static func write(_ mesh: Mesh, ascii: Bool, to path: String) throws(FileOutputError) {
        try AtomicFile.write(to: path) { (temp: String) throws(FileOutputError) in
            guard let file = fopen(temp, "wb") else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
            defer { fclose(file) }
            var block = [UInt8]()
            block.reserveCapacity(1 << 16)
            func flush() throws(FileOutputError) {
                guard fwrite(block, 1, block.count, file) == block.count else {
                    throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
                }
                block.removeAll(keepingCapacity: true)
            }
            let count = mesh.triangles.count
            if ascii {
                block += Array("solid minidesk\n".utf8)
            } else {
                var header = Array("MiniDesk binary STL".utf8)
                header += [UInt8](repeating: 0, count: 80 - header.count)
                block += header
                withUnsafeBytes(of: UInt32(count).littleEndian) { block += $0 }
            }
            for i in 0..<mesh.triangles.count {
                let (a, b, c) = mesh.corners(i)
                let n = (b - a).cross(c - a)
                let length = n.length
                let unit = length > 0 ? n * (1 / length) : Vector3(0, 0, 0)
                if ascii {
                    func f(_ v: Vector3) -> String { "\(Float(v.x)) \(Float(v.y)) \(Float(v.z))" }
                    block += Array("facet normal \(f(unit))\n outer loop\n  vertex \(f(a))\n  vertex \(f(b))\n  vertex \(f(c))\n endloop\nendfacet\n".utf8)
                } else {
                    for v in [unit, a, b, c] {
                        for x in [Float(v.x), Float(v.y), Float(v.z)] { withUnsafeBytes(of: x.bitPattern.littleEndian) { block += $0 } }
                    }
                    block += [0, 0]
                }
                if block.count >= 1 << 16 { try flush() }
            }
            if ascii { block += Array("endsolid minidesk\n".utf8) }
            try flush()
        }
    }
}
