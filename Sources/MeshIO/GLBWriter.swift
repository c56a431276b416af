import Foundation
import Geometry

/// Binary glTF 2.0 (GLB): one node, mesh and material per part, the part's colour as the material's
/// base colour (`#RRGGBB`), positions as 32-bit floats and 32-bit indices in one binary chunk. glTF
/// has +Y up, so a root node turns our +Z-up parts upright.
public enum GLBWriter {
    /// The GLB bytes for `parts` (a colour per part; mid grey where one is missing). `extras`, JSON
    /// object text, goes into the scene's `extras` (three.js hands it over as the scene's userData).
    public static func glb(_ parts: [(name: String, mesh: Mesh)], colors: [String], extras: String? = nil) -> Data {
        var binary = Data()
        var accessors = [String](), views = [String](), meshes = [String](), materials = [String](), nodes = [String]()
        func pad(_ data: inout Data, with byte: UInt8) { while data.count % 4 != 0 { data.append(byte) } }
        func escaped(_ s: String) -> String {
            s.unicodeScalars.map { c -> String in
                switch c {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                default: return c.value < 0x20 ? String(format: "\\u%04x", c.value) : String(c)
                }
            }.joined()
        }
        for (i, part) in parts.enumerated() {
            let m = part.mesh
            // Positions.
            let positionOffset = binary.count
            var lo = [Float](repeating: .infinity, count: 3), hi = [Float](repeating: -.infinity, count: 3)
            binary.reserveCapacity(binary.count + m.vertices.count * 12 + m.triangles.count * 12)
            for v in m.vertices {
                for (k, x) in [Float(v.x), Float(v.y), Float(v.z)].enumerated() {
                    lo[k] = min(lo[k], x)
                    hi[k] = max(hi[k], x)
                    withUnsafeBytes(of: x.bitPattern.littleEndian) { binary.append(contentsOf: $0) }
                }
            }
            let positionLength = binary.count - positionOffset
            // Indices.
            let indexOffset = binary.count
            for t in m.triangles {
                for index in [t.a, t.b, t.c] { withUnsafeBytes(of: index.littleEndian) { binary.append(contentsOf: $0) } }
            }
            let indexLength = binary.count - indexOffset
            pad(&binary, with: 0)

            let rgb = UInt32((i < colors.count ? colors[i] : "#808080").dropFirst(), radix: 16) ?? 0x808080
            let channels = [(rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF].map { String(Double($0) / 255) }
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
        json += "\"bufferViews\":[\(views.joined(separator: ","))],\"buffers\":[{\"byteLength\":\(binary.count)}]}"
        var jsonChunk = Data(json.utf8)
        pad(&jsonChunk, with: 0x20)

        var out = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) } }
        out.reserveCapacity(12 + 8 + jsonChunk.count + 8 + binary.count)
        u32(0x4654_6C67)  // "glTF"
        u32(2)
        u32(12 + 8 + jsonChunk.count + 8 + binary.count)
        u32(jsonChunk.count)
        u32(0x4E4F_534A)  // "JSON"
        out.append(jsonChunk)
        u32(binary.count)
        u32(0x004E_4942)  // "BIN\0"
        out.append(binary)
        return out
    }
}
