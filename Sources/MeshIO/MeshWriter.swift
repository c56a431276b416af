import Foundation
import Geometry

/// Writes named parts in any `MeshFormat`, atomically, with our own writers: STL (binary and ASCII)
/// streamed in blocks, exact PLY, and GLB with a material per part in its colour (`#RRGGBB`).
/// assimp's exporters held 20 to 56 times the mesh in memory (`minidesk-bench`), so assimp only reads.
public enum MeshWriter {
    public static func write(_ parts: [(name: String, mesh: Mesh)], colors: [String] = [], format: MeshFormat, to path: String) throws(FileOutputError) {
        switch format {
        case .stl, .stlASCII: try STLWriter.write(parts, ascii: format == .stlASCII, to: path)
        case .ply: try AtomicFile.write(IndexedMeshWriter.ply(Mesh.merged(parts.map(\.mesh))), to: path)
        case .glb: try AtomicFile.write(GLBWriter.glb(parts, colors: colors), to: path)
        }
    }
}
