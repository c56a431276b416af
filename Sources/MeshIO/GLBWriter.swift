import Foundation
import Geometry
import MiniDesk
import Support

/// Binary glTF 2.0 (GLB): one node, mesh and material per part, the part's colour as the material's
/// base colour, positions as 32-bit floats and 32-bit indices in one binary chunk. glTF
/// has +Y up, so a root node turns our +Z-up parts upright.
public enum GLBWriter {
    /// The GLB bytes for `parts`, each in its colour. `extras`, JSON
    /// object text, goes into the scene's `extras` (three.js hands it over as the scene's userData).
    public static func glb(_ parts: [Part], extras: String? = nil) -> Data {
        var accessors = [String](), views = [String](), meshes = [String](), materials = [String](), nodes = [String]()
        func escaped(_ s: String) -> String {
            s.unicodeScalars.map { c -> String in
                switch c {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                default: return c.value < 0x20 ? String(format: "\\u%04x", c.value) : String(c)
                }
            }.joined()
        }
        // The JSON first (it needs each part's offsets and bounds), then the whole file written once
        // into a buffer of its exact size. The binary chunk holds each part's positions (12 bytes a
        // vertex) and indices (12 bytes a triangle), so every piece stays 4-byte aligned.
        var binaryLength = 0
        for (i, part) in parts.enumerated() {
            let m = part.mesh
            var lo = [Float](repeating: .infinity, count: 3), hi = [Float](repeating: -.infinity, count: 3)
            for v in m.vertices {
                let x = Float(v.x), y = Float(v.y), z = Float(v.z)
                lo[0] = min(lo[0], x); lo[1] = min(lo[1], y); lo[2] = min(lo[2], z)
                hi[0] = max(hi[0], x); hi[1] = max(hi[1], y); hi[2] = max(hi[2], z)
            }
            let positionOffset = binaryLength, positionLength = 12 * m.vertices.count
            let indexOffset = positionOffset + positionLength, indexLength = 12 * m.triangles.count
            binaryLength = indexOffset + indexLength

            let channels = [part.color.red, part.color.green, part.color.blue].map { String(Double($0) / 255) }
            let lower = lo.map { String($0) }.joined(separator: ","), upper = hi.map { String($0) }.joined(separator: ",")
            let range = m.vertices.isEmpty ? "" : ",\"min\":[" + lower + "],\"max\":[" + upper + "]"
            views.append("{\"buffer\":0,\"byteOffset\":\(positionOffset),\"byteLength\":\(positionLength),\"target\":34962}")
            views.append("{\"buffer\":0,\"byteOffset\":\(indexOffset),\"byteLength\":\(indexLength),\"target\":34963}")
            accessors.append("{\"bufferView\":\(2 * i),\"componentType\":5126,\"count\":\(m.vertices.count),\"type\":\"VEC3\"\(range)}")
            accessors.append("{\"bufferView\":\(2 * i + 1),\"componentType\":5125,\"count\":\(3 * m.triangles.count),\"type\":\"SCALAR\"}")
            let name = escaped(part.name)
            materials.append("{\"name\":\"\(name)\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[\(channels.joined(separator: ",")),1],\"metallicFactor\":0,\"roughnessFactor\":1}}")
            meshes.append("{\"name\":\"\(name)\",\"primitives\":[{\"attributes\":{\"POSITION\":\(2 * i)},\"indices\":\(2 * i + 1),\"material\":\(i)}]}")
            nodes.append("{\"name\":\"\(name)\",\"mesh\":\(i)}")
        }
        let children = (1...max(parts.count, 1)).prefix(parts.count).map(String.init).joined(separator: ",")
        let root = "{\"name\":\"MiniDesk\",\"rotation\":[-0.7071067811865476,0,0,0.7071067811865476],\"children\":[\(children)]}"
        var json = "{\"asset\":{\"version\":\"2.0\",\"generator\":\"MiniDesk \(MiniDeskVersion.current)\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]\(extras.map { ",\"extras\":" + $0 } ?? "")}],"
        json += "\"nodes\":[\(([root] + nodes).joined(separator: ","))],\"meshes\":[\(meshes.joined(separator: ","))],"
        json += "\"materials\":[\(materials.joined(separator: ","))],\"accessors\":[\(accessors.joined(separator: ","))],"
        json += "\"bufferViews\":[\(views.joined(separator: ","))],\"buffers\":[{\"byteLength\":\(binaryLength)}]}"
        var jsonChunk = Array(json.utf8)
        while jsonChunk.count % 4 != 0 { jsonChunk.append(0x20) }

        let total = 12 + 8 + jsonChunk.count + 8 + binaryLength
        var out = Data(count: total)
        out.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            var at = 0
            func u32(_ v: UInt32) {
                buffer.storeBytes(of: v.littleEndian, toByteOffset: at, as: UInt32.self)
                at += 4
            }
            u32(0x4654_6C67)  // "glTF"
            u32(2)
            u32(UInt32(total))
            u32(UInt32(jsonChunk.count))
            u32(0x4E4F_534A)  // "JSON"
            jsonChunk.withUnsafeBytes { buffer.baseAddress!.advanced(by: at).copyMemory(from: $0.baseAddress!, byteCount: jsonChunk.count) }
            at += jsonChunk.count
            u32(UInt32(binaryLength))
            u32(0x004E_4942)  // "BIN\0"
            for part in parts {
                for v in part.mesh.vertices {
                    u32(Float(v.x).bitPattern)
                    u32(Float(v.y).bitPattern)
                    u32(Float(v.z).bitPattern)
                }
                for t in part.mesh.triangles {
                    u32(t.a)
                    u32(t.b)
                    u32(t.c)
                }
            }
        }
        return out
    }
}
