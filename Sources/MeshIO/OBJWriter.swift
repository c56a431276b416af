import Foundation
import Geometry
import MiniDesk

/// Wavefront OBJ with an MTL material library: one object per part, each with its own material in
/// the part's colour, so viewers and slicers that read MTL show the parts coloured. Coordinates are
/// written as shortest round-trip decimals, so they read back bit for bit.
public enum OBJWriter {
    /// The OBJ text for `parts`, naming `materialLibrary` (a file name next to the OBJ).
    public static func obj(_ parts: [Part], materialLibrary: String) -> Data {
        var text = "# MiniDesk\nmtllib \(materialLibrary)\n"
        var offset: UInt32 = 1
        for part in parts {
            text += "o \(part.name)\nusemtl \(part.name)\n"
            for v in part.mesh.vertices { text += "v \(v.x) \(v.y) \(v.z)\n" }
            for t in part.mesh.triangles { text += "f \(t.a + offset) \(t.b + offset) \(t.c + offset)\n" }
            offset += UInt32(part.mesh.vertices.count)
        }
        return Data(text.utf8)
    }

    /// The MTL text: one matte material per part, its diffuse colour the part's.
    public static func mtl(_ parts: [Part]) -> Data {
        var text = "# MiniDesk\n"
        for part in parts {
            let channels = [part.color.red, part.color.green, part.color.blue].map { String(format: "%.4f", Double($0) / 255) }
            text += "newmtl \(part.name)\nKa 0 0 0\nKd \(channels.joined(separator: " "))\nKs 0 0 0\nd 1\nillum 1\n"
        }
        return Data(text.utf8)
    }

    /// Writes `<path>` and the material library beside it (same name, `.mtl`), each atomically; the
    /// library first, so the OBJ never names a missing one.
    public static func write(_ parts: [Part], to path: String) throws(FileOutputError) {
        let library = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("mtl")
        try AtomicFile.write(mtl(parts), to: library.path)
        try AtomicFile.write(obj(parts, materialLibrary: library.lastPathComponent), to: path)
    }
}
