import Foundation
import Geometry
import MiniDesk

/// Writes named parts in any `MeshFormat`, atomically, with our own writers: STL (binary and ASCII)
/// streamed in blocks, exact PLY, and GLB with a material per part in its colour.
/// STL and PLY hold one body: they take one part (`FileOutputError.oneBodyFormat` otherwise).
public enum MeshWriter {
    public static func write(_ parts: [Part], format: MeshFormat, to path: String) throws(FileOutputError) {
        if format != .glb && parts.count != 1 { throw .oneBodyFormat(path: path, format: format == .ply ? "PLY" : "STL", parts: parts.count) }
        switch format {
        case .stl, .stlASCII: try STLWriter.write(parts[0].mesh, ascii: format == .stlASCII, to: path)
        case .ply: try AtomicFile.write(IndexedMeshWriter.ply(parts[0].mesh), to: path)
        case .glb: try AtomicFile.write(GLBWriter.glb(parts), to: path)
        }
    }
}
