import CMinizip
import Foundation
import Geometry
import MiniDesk
import Support

/// One object of a 3MF build: the parts that a slicer moves together (a whole item, or the stash's
/// lid or base), in place, in millimetres.
public struct ThreeMFObject: Sendable {
    public var name: String
    public var parts: [Part]

    public init(name: String, parts: [Part]) {
        self.name = name
        self.parts = parts
    }
}

/// How the parts of an object are stored, for the slicer that opens the file. No one layout serves
/// every slicer (docs/3mf.md quotes the loaders): Bambu Studio and OrcaSlicer make one part of each
/// mesh object under a `<components>` object, while PrusaSlicer makes one object of each mesh
/// object and splits a mesh into parts only by triangle ranges.
public enum ThreeMFLayout: String, Sendable, CaseIterable {
    /// Each object a `<components>` object over one mesh object per part, each part on its filament
    /// in `Metadata/model_settings.config`: the 3MF core as Bambu Studio, OrcaSlicer and Cura read
    /// it.
    case assembly
    /// Each object one mesh object whose parts are contiguous triangle ranges, named and on their
    /// filaments in `Metadata/Slic3r_PE_model.config`: PrusaSlicer's own layout.
    case prusaSlicer
}

/// Writes slicer-ready 3MF, streamed into the zip and renamed into place only when complete:
/// one build item per object, every part coloured (`m:colorgroup`) and assigned to a filament.
/// Parts take filaments 1, 2, ... by distinct colour, in the order the colours first appear.
/// `Application` names MiniDesk, never another program (slicers switch loaders on it).
public enum ThreeMFWriter {
    /// File-level facts written as 3MF metadata.
    public struct Metadata: Sendable {
        public var title: String
        public var designer: String = "MiniDesk"
        /// The parameter set used, as JSON, stored in `Metadata/minidesk_parameters.json` so that the
        /// file can be regenerated.
        public var parametersJSON: String?
        public var creationDate: Date = Date()
        /// A PNG preview, stored as `Metadata/thumbnail.png` and shown by file browsers and slicers.
        public var thumbnailPNG: Data?
        /// Whether the objects form one print plate (listed as Bambu Studio's plate 1).
        public var isPlate = false

        public init(title: String, parametersJSON: String? = nil) {
            self.title = title
            self.parametersJSON = parametersJSON
        }
    }

    /// Writes `parts` as one object named `objectName` to `path`, atomically. With no parts it
    /// writes a valid 3MF whose build is empty (an empty result of `minidesk csg`).
    public static func write(objectName: String, parts: [Part], layout: ThreeMFLayout = .assembly, metadata: Metadata, to path: String) throws(FileOutputError) {
        try write(objects: parts.isEmpty ? [] : [ThreeMFObject(name: objectName, parts: parts)], layout: layout, metadata: metadata, to: path)
    }

    /// Writes `objects`, each a build item, to `path` in `layout`, atomically. `filaments` lists
    /// colours in filament order (the colours of the parts that it leaves out follow, in order of
    /// first appearance), so that an item split into pieces keeps its palette's numbering.
    public static func write(objects: [ThreeMFObject], layout: ThreeMFLayout, filaments: [Color] = [], metadata: Metadata, to path: String) throws(FileOutputError) {
        for part in objects.flatMap(\.parts) {
            guard part.mesh.vertices.allSatisfy(\.isFinite) else {
                throw .writeFailed(path: path, reason: "part \(part.name) has coordinates that are not finite")
            }
            guard part.mesh.triangles.count >= 4 else {
                throw .writeFailed(path: path, reason: "part \(part.name) has \(part.mesh.triangles.count) triangles; a 3MF mesh needs at least 4")
            }
        }
        let plan = ThreeMFPlan(objects: objects, layout: layout, filaments: filaments)
        try AtomicFile.write(to: path) { (temp: String) throws(FileOutputError) in
            let zip = try ZipArchive(path: temp, reportingAs: path)
            try zip.add("[Content_Types].xml", contentTypes)
            try zip.add("_rels/.rels", relationships(thumbnail: metadata.thumbnailPNG != nil))
            if let png = metadata.thumbnailPNG { try zip.add(data: "Metadata/thumbnail.png", png) }
            try zip.stream("3D/3dmodel.model") { (emit: (String) throws(FileOutputError) -> Void) throws(FileOutputError) in
                try model(plan, metadata: metadata, emit: emit)
            }
            try zip.add("Metadata/model_settings.config", ThreeMFSlicerConfigs.bambu(plan, plate: metadata.isPlate))
            try zip.add("Metadata/Slic3r_PE_model.config", ThreeMFSlicerConfigs.prusa(plan))
            if let params = metadata.parametersJSON { try zip.add("Metadata/minidesk_parameters.json", params) }
            try zip.close()
        }
    }

    /// Filament numbers (1-based) by distinct colour, in order of first appearance.
    public static func extruders(for parts: [Part]) -> [Int] {
        var order = [Color]()
        return parts.map { p in
            if let i = order.firstIndex(of: p.color) { return i + 1 }
            order.append(p.color)
            return order.count
        }
    }

    static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
         <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
         <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
         <Default Extension="config" ContentType="text/xml"/>
         <Default Extension="json" ContentType="application/json"/>
         <Default Extension="png" ContentType="image/png"/>
        </Types>
        """

    static func relationships(thumbnail: Bool) -> String {
        let thumb = thumbnail
            ? "\n <Relationship Id=\"rel1\" Target=\"/Metadata/thumbnail.png\" Type=\"http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail\"/>"
            : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
             <Relationship Id="rel0" Target="/3D/3dmodel.model" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>\(thumb)
            </Relationships>
            """
    }

    static func model(_ plan: ThreeMFPlan, metadata: Metadata, emit: (String) throws(FileOutputError) -> Void) throws(FileOutputError) {
        let date = ISO8601DateFormatter.string(from: metadata.creationDate, timeZone: .init(identifier: "UTC")!, formatOptions: [.withFullDate])
        let prusa = plan.layout == .prusaSlicer
        try emit("""
            <?xml version="1.0" encoding="UTF-8"?>
            <model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:m="http://schemas.microsoft.com/3dmanufacturing/material/2015/02"\(prusa ? " xmlns:slic3rpe=\"http://schemas.slic3r.org/3mf/2017/06\"" : "")>
             <metadata name="Title">\(xml(metadata.title))</metadata>
             <metadata name="Designer">\(xml(metadata.designer))</metadata>
             <metadata name="Application">MiniDesk \(xml(MiniDeskVersion.current))</metadata>
             <metadata name="CreationDate">\(date)</metadata>\(prusa ? "\n <metadata name=\"slic3rpe:Version3mf\">1</metadata>" : "")
             <resources>
            """ + "\n")
        guard !plan.objects.isEmpty else { return try emit(" </resources>\n <build/>\n</model>\n") }
        try emit("  <m:colorgroup id=\"1\">\n")
        for color in plan.colors { try emit("   <m:color color=\"\(color.hex)\"/>\n") }
        try emit("  </m:colorgroup>\n")
        for (k, object) in plan.objects.enumerated() {
            switch plan.layout {
            case .assembly:
                for (j, part) in object.parts.enumerated() {
                    try emitMesh(id: plan.partIDs[k][j], name: part.name, pindex: plan.colorIndex[k][j], [(part.mesh, nil)], emit: emit)
                }
                try emit("  <object id=\"\(plan.objectIDs[k])\" name=\"\(xml(object.name))\" type=\"model\">\n   <components>\n")
                for id in plan.partIDs[k] { try emit("    <component objectid=\"\(id)\"/>\n") }
                try emit("   </components>\n  </object>\n")
            case .prusaSlicer:
                // One mesh: each part's vertices and triangles follow the previous part's, every
                // triangle coloured as its part.
                let first = plan.colorIndex[k].first ?? 0
                try emitMesh(id: plan.objectIDs[k], name: object.name, pindex: first,
                             object.parts.indices.map { (object.parts[$0].mesh, plan.colorIndex[k][$0] == first ? nil : plan.colorIndex[k][$0]) }, emit: emit)
            }
        }
        try emit(" </resources>\n <build>\n")
        for id in plan.objectIDs { try emit("  <item objectid=\"\(id)\"/>\n") }
        try emit(" </build>\n</model>\n")
    }

    /// A mesh object made of `pieces` in order; a piece with a colour index other than the object's
    /// gives its triangles that colour.
    private static func emitMesh(id: Int, name: String, pindex: Int, _ pieces: [(Mesh, Int?)], emit: (String) throws(FileOutputError) -> Void) throws(FileOutputError) {
        try emit("  <object id=\"\(id)\" name=\"\(xml(name))\" type=\"model\" pid=\"1\" pindex=\"\(pindex)\">\n   <mesh>\n    <vertices>\n")
        var chunk = ""
        chunk.reserveCapacity(1 << 16)
        for (mesh, _) in pieces {
            for v in mesh.vertices {
                chunk += "     <vertex x=\"\(v.x)\" y=\"\(v.y)\" z=\"\(v.z)\"/>\n"
                if chunk.utf8.count > 60_000 { try emit(chunk); chunk.removeAll(keepingCapacity: true) }
            }
        }
        chunk += "    </vertices>\n    <triangles>\n"
        var base = 0
        for (mesh, color) in pieces {
            let tail = color.map { " pid=\"1\" p1=\"\($0)\"/>\n" } ?? "/>\n"
            for t in mesh.triangles {
                chunk += "     <triangle v1=\"\(Int(t.a) + base)\" v2=\"\(Int(t.b) + base)\" v3=\"\(Int(t.c) + base)\"" + tail
                if chunk.utf8.count > 60_000 { try emit(chunk); chunk.removeAll(keepingCapacity: true) }
            }
            base += mesh.vertices.count
        }
        try emit(chunk + "    </triangles>\n   </mesh>\n  </object>\n")
    }

    /// Text escaped for XML content and attribute values.
    static func xml(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}

/// The ids and numbers a 3MF file's parts get, shared by the model and the slicer configs: the
/// colour group is resource 1; in the assembly layout each object's parts come next, then the
/// object; in PrusaSlicer's layout each object is one id.
struct ThreeMFPlan {
    let objects: [ThreeMFObject]
    let layout: ThreeMFLayout
    /// The distinct colours, in order of first appearance (the filaments given first): colour k is
    /// filament k + 1.
    let colors: [Color]
    /// For each object, its parts' colour indices.
    let colorIndex: [[Int]]
    let objectIDs: [Int]
    /// For each object, its parts' mesh object ids (assembly layout only).
    let partIDs: [[Int]]

    init(objects: [ThreeMFObject], layout: ThreeMFLayout, filaments: [Color] = []) {
        self.objects = objects
        self.layout = layout
        var colors = [Color]()
        for c in filaments where !colors.contains(c) && objects.contains(where: { $0.parts.contains { $0.color == c } }) {
            colors.append(c)
        }
        colorIndex = objects.map { o in
            o.parts.map { p in
                let c = p.color
                if let i = colors.firstIndex(of: c) { return i }
                colors.append(c)
                return colors.count - 1
            }
        }
        self.colors = colors
        var next = 2, objectIDs = [Int](), partIDs = [[Int]]()
        for o in objects {
            if layout == .assembly {
                partIDs.append(Array(next..<next + o.parts.count))
                next += o.parts.count
            } else {
                partIDs.append([])
            }
            objectIDs.append(next)
            next += 1
        }
        self.objectIDs = objectIDs
        self.partIDs = partIDs
    }

    /// The filament (1-based) of part `j` of object `k`.
    func extruder(_ k: Int, _ j: Int) -> Int { colorIndex[k][j] + 1 }
}
