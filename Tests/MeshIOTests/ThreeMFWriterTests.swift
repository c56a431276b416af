import CMinizip
import Foundation
import Geometry
import MiniDesk
import Testing
@testable import MeshIO

/// Reads entries back from a zip archive with minizip's reader.
func zipEntries(_ path: String) -> [String: String] {
    guard let zip = unzOpen64(path) else { return [:] }
    defer { unzClose(zip) }
    var entries = [String: String]()
    var status = unzGoToFirstFile(zip)
    while status == UNZ_OK {
        var info = unz_file_info64()
        var name = [CChar](repeating: 0, count: 512)
        unzGetCurrentFileInfo64(zip, &info, &name, 512, nil, 0, nil, 0)
        unzOpenCurrentFile(zip)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = unzReadCurrentFile(zip, &buffer, UInt32(buffer.count))
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<Int(n)])
        }
        unzCloseCurrentFile(zip)
        entries[String(cString: name)] = String(decoding: data, as: UTF8.self)
        status = unzGoToNextFile(zip)
    }
    return entries
}

@Suite struct ThreeMFWriterTests {
    static func parts() throws -> [Part] {
        [
            Part(name: "shell", color: "#c8c8cc", mesh: try Mesh.box(size: Vector3(10, 10, 5), center: Vector3(5, 5, 7.5))),
            Part(name: "Black & <Matte> \"base\"", color: "#1A1A1A", mesh: try Mesh.box(size: Vector3(10, 10, 5), center: Vector3(5, 5, 2.5))),
            Part(name: "ports", color: "#1a1a1a", mesh: try Mesh.box(size: Vector3(1, 1, 1), center: Vector3(20, 1, 1))),
        ]
    }

    @Test func packageStructureAndSlicerConfigs() throws {
        let path = AtomicFileTests.tempFolder() + "/item.3mf"
        try ThreeMFWriter.write(objectName: "desk & co", parts: try Self.parts(),
                                metadata: .init(title: "Replica & co", parametersJSON: #"{"body.width": 127}"#), to: path)
        let e = zipEntries(path)
        #expect(Set(e.keys) == ["[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model", "Metadata/model_settings.config",
                                "Metadata/Slic3r_PE_model.config", "Metadata/minidesk_parameters.json"])
        let model = try #require(e["3D/3dmodel.model"])
        #expect(model.contains(#"<metadata name="Title">Replica &amp; co</metadata>"#))
        #expect(model.contains(#"<metadata name="Application">MiniDesk "#) && !model.contains("BambuStudio") && !model.contains("PrusaSlicer"))
        #expect(model.contains(#"<m:colorgroup id="1">"#) && model.contains(##"<m:color color="#C8C8CC"/>"##))
        #expect(model.contains(#"<object id="3" name="Black &amp; &lt;Matte&gt; &quot;base&quot;" type="model" pid="1" pindex="1">"#))
        #expect(model.contains(#"<object id="5" name="desk &amp; co" type="model">"#))
        #expect(model.contains(#"<component objectid="2"/>"#) && model.contains(#"<item objectid="5"/>"#))
        // Metadata precedes resources, which precede the build.
        let order = ["<metadata", "<resources>", "<build>"].map { model.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        // Filaments by distinct colour: the two dark parts share filament 2.
        #expect(ThreeMFWriter.extruders(for: try Self.parts()) == [1, 2, 2])
        let bambu = try #require(e["Metadata/model_settings.config"])
        #expect(bambu.contains(#"<object id="5">"#) && bambu.contains(#"<part id="4" subtype="normal_part">"#))
        #expect(bambu.components(separatedBy: #"<metadata key="extruder" value="2"/>"#).count == 3)
        let prusa = try #require(e["Metadata/Slic3r_PE_model.config"])
        #expect(prusa.contains(#"<object id="2" instances_count="1">"#) && prusa.contains(#"<volume firstid="0" lastid="11">"#))
        #expect(e["Metadata/minidesk_parameters.json"] == #"{"body.width": 127}"#)
    }

    /// PrusaSlicer's layout: one mesh object per object, its parts as contiguous triangle ranges
    /// that Slic3r_PE_model.config names and puts on filaments; triangles of a part in another
    /// colour than the object's carry that colour.
    @Test func prusaSlicerLayoutIsOneMeshPerObjectWithVolumeRanges() throws {
        let path = AtomicFileTests.tempFolder() + "/item.prusa.3mf"
        let p = try Self.parts()
        let objects = [ThreeMFObject(name: "lid", parts: [p[0], p[2]]), ThreeMFObject(name: "base", parts: [p[1]])]
        try ThreeMFWriter.write(objects: objects, layout: .prusaSlicer, filaments: ["#C8C8CC", "#1A1A1A"], metadata: .init(title: "t"), to: path)
        let e = zipEntries(path)
        let model = try #require(e["3D/3dmodel.model"])
        #expect(model.contains(#"xmlns:slic3rpe="http://schemas.slic3r.org/3mf/2017/06""#) && model.contains(#"<metadata name="slic3rpe:Version3mf">1</metadata>"#))
        #expect(model.contains(#"<object id="2" name="lid" type="model" pid="1" pindex="0">"#) && model.contains(#"<object id="3" name="base" type="model" pid="1" pindex="1">"#))
        #expect(!model.contains("<components>") && model.contains("<item objectid=\"2\"/>\n  <item objectid=\"3\"/>"))
        // The ports' 12 triangles follow the shell's 12, their vertices after its 8, in filament 2's colour.
        #expect(model.components(separatedBy: #"p1="1""#).count - 1 == 12)
        let prusa = try #require(e["Metadata/Slic3r_PE_model.config"])
        #expect(prusa.contains(#"<object id="2" instances_count="1">"#) && prusa.contains(#"<volume firstid="0" lastid="11">"#)
                && prusa.contains(#"<volume firstid="12" lastid="23">"#) && prusa.contains(#"<metadata type="object" key="name" value="lid"/>"#))
        #expect(prusa.components(separatedBy: #"key="extruder" value="2""#).count - 1 == 2)
        // Bambu Studio sees each object as one part, on its first part's filament.
        let bambu = try #require(e["Metadata/model_settings.config"])
        #expect(bambu.contains(#"<object id="2">"#) && bambu.contains(#"<part id="2" subtype="normal_part">"#) && bambu.contains(#"<part id="3" subtype="normal_part">"#))
    }

    /// Filament order follows the palette given, not the order objects list their parts in.
    @Test func filamentsFollowTheGivenOrder() throws {
        let p = try Self.parts()
        let objects = [ThreeMFObject(name: "lid", parts: [p[2], p[0]])]
        #expect(ThreeMFPlan(objects: objects, layout: .assembly).colors == ["#1A1A1A", "#C8C8CC"])
        #expect(ThreeMFPlan(objects: objects, layout: .assembly, filaments: ["#c8c8cc", "#FF0000", "#1a1a1a"]).colors == ["#C8C8CC", "#1A1A1A"])
    }

    @Test func aThumbnailIsStoredAndRelated() throws {
        let path = AtomicFileTests.tempFolder() + "/thumb.3mf"
        var metadata = ThreeMFWriter.Metadata(title: "t")
        metadata.thumbnailPNG = PreviewRenderer(size: 32).png(try Self.parts().map { ($0.mesh, $0.color) })
        try ThreeMFWriter.write(objectName: "t", parts: try Self.parts(), metadata: metadata, to: path)
        let e = zipEntries(path)
        #expect(e["Metadata/thumbnail.png"]?.isEmpty == false)
        #expect(e["_rels/.rels"]?.contains(#"Target="/Metadata/thumbnail.png" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail""#) == true)
    }

    @Test func noPartsMakeAnEmptyBuild() throws {
        let path = AtomicFileTests.tempFolder() + "/empty.3mf"
        try ThreeMFWriter.write(objectName: "e", parts: [], metadata: .init(title: "e"), to: path)
        let e = zipEntries(path)
        let model = try #require(e["3D/3dmodel.model"])
        #expect(model.contains("<resources>\n </resources>\n <build/>\n</model>") && !model.contains("<object") && !model.contains("colorgroup"))
        #expect(e["Metadata/model_settings.config"]?.contains("<object") == false)
    }

    @Test func coordinatesReadBackBitForBit() throws {
        let mesh = try Mesh.sphere(radius: 3.3, segments: 9).rotated(degrees: Vector3(17, 29, 41)).translated(by: Vector3(0.1, 1e-7, 123.456))
        let path = AtomicFileTests.tempFolder() + "/sphere.3mf"
        try ThreeMFWriter.write(objectName: "s", parts: [Part(name: "s", color: "#FFFFFF", mesh: mesh)], metadata: .init(title: "s"), to: path)
        let model = try #require(zipEntries(path)["3D/3dmodel.model"])
        let pattern = try Regex(#"<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"/>"#)
        let read = model.matches(of: pattern).map { m in
            Vector3(Double(String(m.output[1].substring!))!, Double(String(m.output[2].substring!))!, Double(String(m.output[3].substring!))!)
        }
        #expect(read == mesh.vertices)
    }

    @Test func badPartsAreRefusedAndNothingIsWritten() throws {
        let folder = AtomicFileTests.tempFolder()
        let path = folder + "/bad.3mf"
        let box = try Mesh.box(size: Vector3(1, 1, 1))
        #expect(throws: FileOutputError.isDirectory(path: folder)) {
            try ThreeMFWriter.write(objectName: "x", parts: [Part(name: "a", color: "#000000", mesh: box)], metadata: .init(title: "x"), to: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(AtomicFileTests.leftovers(in: folder).isEmpty)
    }
}
