import CAssimp
import Foundation
import Geometry

/// Writes meshes through assimp (STL, PLY, GLB): one assimp mesh per named part, under one node each,
/// with a material in the part's colour (`#RRGGBB`, shown by GLB). Every assimp detail stays in this
/// file.
public enum AssimpWriter {
    /// Writes `parts` to `path` in `format`, atomically. Parts without a colour get mid grey.
    public static func write(_ parts: [(name: String, mesh: Mesh)], colors: [String] = [], format: MeshFormat, to path: String) throws(FileOutputError) {
        if parts.allSatisfy({ $0.mesh.isEmpty }) {
            // assimp refuses a scene without triangles; an empty STL is a header and a zero count.
            switch format {
            case .stl: return try AtomicFile.write(Data(count: 80) + Data([0, 0, 0, 0]), to: path)
            case .stlASCII: return try AtomicFile.write(Data("solid minidesk\nendsolid minidesk\n".utf8), to: path)
            default: throw .writeFailed(path: path, reason: "there are no triangles to write, and \(format.rawValue) cannot hold an empty mesh")
            }
        }
        try AtomicFile.write(to: path) { (temp: String) throws(FileOutputError) in
            let scene = makeScene(parts, colors: colors)
            defer { freeScene(scene) }
            let status = aiExportScene(scene, format.assimpID, temp, 0)
            guard status == aiReturn_SUCCESS else {
                let reason = String(cString: aiGetErrorString())
                throw .writeFailed(path: path, reason: "assimp could not export \(format.rawValue): \(reason.isEmpty ? "unknown error" : reason)")
            }
        }
    }

    private static func makeScene(_ parts: [(name: String, mesh: Mesh)], colors: [String]) -> UnsafeMutablePointer<aiScene> {
        let scene = UnsafeMutablePointer<aiScene>.allocate(capacity: 1)
        scene.initialize(to: aiScene())
        let identity = aiMatrix4x4(a1: 1, a2: 0, a3: 0, a4: 0, b1: 0, b2: 1, b3: 0, b4: 0, c1: 0, c2: 0, c3: 1, c4: 0, d1: 0, d2: 0, d3: 0, d4: 1)

        let root = UnsafeMutablePointer<aiNode>.allocate(capacity: 1)
        root.initialize(to: aiNode())
        root.pointee.mTransformation = identity
        setName(&root.pointee.mName, "MiniDesk")
        let children = UnsafeMutablePointer<UnsafeMutablePointer<aiNode>?>.allocate(capacity: max(parts.count, 1))
        let meshes = UnsafeMutablePointer<UnsafeMutablePointer<aiMesh>?>.allocate(capacity: max(parts.count, 1))

        for (i, part) in parts.enumerated() {
            let mesh = UnsafeMutablePointer<aiMesh>.allocate(capacity: 1)
            mesh.initialize(to: aiMesh())
            mesh.pointee.mPrimitiveTypes = UInt32(aiPrimitiveType_TRIANGLE.rawValue)
            mesh.pointee.mMaterialIndex = UInt32(i)
            setName(&mesh.pointee.mName, part.name)
            let verts = UnsafeMutablePointer<aiVector3D>.allocate(capacity: max(part.mesh.vertices.count, 1))
            for (k, v) in part.mesh.vertices.enumerated() {
                verts[k] = aiVector3D(x: Float(v.x), y: Float(v.y), z: Float(v.z))
            }
            mesh.pointee.mNumVertices = UInt32(part.mesh.vertices.count)
            mesh.pointee.mVertices = verts
            let faces = UnsafeMutablePointer<aiFace>.allocate(capacity: max(part.mesh.triangles.count, 1))
            // One block for every face's indices (the first face owns it), not an allocation per face.
            let indices = UnsafeMutablePointer<UInt32>.allocate(capacity: max(3 * part.mesh.triangles.count, 1))
            for (k, t) in part.mesh.triangles.enumerated() {
                indices[3 * k] = t.a; indices[3 * k + 1] = t.b; indices[3 * k + 2] = t.c
                faces[k] = aiFace(mNumIndices: 3, mIndices: indices + 3 * k)
            }
            mesh.pointee.mNumFaces = UInt32(part.mesh.triangles.count)
            mesh.pointee.mFaces = faces
            meshes[i] = mesh

            let node = UnsafeMutablePointer<aiNode>.allocate(capacity: 1)
            node.initialize(to: aiNode())
            node.pointee.mTransformation = identity
            setName(&node.pointee.mName, part.name)
            node.pointee.mParent = root
            let meshIndex = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
            meshIndex[0] = UInt32(i)
            node.pointee.mNumMeshes = 1
            node.pointee.mMeshes = meshIndex
            children[i] = node
        }
        root.pointee.mNumChildren = UInt32(parts.count)
        root.pointee.mChildren = children
        scene.pointee.mRootNode = root
        scene.pointee.mNumMeshes = UInt32(parts.count)
        scene.pointee.mMeshes = meshes

        let materials = UnsafeMutablePointer<UnsafeMutablePointer<aiMaterial>?>.allocate(capacity: max(parts.count, 1))
        for (i, part) in parts.enumerated() {
            materials[i] = makeMaterial(name: part.name, color: i < colors.count ? colors[i] : "#808080")
        }
        scene.pointee.mNumMaterials = UInt32(parts.count)
        scene.pointee.mMaterials = materials
        // Our meshes are indexed: tell assimp so its STL writer keeps per-face normals.
        scene.pointee.mFlags |= UInt32(AI_SCENE_FLAGS_NON_VERBOSE_FORMAT)
        return scene
    }

    private static func freeScene(_ scene: UnsafeMutablePointer<aiScene>) {
        let s = scene.pointee
        for i in 0..<Int(s.mNumMeshes) {
            guard let m = s.mMeshes[i] else { continue }
            if m.pointee.mNumFaces > 0 { m.pointee.mFaces[0].mIndices.deallocate() }
            m.pointee.mFaces.deallocate()
            m.pointee.mVertices.deallocate()
            m.deallocate()
        }
        s.mMeshes.deallocate()
        let root = s.mRootNode!
        for i in 0..<Int(root.pointee.mNumChildren) {
            guard let c = root.pointee.mChildren[i] else { continue }
            c.pointee.mMeshes.deallocate()
            c.deallocate()
        }
        root.pointee.mChildren.deallocate()
        root.deallocate()
        for i in 0..<Int(s.mNumMaterials) {
            guard let m = s.mMaterials[i] else { continue }
            for k in 0..<Int(m.pointee.mNumProperties) {
                m.pointee.mProperties[k]?.pointee.mData.deallocate()
                m.pointee.mProperties[k]?.deallocate()
            }
            m.pointee.mProperties.deallocate()
            m.deallocate()
        }
        s.mMaterials.deallocate()
        scene.deallocate()
    }

    /// A material with a name and a diffuse (and PBR base) colour from `#RRGGBB`.
    private static func makeMaterial(name: String, color: String) -> UnsafeMutablePointer<aiMaterial> {
        let rgb = UInt32(color.dropFirst(), radix: 16) ?? 0x808080
        let rgba: [Float] = [Float((rgb >> 16) & 0xFF) / 255, Float((rgb >> 8) & 0xFF) / 255, Float(rgb & 0xFF) / 255, 1]
        let colorBytes = rgba.withUnsafeBytes { Array($0) }
        let nameBytes = Array(name.utf8.prefix(1000))
        var stringBytes = withUnsafeBytes(of: UInt32(nameBytes.count).littleEndian) { Array($0) }
        stringBytes += nameBytes + [0]
        let properties: [(key: String, type: aiPropertyTypeInfo, data: [UInt8])] = [
            ("?mat.name", aiPTI_String, stringBytes),
            ("$clr.diffuse", aiPTI_Float, colorBytes),
            ("$clr.base", aiPTI_Float, colorBytes),
        ]
        let list = UnsafeMutablePointer<UnsafeMutablePointer<aiMaterialProperty>?>.allocate(capacity: properties.count)
        for (k, property) in properties.enumerated() {
            let p = UnsafeMutablePointer<aiMaterialProperty>.allocate(capacity: 1)
            p.initialize(to: aiMaterialProperty())
            setName(&p.pointee.mKey, property.key)
            p.pointee.mType = property.type
            p.pointee.mDataLength = UInt32(property.data.count)
            let data = UnsafeMutablePointer<CChar>.allocate(capacity: property.data.count)
            for (j, b) in property.data.enumerated() { data[j] = CChar(bitPattern: b) }
            p.pointee.mData = data
            list[k] = p
        }
        let material = UnsafeMutablePointer<aiMaterial>.allocate(capacity: 1)
        material.initialize(to: aiMaterial())
        material.pointee.mProperties = list
        material.pointee.mNumProperties = UInt32(properties.count)
        material.pointee.mNumAllocated = UInt32(properties.count)
        return material
    }

    private static func setName(_ name: inout aiString, _ value: String) {
        let bytes = Array(value.utf8.prefix(1000))
        name.length = UInt32(bytes.count)
        withUnsafeMutableBytes(of: &name.data) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = b }
            buffer[bytes.count] = 0
        }
    }
}
