import CAssimp
import Foundation
import Geometry

/// Reads meshes through assimp (STL, OBJ, PLY, 3MF and more). Triangles only; coincident vertices
/// are joined, since formats such as STL store unconnected triangles.
public enum AssimpReader {
    /// Every mesh in the file, in the file's coordinates, as one mesh with one tag per source mesh
    /// (0, 1, ...). The error names the path and assimp's reason.
    public static func read(_ path: String) throws(GeometryError) -> Mesh {
        guard FileManager.default.fileExists(atPath: path) else { throw .invalidMesh("cannot read \(path): no such file") }
        let flags = aiProcess_Triangulate.rawValue | aiProcess_JoinIdenticalVertices.rawValue | aiProcess_PreTransformVertices.rawValue
        guard let scene = aiImportFile(path, UInt32(flags)) else {
            throw .invalidMesh("cannot read \(path): \(String(cString: aiGetErrorString()))")
        }
        defer { aiReleaseImport(scene) }
        var result = Mesh()
        for m in 0..<Int(scene.pointee.mNumMeshes) {
            guard let mesh = scene.pointee.mMeshes[m] else { continue }
            let offset = UInt32(result.vertices.count)
            for k in 0..<Int(mesh.pointee.mNumVertices) {
                let v = mesh.pointee.mVertices[k]
                result.vertices.append(Vector3(Double(v.x), Double(v.y), Double(v.z)))
            }
            for k in 0..<Int(mesh.pointee.mNumFaces) {
                let f = mesh.pointee.mFaces[k]
                guard f.mNumIndices == 3 else { continue }  // points and lines carry no volume
                result.triangles.append(Mesh.Triangle(f.mIndices[0] + offset, f.mIndices[1] + offset, f.mIndices[2] + offset, tag: UInt32(m)))
            }
        }
        return result
    }
}
