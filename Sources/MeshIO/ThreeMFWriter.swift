import CMinizip
import Foundation
import Geometry

/// One coloured part of a 3MF object.
public struct ThreeMFPart: Sendable {
    /// The part name slicers show.
    public var name: String
    /// `#RRGGBB`.
    public var color: String
    public var mesh: Mesh

    public init(name: String, color: String, mesh: Mesh) {
        self.name = name
        self.color = color
        self.mesh = mesh
    }
}

/// Writes slicer-ready 3MF: one build item pointing at one components object, with one mesh object
/// per part, each coloured through an `m:colorgroup`, and the part-to-filament assignment that
/// Bambu Studio and OrcaSlicer (`Metadata/model_settings.config`) and PrusaSlicer
/// (`Metadata/Slic3r_PE_model.config`) read. Parts take filaments 1, 2, ... by distinct colour, in
/// the order the colours first appear. The model XML is streamed into the zip, never held whole.
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

        public init(title: String, parametersJSON: String? = nil) {
            self.title = title
            self.parametersJSON = parametersJSON
        }
    }

    /// Writes `parts` as one object named `objectName` to `path`, atomically. With no parts it
    /// writes a valid 3MF whose build is empty (an empty result of `minidesk csg`).
    public static func write(objectName: String, parts: [ThreeMFPart], metadata: Metadata, to path: String) throws(FileOutputError) {
        for part in parts {
            guard part.color.count == 7, part.color.hasPrefix("#"), UInt32(part.color.dropFirst(), radix: 16) != nil else {
                throw .writeFailed(path: path, reason: "part \(part.name) has colour \(part.color); a #RRGGBB colour is needed")
            }
            guard part.mesh.vertices.allSatisfy(\.isFinite) else {
                throw .writeFailed(path: path, reason: "part \(part.name) has coordinates that are not finite")
            }
            guard part.mesh.triangles.count >= 4 else {
                throw .writeFailed(path: path, reason: "part \(part.name) has \(part.mesh.triangles.count) triangles; a 3MF mesh needs at least 4")
            }
        }
        try AtomicFile.write(to: path) { (temp: String) throws(FileOutputError) in
            let zip = try ZipArchive(path: temp, reportingAs: path)
            try zip.add("[Content_Types].xml", contentTypes)
            try zip.add("_rels/.rels", relationships(thumbnail: metadata.thumbnailPNG != nil))
            if let png = metadata.thumbnailPNG { try zip.add(data: "Metadata/thumbnail.png", png) }
            try zip.stream("3D/3dmodel.model") { (emit: (String) throws(FileOutputError) -> Void) throws(FileOutputError) in
                try model(objectName: objectName, parts: parts, metadata: metadata, emit: emit)
            }
            try zip.add("Metadata/model_settings.config", bambuConfig(objectName: objectName, parts: parts))
            try zip.add("Metadata/Slic3r_PE_model.config", prusaConfig(parts: parts))
            if let params = metadata.parametersJSON { try zip.add("Metadata/minidesk_parameters.json", params) }
            try zip.close()
        }
    }

    /// Filament numbers (1-based) by distinct colour, in order of first appearance.
    public static func extruders(for parts: [ThreeMFPart]) -> [Int] {
        var order = [String]()
        return parts.map { p in
            if let i = order.firstIndex(of: p.color.uppercased()) { return i + 1 }
            order.append(p.color.uppercased())
            return order.count
        }
    }

    // Object ids: the colour group is 1, parts are 2...N+1, the components object is N+2.
    static func partID(_ k: Int) -> Int { k + 2 }
    static func objectID(_ parts: [ThreeMFPart]) -> Int { parts.count + 2 }

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

    static func model(objectName: String, parts: [ThreeMFPart], metadata: Metadata, emit: (String) throws(FileOutputError) -> Void) throws(FileOutputError) {
        let date = ISO8601DateFormatter.string(from: metadata.creationDate, timeZone: .init(identifier: "UTC")!, formatOptions: [.withFullDate])
        try emit("""
            <?xml version="1.0" encoding="UTF-8"?>
            <model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:m="http://schemas.microsoft.com/3dmanufacturing/material/2015/02">
             <metadata name="Title">\(xml(metadata.title))</metadata>
             <metadata name="Designer">\(xml(metadata.designer))</metadata>
             <metadata name="Application">MiniDesk \(xml(MiniDeskVersion.current))</metadata>
             <metadata name="CreationDate">\(date)</metadata>
             <resources>
            """ + "\n")
        guard !parts.isEmpty else { return try emit(" </resources>\n <build/>\n</model>\n") }
        try emit("  <m:colorgroup id=\"1\">\n")
        for part in parts { try emit("   <m:color color=\"\(part.color.uppercased())\"/>\n") }
        try emit("  </m:colorgroup>\n")
        for (k, part) in parts.enumerated() {
            try emit("  <object id=\"\(partID(k))\" name=\"\(xml(part.name))\" type=\"model\" pid=\"1\" pindex=\"\(k)\">\n   <mesh>\n    <vertices>\n")
            var chunk = ""
            chunk.reserveCapacity(1 << 16)
            for v in part.mesh.vertices {
                chunk += "     <vertex x=\"\(v.x)\" y=\"\(v.y)\" z=\"\(v.z)\"/>\n"
                if chunk.utf8.count > 60_000 { try emit(chunk); chunk.removeAll(keepingCapacity: true) }
            }
            chunk += "    </vertices>\n    <triangles>\n"
            for t in part.mesh.triangles {
                chunk += "     <triangle v1=\"\(t.a)\" v2=\"\(t.b)\" v3=\"\(t.c)\"/>\n"
                if chunk.utf8.count > 60_000 { try emit(chunk); chunk.removeAll(keepingCapacity: true) }
            }
            try emit(chunk + "    </triangles>\n   </mesh>\n  </object>\n")
        }
        try emit("  <object id=\"\(objectID(parts))\" name=\"\(xml(objectName))\" type=\"model\">\n   <components>\n")
        for k in parts.indices { try emit("    <component objectid=\"\(partID(k))\"/>\n") }
        try emit("""
               </components>
              </object>
             </resources>
             <build>
              <item objectid="\(objectID(parts))"/>
             </build>
            </model>
            """ + "\n")
    }

    static func bambuConfig(objectName: String, parts: [ThreeMFPart]) -> String {
        let extruders = extruders(for: parts)
        guard !parts.isEmpty else { return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<config>\n</config>\n" }
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<config>\n <object id=\"\(objectID(parts))\">\n"
        s += "  <metadata key=\"name\" value=\"\(xml(objectName))\"/>\n  <metadata key=\"extruder\" value=\"\(extruders.first ?? 1)\"/>\n"
        for (k, part) in parts.enumerated() {
            s += "  <part id=\"\(partID(k))\" subtype=\"normal_part\">\n"
            s += "   <metadata key=\"name\" value=\"\(xml(part.name))\"/>\n   <metadata key=\"extruder\" value=\"\(extruders[k])\"/>\n  </part>\n"
        }
        return s + " </object>\n</config>\n"
    }

    static func prusaConfig(parts: [ThreeMFPart]) -> String {
        let extruders = extruders(for: parts)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<config>\n"
        for (k, part) in parts.enumerated() {
            s += " <object id=\"\(partID(k))\" instances_count=\"1\">\n  <metadata type=\"object\" key=\"name\" value=\"\(xml(part.name))\"/>\n"
            s += "  <volume firstid=\"0\" lastid=\"\(part.mesh.triangles.count - 1)\">\n"
            s += "   <metadata type=\"volume\" key=\"name\" value=\"\(xml(part.name))\"/>\n"
            s += "   <metadata type=\"volume\" key=\"volume_type\" value=\"ModelPart\"/>\n"
            s += "   <metadata type=\"volume\" key=\"extruder\" value=\"\(extruders[k])\"/>\n  </volume>\n </object>\n"
        }
        return s + "</config>\n"
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
