import Foundation
import Geometry
import MiniDesk
import Testing
@testable import MeshIO

/// MeshIO's own readers (STL, OBJ, PLY, 3MF): what our writers write comes back bit for bit, with
/// the file's indexing and part names; polygons keep their orientation; every malformed file gets
/// an error that names the file and the vertex, line or record.
@Suite struct MeshReaderTests {
    /// A sphere turned by a generic rotation: coordinates with full 53-bit mantissas.
    static let turned = try! Mesh.sphere(radius: 7.3, segments: 24).rotated(degrees: Vector3(37, -21, 64)).translated(by: Vector3(0.1, 1e-3, 3))

    static func file(_ name: String, _ contents: String) -> String {
        let path = AtomicFileTests.tempFolder() + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }

    @Test(arguments: ["ply", "obj"]) func indexedFormatsReadBackBitForBit(_ ext: String) throws {
        let path = AtomicFileTests.tempFolder() + "/m." + ext
        try AtomicFile.write(ext == "ply" ? IndexedMeshWriter.ply(Self.turned) : IndexedMeshWriter.obj(Self.turned), to: path)
        let back = try MeshReader.read(path)
        #expect(back.vertices == Self.turned.vertices && back.triangles == Self.turned.triangles)
    }

    /// Both layouts: PrusaSlicer's one mesh per object is cut back into its volumes.
    @Test(arguments: ThreeMFLayout.allCases)
    func threeMFPartsComeBackNamedAndExact(layout: ThreeMFLayout) throws {
        let path = AtomicFileTests.tempFolder() + "/parts.3mf"
        let cube = try Mesh.box(size: Vector3(1, 2, 3), center: Vector3(20, 0, 0))
        let parts = [Part(name: "shell", color: "#C8C8CC", mesh: Self.turned), Part(name: "light", color: "#FF0000", mesh: cube)]
        var metadata = ThreeMFWriter.Metadata(title: "t")
        metadata.thumbnailPNG = PreviewRenderer(view: .iso, size: 32).png([(cube, "#FF0000")])
        try ThreeMFWriter.write(objectName: "item", parts: parts, layout: layout, metadata: metadata, to: path)
        let back = try MeshReader.readParts(path)
        #expect(back.map(\.name) == ["shell", "light"])
        #expect(back[0].mesh.vertices == Self.turned.vertices && back[0].mesh.triangles == Self.turned.triangles)
        #expect(back[1].mesh.vertices == cube.vertices)
    }

    /// PrusaSlicer's volumes must cover an object's triangles in order; anything else is named.
    @Test func threeMFVolumeRangesThatDoNotTileAreRefused() throws {
        let folder = AtomicFileTests.tempFolder()
        let box = try Mesh.box(size: Vector3(1, 1, 1))
        for (ranges, message) in [([(0, 5), (7, 11)], "gives object 2 the triangles 7 to 11, but its volumes must follow each other from 0 to 11"),
                                  ([(0, 5)], "leaves triangles 6 to 11 of object 2 in no volume"),
                                  ([(0, 12)], "gives object 2 the triangles 0 to 12")] {
            let path = folder + "/v\(ranges.count)-\(ranges[0].1).3mf"
            try ThreeMFWriter.write(objectName: "b", parts: [Part(name: "b", color: "#000000", mesh: box)], layout: .prusaSlicer, metadata: .init(title: "b"), to: path)
            // Replace the config with hand-written ranges.
            var entries = zipEntries(path)
            entries["Metadata/Slic3r_PE_model.config"] = "<config><object id=\"2\">" + ranges.map { "<volume firstid=\"\($0.0)\" lastid=\"\($0.1)\"/>" }.joined() + "</object></config>"
            let archive = try ZipArchive(path: path, reportingAs: path)
            for (name, text) in entries where !name.hasSuffix(".png") { try archive.add(name, text) }
            try archive.close()
            #expect(throws: GeometryError.self) { try MeshReader.readParts(path) }
            do { _ = try MeshReader.readParts(path) } catch { #expect("\(error)".contains(message), "\(error)") }
        }
    }

    @Test func threeMFTransformsComponentsAndUnits() throws {
        let model = """
            <?xml version="1.0" encoding="UTF-8"?>
            <model unit="inch" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
             <resources>
              <object id="1" name="tri" type="model"><mesh><vertices>
               <vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/><vertex x="0" y="0" z="1"/>
              </vertices><triangles>
               <triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/><triangle v1="1" v2="2" v3="3"/><triangle v1="2" v2="0" v3="3"/>
              </triangles></mesh></object>
              <object id="2" name="group" type="model"><components><component objectid="1" transform="1 0 0 0 1 0 0 0 1 2 0 0"/></components></object>
             </resources>
             <build><item objectid="2" transform="0 1 0 -1 0 0 0 0 1 0 0 1"/></build>
            </model>
            """
        let folder = AtomicFileTests.tempFolder(), path = folder + "/t.3mf"
        let archive = try ZipArchive(path: path, reportingAs: path)
        try archive.add("3D/3dmodel.model", model)
        try archive.add("_rels/.rels", #"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>"#)
        try archive.close()
        let parts = try MeshReader.readParts(path)
        #expect(parts.count == 1 && parts[0].name == "tri")
        // Inches to mm; the component moves x by 2, then the item turns x onto y and lifts z by 1.
        let expected = [Vector3(0, 50.8, 25.4), Vector3(0, 76.2, 25.4), Vector3(-25.4, 50.8, 25.4), Vector3(0, 50.8, 50.8)]
        #expect(parts[0].mesh.vertices.count == 4 && zip(parts[0].mesh.vertices, expected).allSatisfy { ($0 - $1).length < 1e-12 })
        #expect(parts[0].mesh.report().isValid)
    }

    @Test func stlIsWeldedAndReadInBothVariants() throws {
        let folder = AtomicFileTests.tempFolder()
        for format in [MeshFormat.stl, .stlASCII] {
            let path = folder + "/s-\(format.rawValue).stl"
            try MeshWriter.write([Part(name: "s", color: .grey, mesh: Self.turned)], format: format, to: path)
            let back = try MeshReader.read(path)
            #expect(back.triangles.count == Self.turned.triangles.count && back.vertices.count == Self.turned.vertices.count)
            #expect(back.report().isClosed)
            // Binary STL holds floats: each coordinate is the float nearest the original.
            if format == .stl { #expect(back.vertices.allSatisfy { v in Self.turned.vertices.contains { Vector3(Double(Float($0.x)), Double(Float($0.y)), Double(Float($0.z))) == v } }) }
        }
    }

    @Test func polygonsAreSplitKeepingTheirOrientation() throws {
        // A unit cube of quads, one of them given as a concave hexagon's worth of corners on a face.
        let obj = Self.file("q.obj", """
            v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1
            f 1 3 4 2\nf 5/1 6/1 8/1 7/1\nf 1//1 2//1 6//1 5//1\nf -6 -2 -1 -5\nf 1 5 7 3\nf 2 4 8 6
            """)
        let r = try MeshReader.read(obj).report()
        #expect(r.isValid && abs(r.volume - 1) < 1e-15 && r.triangles == 12)
        let ply = Self.file("q.ply", "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\nelement face 4\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 1 2 3\n3 2 0 3\n")
        #expect(abs(try MeshReader.read(ply).report().volume - 1.0 / 6) < 1e-15)
    }

    @Test func bigEndianPLYWithOtherElements() throws {
        var data = Data("ply\nformat binary_big_endian 1.0\nelement vertex 4\nproperty double x\nproperty double y\nproperty double z\nproperty uchar red\nelement face 4\nproperty list uchar uint vertex_indices\nelement edge 1\nproperty int a\nend_header\n".utf8)
        for p in [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 0.1 + 0.2)] {
            for c in [p.0, p.1, p.2] { withUnsafeBytes(of: c.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
            data.append(255)
        }
        for f in [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]] {
            data.append(3)
            for i in f { withUnsafeBytes(of: UInt32(i).bigEndian) { data.append(contentsOf: $0) } }
        }
        data.append(contentsOf: [0, 0, 0, 7])
        let path = AtomicFileTests.tempFolder() + "/b.ply"
        try data.write(to: URL(fileURLWithPath: path))
        let m = try MeshReader.read(path)
        #expect(m.vertices[3] == Vector3(0, 0, 0.1 + 0.2) && m.triangles.count == 4)
    }

    @Test(arguments: [
        ("a.obj", "v 0 0 0\nv 1 0 0\nv 0 inf 0\nf 1 2 3\n", "vertex 3 has a coordinate that is not finite (inf)"),
        ("b.obj", "v 0 0 0\nv 1 0 0\nf 1 2 4\n", "line 3: vertex 4 does not exist (2 vertices are defined before this face)"),
        ("c.obj", "v 0 0 zero\n", "line 1: `zero` is not a number"),
        ("d.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 3 0 0\nf 1 2 3 4\n", "the face on line 5 (4 corners) has no area or crosses itself"),
        ("e.stl", "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1e39 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n",
         "vertex 1 has the coordinate 1e+39, which does not fit in the format's 32-bit float"),
        ("f.stl", "hello", "it is neither a binary STL"),
        ("g.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 4e38 0\n",
         "vertex 0 has the coordinate 4e+38, which does not fit in the format's 32-bit float"),
        ("h.ply", "ply\nformat ascii 1.0\nelement vertex 2\nproperty double x\nproperty double y\nproperty double z\nend_header\n0 4e38 0\n", "the file ends inside vertex 1"),
        ("i.ply", "ply\nformat ascii 1.0\nelement vertex 1\nproperty double x\nproperty double y\nproperty double z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n3 0 1 2\n",
         "face 0 refers to vertex 1.0; the file has 1 vertices"),
        ("j.3mf", "not a zip", "it is not a readable zip archive, as a 3MF must be"),
    ])
    func malformedFilesAreNamed(_ name: String, _ contents: String, _ message: String) throws {
        let path = Self.file(name, contents)
        #expect {
            try MeshReader.readParts(path)
        } throws: { error in
            "\(error)".hasPrefix("cannot read \(path): ") && "\(error)".contains(message)
        }
        #expect(throws: GeometryError.invalidMesh("cannot read /no/such.ply: no such file")) { try MeshReader.read("/no/such.ply") }
    }

    @Test func aBinarySTLWithInfinityIsRefused() throws {
        var data = Data(count: 80)
        withUnsafeBytes(of: UInt32(1).littleEndian) { data.append(contentsOf: $0) }
        for c in [Float](arrayLiteral: 0, 0, 1, 0, 0, 0, 1, 0, 0, .infinity, 1, 0) { withUnsafeBytes(of: c.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [0, 0])
        let path = AtomicFileTests.tempFolder() + "/inf.stl"
        try data.write(to: URL(fileURLWithPath: path))
        #expect(throws: GeometryError.invalidMesh("cannot read \(path): vertex 2 has a coordinate that is not finite (inf)")) { try MeshReader.read(path) }
    }

    /// What an STL stores: a wall 1e-6 mm thick at x = 100 (where a float's step is 7.6e-6 mm) is a
    /// valid solid in doubles and collapses in floats.
    @Test func stlRoundingCanFoldAThinWall() throws {
        let wall = try Mesh.box(size: Vector3(1e-6, 5, 5), center: Vector3(100, 0, 0))
        #expect(wall.isValidSolid() && !STLWriter.stored(wall).isValidSolid())
        let cube = try Mesh.box(size: Vector3(1, 2, 3), center: Vector3(0.5, 1, 1.5))
        #expect(STLWriter.stored(cube).vertices == cube.vertices && STLWriter.stored(cube).triangles == cube.triangles)
    }
}
