import CAssimp

/// A file format written through one of assimp's exporters: COLLADA, STEP, FBX, glTF, X3D, 3DS,
/// DirectX, pbrt and assimp's own formats, as this build of assimp lists them at run time. The formats MiniDesk writes itself (STL, PLY, OBJ, GLB,
/// 3MF) are not offered here: our writers keep full precision, stream, and hold a fraction of the
/// memory assimp's exporters need.
public struct AssimpFormat: Hashable, Sendable, CustomStringConvertible {
    /// assimp's id of the exporter (`collada`, `stp`, `fbx`, `gltf2`, ...), which is also the name
    /// `--format` takes.
    public let id: String
    /// The file name extension, without the dot (`dae`, `stp`, `fbx`, `gltf`, ...).
    public let fileExtension: String
    /// assimp's description of the format ("COLLADA - Digital Asset Exchange Schema").
    public let summary: String

    public var description: String { id }

    /// The ids of assimp's exporters that are not offered: those for formats MiniDesk writes with
    /// its own writers; binary FBX, which assimp 5.2 writes without the null records that end each
    /// node list (assimp issue 4686), so no reader, assimp's own included, can open it (FBX is
    /// written as ASCII FBX, `fbxa`, also named by `fbx`); and glTF 1.0 (`gltf`, `glb`), replaced by
    /// glTF 2.0 in 2017, which assimp itself no longer reads (`gltf` names `gltf2`).
    static let notOffered: Set<String> = ["obj", "objnomtl", "stl", "stlb", "ply", "plyb", "3mf", "glb", "fbx", "gltf"]

    /// Formats whose convention is +Y up (glTF, FBX, X3D, DirectX, COLLADA): our +Z-up parts are
    /// turned upright in them, as in our own GLB. The others (STEP, 3DS, pbrt, assimp's own)
    /// keep +Z up.
    var isYUp: Bool { ["collada", "x", "gltf2", "glb2", "x3d", "fbxa"].contains(id) }

    /// The extensions of the files the exporter writes beside the main one (glTF's binary buffer).
    public var companionExtensions: [String] { id == "gltf2" ? ["bin"] : [] }

    /// The most vertices one mesh holds in the format, if it has a limit: 3DS counts them in 16
    /// bits, and assimp splits a bigger part into several meshes (open pieces that together hold
    /// every triangle).
    public var verticesPerMesh: Int? { id == "3ds" ? 65535 : nil }

    /// Whether assimp reads the format back, so that `export --verify` can check it: not STEP (its
    /// STEP reader takes IFC only), nor assimp's XML and JSON dumps, nor pbrt scenes.
    public var readsBack: Bool { !["stp", "assxml", "assjson", "pbrt"].contains(id) }

    /// Every format this build of assimp exports, in assimp's order, without MiniDesk's own.
    public static let all: [AssimpFormat] = (0..<aiGetExportFormatCount()).compactMap { i in
        guard let d = aiGetExportFormatDescription(i) else { return nil }
        defer { aiReleaseExportFormatDescription(d) }
        let format = AssimpFormat(id: String(cString: d.pointee.id), fileExtension: String(cString: d.pointee.fileExtension),
                                  summary: String(cString: d.pointee.description))
        return notOffered.contains(format.id) ? nil : format
    }

    /// The format named `name` (any letter case): by id, by the common name `step`, or else by a
    /// file extension that only one of them has (`dae` is COLLADA, `json` assimp's JSON). Never
    /// one of MiniDesk's own formats (`glb` is ours, not assimp's `glb2`).
    public static func named(_ name: String) -> AssimpFormat? {
        var name = name.lowercased()
        if ExportFormats.own.contains(name) { return nil }
        if name == "step" { name = "stp" }
        if let format = all.first(where: { $0.id == name }) { return format }
        let byExtension = all.filter { $0.fileExtension == name }
        return byExtension.count == 1 ? byExtension[0] : nil
    }
}
