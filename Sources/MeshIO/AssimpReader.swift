import CAssimp
import CMinizip
import Foundation
import Geometry

/// Reads meshes through assimp (STL, OBJ, PLY, 3MF and more). Triangles only; coincident vertices
/// are joined, since formats such as STL store unconnected triangles.
public enum AssimpReader {
    /// Every mesh in the file, in the file's coordinates, as one mesh with one tag per source mesh
    /// (0, 1, ...). The error names the path and assimp's reason.
    public static func read(_ path: String) throws(GeometryError) -> Mesh {
        Mesh.merged(try readParts(path).enumerated().map { $0.element.mesh.tagged(UInt32($0.offset)) })
    }

    /// Each mesh of the file as a named part, placed by its node's transforms (a 3MF object, an OBJ
    /// group; a single STL is one part, named after the file), +Z up. Corners at bit-identical positions are
    /// joined, since formats such as STL store every triangle on its own; nothing else is merged.
    public static func readParts(_ path: String) throws(GeometryError) -> [(name: String, mesh: Mesh)] {
        guard FileManager.default.fileExists(atPath: path) else { throw .invalidMesh("cannot read \(path): no such file") }
        // assimp 5.2.5 crashes on a 3MF that holds images (thumbnails, which slicers always add):
        // it reads a copy with only the model, relationships and content types.
        var source = path
        if path.lowercased().hasSuffix(".3mf"), let stripped = modelOnlyCopy(of: path) { source = stripped }
        defer { if source != path { unlink(source) } }
        guard let scene = aiImportFile(source, UInt32(aiProcess_Triangulate.rawValue)) else {
            throw .invalidMesh("cannot read \(path): \(String(cString: aiGetErrorString()))")
        }
        defer { aiReleaseImport(scene) }
        var parts = [(name: String, mesh: Mesh)]()
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        func visit(_ node: UnsafeMutablePointer<aiNode>, _ parent: Transform) {
            let t = node.pointee.mTransformation
            let local = Transform(
                row0: Vector3(Double(t.a1), Double(t.a2), Double(t.a3)), row1: Vector3(Double(t.b1), Double(t.b2), Double(t.b3)),
                row2: Vector3(Double(t.c1), Double(t.c2), Double(t.c3)), translation: Vector3(Double(t.a4), Double(t.b4), Double(t.c4)))
            let transform = parent * local
            let nodeName = name(node.pointee.mName)
            for k in 0..<Int(node.pointee.mNumMeshes) {
                guard let mesh = scene.pointee.mMeshes[Int(node.pointee.mMeshes[k])] else { continue }
                var part = welded(mesh)
                if transform != .identity { part = part.transformed(by: transform) }
                // Node names carry object names (3MF); mesh names are often just ids.
                var partName = nodeName.isEmpty || nodeName == "<3MF_ROOT>" ? name(mesh.pointee.mName) : nodeName
                if partName.isEmpty || partName == "<STL_BINARY>" || partName.hasPrefix("$") { partName = stem }
                parts.append((partName, part))
            }
            for c in 0..<Int(node.pointee.mNumChildren) {
                if let child = node.pointee.mChildren[c] { visit(child, transform) }
            }
        }
        // assimp hands these over +Y up (their convention, or converted to it, as 3DS is); MiniDesk
        // is +Z up, and so are the files it writes in them once read back.
        let upright: Transform = yUpExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
            ? Transform(row0: Vector3(1, 0, 0), row1: Vector3(0, 0, -1), row2: Vector3(0, 1, 0), translation: .zero) : .identity
        if let root = scene.pointee.mRootNode { visit(root, upright) }
        return parts
    }

    /// The extensions of formats that assimp reads +Y up.
    static let yUpExtensions: Set<String> = ["glb", "gltf", "fbx", "dae", "x3d", "x", "3ds"]

    /// A temporary copy of a 3MF (zip) archive without image entries, or nil if it cannot be made.
    private static func modelOnlyCopy(of path: String) -> String? {
        guard let entries = ZipEntries.read(path, wanted: { $0.hasSuffix(".model") || $0.hasSuffix(".rels") || $0 == "[Content_Types].xml" }) else { return nil }
        let copy = NSTemporaryDirectory() + "minidesk-3mf-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).3mf"
        do {
            let zout = try ZipArchive(path: copy, reportingAs: copy)
            for (name, data) in entries { try zout.add(data: name, data) }
            try zout.close()
            return copy
        } catch {
            unlink(copy)
            return nil
        }
    }

    /// The mesh's triangles over one vertex per distinct position.
    private static func welded(_ mesh: UnsafeMutablePointer<aiMesh>) -> Mesh {
        var result = Mesh()
        var index = [Vector3: UInt32]()
        var map = [UInt32]()
        for k in 0..<Int(mesh.pointee.mNumVertices) {
            let v = mesh.pointee.mVertices[k]
            let p = Vector3(Double(v.x), Double(v.y), Double(v.z))
            if let i = index[p] { map.append(i) } else {
                let i = UInt32(result.vertices.count)
                index[p] = i
                result.vertices.append(p)
                map.append(i)
            }
        }
        for k in 0..<Int(mesh.pointee.mNumFaces) {
            let f = mesh.pointee.mFaces[k]
            guard f.mNumIndices == 3 else { continue }  // points and lines carry no volume
            result.triangles.append(Mesh.Triangle(map[Int(f.mIndices[0])], map[Int(f.mIndices[1])], map[Int(f.mIndices[2])]))
        }
        return result
    }

    private static func name(_ s: aiString) -> String {
        withUnsafeBytes(of: s.data) { String(decoding: $0.prefix(Int(s.length)), as: UTF8.self) }
    }
}
