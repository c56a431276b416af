import CAssimp
import Foundation
import Geometry
import MiniDesk

/// Writes named, coloured parts through assimp's exporters (`AssimpFormat`): one mesh per part,
/// on a node of the part's name, with a material of that name in the part's colour (as diffuse
/// and base colour). Positions are millimetres, as 32-bit floats (assimp's precision), with
/// no normals (the faces are flat; readers compute them);
/// formats whose convention is +Y up get the +Z-up parts turned upright.
public enum AssimpWriter {
    /// Writes `parts` as `format` to `path`, atomically, with the companion files the format needs
    /// beside it (glTF's `.bin`). Returns the paths written, `path` first.
    ///
    /// A one-file format is exported into memory and written through `AtomicFile`. A format with
    /// companions is exported into a temporary folder next to `path`, under its final names (the
    /// main file refers to its companions by name), and renamed into place once assimp has
    /// succeeded, the companions first. Either way a failed export leaves no file and never
    /// replaces a good one.
    @discardableResult
    public static func write(_ parts: [Part], format: AssimpFormat, to path: String) throws(FileOutputError) -> [String] {
        let scene = SceneBuilder(parts, turnedUpright: format.isYUp)
        defer { scene.release() }
        func failure() -> FileOutputError {
            let reason = String(cString: aiGetErrorString())
            return .writeFailed(path: path, reason: "assimp's \(format.id) exporter failed" + (reason.isEmpty ? "" : ": \(reason)"))
        }
        if format.companionExtensions.isEmpty {
            guard let blob = aiExportSceneToBlob(scene.scene, format.id, 0) else { throw failure() }
            defer { aiReleaseExportBlob(blob) }
            var data = Data(bytes: blob.pointee.data, count: blob.pointee.size)
            // STEP's header names the file; assimp names the in-memory one.
            if format.id == "stp", let range = data.range(of: Data("FILE_NAME('$blobfile.stp'".utf8)) {
                let name = URL(fileURLWithPath: path).lastPathComponent.replacingOccurrences(of: "'", with: "''")
                data.replaceSubrange(range, with: Data("FILE_NAME('\(name)'".utf8))
            }
            try AtomicFile.write(data, to: path)
            return [path]
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { throw .isDirectory(path: path) }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else { throw .missingFolder(path: path) }
        guard access(folder, W_OK) == 0 else { throw .notWritable(path: path) }
        // Named as AtomicFile names its temporaries, so a killed run's folder is cleaned up too.
        let temp = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard mkdir(temp, 0o755) == 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { try? FileManager.default.removeItem(atPath: temp) }
        guard aiExportScene(scene.scene, format.id, temp + "/" + url.lastPathComponent, 0) == aiReturn_SUCCESS else { throw failure() }
        let produced = ((try? FileManager.default.contentsOfDirectory(atPath: temp)) ?? []).sorted()
        guard produced.contains(url.lastPathComponent) else {
            throw .writeFailed(path: path, reason: "assimp's \(format.id) exporter reported success but wrote no \(url.lastPathComponent)")
        }
        let order = produced.filter { $0 != url.lastPathComponent } + [url.lastPathComponent]
        for name in order {
            let fd = open(temp + "/" + name, O_RDONLY)
            defer { if fd >= 0 { close(fd) } }
            guard fd >= 0, fsync(fd) == 0 else { throw .writeFailed(path: folder + "/" + name, reason: String(cString: strerror(errno))) }
        }
        var written = [String]()
        for name in order {
            guard rename(temp + "/" + name, folder + "/" + name) == 0 else {
                throw .writeFailed(path: folder + "/" + name, reason: String(cString: strerror(errno)))
            }
            written.append(folder + "/" + name)
        }
        return [written.last!] + written.dropLast()
    }
}

/// An `aiScene` assembled in memory we own (assimp copies it before exporting), freed by `release()`.
private final class SceneBuilder {
    let scene: UnsafeMutablePointer<aiScene>
    private var allocations = [UnsafeMutableRawPointer]()

    init(_ parts: [Part], turnedUpright: Bool) {
        scene = Self.zeroed(aiScene.self, count: 1, into: &allocations)
        let count = parts.count
        let meshes = Self.zeroed(UnsafeMutablePointer<aiMesh>?.self, count: count, into: &allocations)
        let materials = Self.zeroed(UnsafeMutablePointer<aiMaterial>?.self, count: count, into: &allocations)
        let children = Self.zeroed(UnsafeMutablePointer<aiNode>?.self, count: count, into: &allocations)
        let root = Self.zeroed(aiNode.self, count: 1, into: &allocations)
        root.pointee.mName = Self.string("MiniDesk")
        root.pointee.mTransformation = Self.identity
        for (i, part) in parts.enumerated() {
            meshes[i] = mesh(part.mesh, name: part.name, material: UInt32(i), turnedUpright: turnedUpright)
            materials[i] = material(name: part.name, color: part.color)
            let node = Self.zeroed(aiNode.self, count: 1, into: &allocations)
            node.pointee.mName = Self.string(part.name)
            node.pointee.mTransformation = Self.identity
            node.pointee.mParent = root
            node.pointee.mNumMeshes = 1
            node.pointee.mMeshes = Self.zeroed(UInt32.self, count: 1, into: &allocations)
            node.pointee.mMeshes[0] = UInt32(i)
            children[i] = node
        }
        root.pointee.mNumChildren = UInt32(count)
        root.pointee.mChildren = children
        scene.pointee.mRootNode = root
        scene.pointee.mNumMeshes = UInt32(count)
        scene.pointee.mMeshes = meshes
        scene.pointee.mNumMaterials = UInt32(count)
        scene.pointee.mMaterials = materials
        scene.pointee.mName = Self.string("MiniDesk")
        // Empty, but there: the pbrt exporter reads it without checking.
        scene.pointee.mMetaData = Self.zeroed(aiMetadata.self, count: 1, into: &allocations)
    }

    func release() {
        for p in allocations { p.deallocate() }
        allocations.removeAll()
    }

    private static let identity = aiMatrix4x4(a1: 1, a2: 0, a3: 0, a4: 0, b1: 0, b2: 1, b3: 0, b4: 0, c1: 0, c2: 0, c3: 1, c4: 0, d1: 0, d2: 0, d3: 0, d4: 1)

    /// The part as an `aiMesh`; `turnedUpright`, from +Z up to +Y up, (x, y, z) -> (x, z, -y), in
    /// the positions themselves (the FBX exporter drops the root node's transform).
    private func mesh(_ m: Mesh, name: String, material: UInt32, turnedUpright: Bool) -> UnsafeMutablePointer<aiMesh> {
        let mesh = Self.zeroed(aiMesh.self, count: 1, into: &allocations)
        mesh.pointee.mName = Self.string(name)
        mesh.pointee.mPrimitiveTypes = UInt32(aiPrimitiveType_TRIANGLE.rawValue)
        mesh.pointee.mMaterialIndex = material
        let vertices = Self.zeroed(aiVector3D.self, count: m.vertices.count, into: &allocations)
        for (i, v) in m.vertices.enumerated() {
            vertices[i] = turnedUpright ? aiVector3D(x: Float(v.x), y: Float(v.z), z: Float(-v.y)) : aiVector3D(x: Float(v.x), y: Float(v.y), z: Float(v.z))
        }
        mesh.pointee.mNumVertices = UInt32(m.vertices.count)
        mesh.pointee.mVertices = vertices
        let faces = Self.zeroed(aiFace.self, count: m.triangles.count, into: &allocations)
        let indices = Self.zeroed(UInt32.self, count: 3 * m.triangles.count, into: &allocations)
        for (i, t) in m.triangles.enumerated() {
            indices[3 * i] = t.a
            indices[3 * i + 1] = t.b
            indices[3 * i + 2] = t.c
            faces[i] = aiFace(mNumIndices: 3, mIndices: indices + 3 * i)
        }
        mesh.pointee.mNumFaces = UInt32(m.triangles.count)
        mesh.pointee.mFaces = faces
        return mesh
    }

    private func material(name: String, color: Color) -> UnsafeMutablePointer<aiMaterial> {
        let channels = [Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255, 1]
        var properties = [UnsafeMutablePointer<aiMaterialProperty>]()
        func add(_ key: String, _ type: aiPropertyTypeInfo, _ bytes: [UInt8]) {
            let p = Self.zeroed(aiMaterialProperty.self, count: 1, into: &allocations)
            p.pointee.mKey = Self.string(key)
            p.pointee.mType = type
            p.pointee.mDataLength = UInt32(bytes.count)
            let data = Self.zeroed(CChar.self, count: bytes.count, into: &allocations)
            bytes.withUnsafeBytes { UnsafeMutableRawPointer(data).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            p.pointee.mData = data
            properties.append(p)
        }
        // A string property holds its length (32 bits), the bytes and a terminating zero.
        let utf8 = Array(name.utf8.prefix(Self.maximumLength))
        let length: [UInt8] = withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { Array($0) }
        add("?mat.name", aiPTI_String, length + utf8 + [0])
        var colorBytes = [UInt8]()
        for channel in channels { withUnsafeBytes(of: channel.bitPattern.littleEndian) { colorBytes += $0 } }
        add("$clr.diffuse", aiPTI_Float, colorBytes)
        add("$clr.base", aiPTI_Float, colorBytes)
        let material = Self.zeroed(aiMaterial.self, count: 1, into: &allocations)
        let list = Self.zeroed(UnsafeMutablePointer<aiMaterialProperty>?.self, count: properties.count, into: &allocations)
        for (i, p) in properties.enumerated() { list[i] = p }
        material.pointee.mProperties = list
        material.pointee.mNumProperties = UInt32(properties.count)
        material.pointee.mNumAllocated = UInt32(properties.count)
        return material
    }

    /// The most bytes an `aiString` holds, less its terminating zero.
    private static let maximumLength = MemoryLayout.size(ofValue: aiString().data) - 1

    private static func string(_ s: String) -> aiString {
        var result = aiString()
        let utf8 = Array(s.utf8.prefix(maximumLength))
        result.length = UInt32(utf8.count)
        withUnsafeMutableBytes(of: &result.data) { buffer in
            buffer.copyBytes(from: utf8)
            buffer[utf8.count] = 0
        }
        return result
    }

    private static func zeroed<T>(_: T.Type, count: Int, into allocations: inout [UnsafeMutableRawPointer]) -> UnsafeMutablePointer<T> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(1, count) * MemoryLayout<T>.stride, alignment: MemoryLayout<T>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, count) * MemoryLayout<T>.stride)
        allocations.append(raw)
        return raw.bindMemory(to: T.self, capacity: max(1, count))
    }
}
