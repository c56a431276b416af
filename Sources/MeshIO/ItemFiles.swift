import Foundation
import Geometry
import MiniDesk

/// An item's files: which ones a format and mode give, and writing them. The CLI's `export` and
/// the customizer's downloads both write through here.
public enum ItemFiles {
    /// The start of every file name of an item in a mode: the item's name, then the parameter set's
    /// name when a batch exports several (`planter-small`), then the mode where it changes the
    /// geometry (`solid-separate`, `solid-merged`; multicolour adds nothing), so that no two modes
    /// or sets ever write the same name.
    public static func stem(_ item: String, _ mode: PrintMode, set: String? = nil) -> String {
        [item, set, mode == .multicolor ? nil : mode.rawValue].compactMap { $0 }.joined(separator: "-")
    }

    /// The files an item would produce in a format (a name from `ExportFormats`): in multicolour,
    /// two 3MFs per item (the assembly for Bambu Studio, OrcaSlicer and other readers, and
    /// `.prusa.3mf` in PrusaSlicer's layout), or one OBJ or assimp file holding every part (STL,
    /// PLY and GLB get one file per part, in place, `ITEM-PART.stl`); in separate mode, one file
    /// per part (`ITEM-separate-PART.stl`); merged, one file (`ITEM-merged.stl`). Companion files
    /// (an OBJ's `.mtl`, glTF's `.bin`) are not listed: `companions(of:format:)` names them.
    public static func plannedPaths(_ item: DeskItem, _ overrides: ParameterSet, format: String, mode: PrintMode, set: String? = nil, folder: String) -> [String] {
        let ext = ExportFormats.fileExtension(format)
        let stem = stem(item.name, mode, set: set)
        if mode == .merged { return [folder + "/\(stem).\(ext)"] }
        if format == "3mf" && mode == .multicolor { return [folder + "/\(stem).3mf", folder + "/\(stem).prusa.3mf"] }
        if MeshFormat(rawValue: format) == nil && format != "3mf" && mode == .multicolor { return [folder + "/\(stem).\(ext)"] }
        return item.partNames(overrides).map { folder + "/\(stem)-\($0).\(ext)" }
    }

    /// The files written beside `path` in `format`: an OBJ's material library, glTF's binary buffer.
    public static func companions(of path: String, format: String) -> [String] {
        let base = (path as NSString).deletingPathExtension
        if format == "obj" { return [base + ".mtl"] }
        return (AssimpFormat.named(format)?.companionExtensions ?? []).map { base + "." + $0 }
    }

    /// Writes one item's files in `format` into `folder`, each through a temporary name; returns one
    /// manifest entry per file (`path`, `triangles`, `volume`, and `warnings` if any).
    public static func write(_ item: DeskItem, _ parts: [Part], _ overrides: ParameterSet, format: String, mode: PrintMode, set: String? = nil, folder: String, resolution: Resolution) throws -> [[String: Any]] {
        func volume(_ m: Mesh) -> Double { m.report(checkSelfIntersections: false).volume }
        let used = item.schema.defaults.overriding(with: overrides)
        let stem = stem(item.name, mode, set: set)
        if format == "3mf" && mode == .separate {
            // One file per part, each a single-part object.
            return try parts.map { part in
                let path = folder + "/\(stem)-\(part.name).3mf"
                var metadata = ThreeMFWriter.Metadata(title: "MiniDesk \(item.name) \(part.name)", parametersJSON: parameterFile(used, item: item.name))
                metadata.thumbnailPNG = PreviewRenderer(view: .iso, size: 256).png([(part.mesh, part.color)])
                try ThreeMFWriter.write(
                    objectName: "\(item.name)-\(part.name)", parts: [Part(name: part.name, color: part.color, mesh: part.mesh)],
                    metadata: metadata, to: path)
                return ["item": item.name, "part": part.name, "path": path, "triangles": part.mesh.triangles.count, "volume": volume(part.mesh)]
            }
        }
        if format == "obj" {
            // Coloured through a material library beside each file: every part in one file in
            // multicolour, one file per part in separate mode.
            let groups = mode == .separate ? parts.map { ("\(stem)-\($0.name)", [$0]) } : [(stem, parts)]
            return try groups.map { (name, group) in
                let path = folder + "/\(name).obj"
                try OBJWriter.write(group, to: path)
                return ["item": item.name, "part": group.count == 1 ? group[0].name : "*", "path": path,
                        "materials": folder + "/\(name).mtl", "triangles": group.reduce(0) { $0 + $1.mesh.triangles.count },
                        "volume": group.reduce(0.0) { $0 + volume($1.mesh) }]
            }
        }
        if format == "3mf" {
            // The item laid out for printing, one object per piece (the body and its foot; the
            // stash's lid, base and foot), its parts already on their filaments, with the
            // parameters used: once as an assembly and once in PrusaSlicer's layout, since no one
            // file opens assembled in every slicer.
            var metadata = ThreeMFWriter.Metadata(title: "MiniDesk \(item.name)", parametersJSON: parameterFile(used, item: item.name))
            metadata.thumbnailPNG = PreviewRenderer(view: .iso, size: 256).png(parts.map { ($0.mesh, $0.color) })
            let objects = threeMFObjects(item.name, parts)
            // A merged body is one part, which every slicer reads alike from the assembly.
            let layouts: [(ThreeMFLayout, String)] = mode == .merged ? [(.assembly, "3mf")] : [(.assembly, "3mf"), (.prusaSlicer, "prusa.3mf")]
            return try layouts.map { layout, ext in
                let path = folder + "/\(stem).\(ext)"
                try ThreeMFWriter.write(objects: objects, layout: layout, filaments: parts.map(\.color), metadata: metadata, to: path)
                return ["item": item.name, "part": "*", "path": path, "layout": layout.rawValue, "objects": objects.count,
                        "triangles": parts.reduce(0) { $0 + $1.mesh.triangles.count }, "volume": parts.reduce(0.0) { $0 + volume($1.mesh) }]
            }
        }
        if let assimp = AssimpFormat.named(format) {
            // Every part in one file in multicolour, one file per part in separate mode, each a named
            // mesh with a material in its colour.
            let groups = mode == .separate ? parts.map { ("\(stem)-\($0.name)", [$0]) } : [(stem, parts)]
            return try groups.map { (name, group) in
                let path = folder + "/\(name).\(assimp.fileExtension)"
                let written = try AssimpWriter.write(group, format: assimp, to: path)
                var entry: [String: Any] = ["item": item.name, "part": group.count == 1 ? group[0].name : "*", "path": path,
                                            "triangles": group.reduce(0) { $0 + $1.mesh.triangles.count }, "volume": group.reduce(0.0) { $0 + volume($1.mesh) }]
                if written.count > 1 { entry["companions"] = Array(written.dropFirst()) }
                if let limit = assimp.verticesPerMesh, let big = group.first(where: { $0.mesh.vertices.count > limit }) {
                    entry["warnings"] = ["\(path): part `\(big.name)` has \(big.mesh.vertices.count) vertices, more than the \(limit) one \(assimp.id) mesh holds, so it is split into several open meshes; "
                        + "use a coarser --resolution than a chord deviation of \(resolution.maxChordDeviation) mm to keep it whole"]
                }
                return entry
            }
        }
        let meshFormat = MeshFormat(rawValue: format)!
        return try parts.map { part in
            let path = folder + (mode == .merged ? "/\(stem).\(meshFormat.fileExtension)" : "/\(stem)-\(part.name).\(meshFormat.fileExtension)")
            var entry: [String: Any] = ["item": item.name, "part": part.name, "path": path, "triangles": part.mesh.triangles.count, "volume": volume(part.mesh)]
            // STL holds 32-bit floats: where rounding to them folds a thin feature, say so.
            if meshFormat == .stl || meshFormat == .stlASCII {
                let stored = STLWriter.stored(part.mesh)
                if !stored.isValidSolid() {
                    entry["warnings"] = ["\(path): rounded to STL's 32-bit floats, this part is not a valid solid (\(stored.report().problems.joined(separator: "; "))); "
                        + "--format 3mf or ply keep full precision, or use a coarser --resolution than a chord deviation of \(resolution.maxChordDeviation) mm"]
                }
            }
            try MeshWriter.write([part], format: meshFormat, to: path)
            return entry
        }
    }

    /// An item's parts as 3MF objects: the body named after the item, and one per piece
    /// (`solid-foot`; `stash-lid`, `stash-base`, `stash-foot`), in the order the parts come.
    public static func threeMFObjects(_ item: String, _ parts: [Part]) -> [ThreeMFObject] {
        var objects = [ThreeMFObject]()
        for part in parts {
            let name = part.piece.map { "\(item)-\($0)" } ?? item
            let p = Part(name: part.name, color: part.color, mesh: part.mesh)
            if let i = objects.firstIndex(where: { $0.name == name }) { objects[i].parts.append(p) } else { objects.append(ThreeMFObject(name: name, parts: [p])) }
        }
        return objects
    }

    /// A parameter set as an OpenSCAD-style parameter file, for metadata and presets.
    public static func parameterFile(_ values: ParameterSet, item: String) -> String {
        let entries = values.values.mapValues(\.plain)
        let data = try! JSONSerialization.data(withJSONObject: ["fileFormatVersion": "1", "parameterSets": [item: entries]], options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
