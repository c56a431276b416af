import Foundation
import Geometry
import MiniDesk
import Testing
@testable import MeshIO

/// OBJ with its material library: one object and material per part, colours from `#RRGGBB`,
/// coordinates bit for bit, and a file assimp reads back part by part.
@Suite struct OBJWriterTests {
    @Test func partsGetObjectsAndColouredMaterials() throws {
        let folder = AtomicFileTests.tempFolder()
        let box = try Mesh.box(size: Vector3(1, 2, 3)), cube = try Mesh.box(size: Vector3(0.1, 0.1, 0.1), center: Vector3(5, 0, 0))
        let parts = [Part(name: "shell", color: "#C8C8CC", mesh: box), Part(name: "light", color: "#FF0000", mesh: cube)]
        let path = folder + "/item.obj"
        try OBJWriter.write(parts, to: path)
        let obj = try String(contentsOfFile: path, encoding: .utf8), mtl = try String(contentsOfFile: folder + "/item.mtl", encoding: .utf8)
        #expect(obj.hasPrefix("# MiniDesk\nmtllib item.mtl\no shell\nusemtl shell\n") && obj.contains("o light\nusemtl light\n"))
        #expect(obj.contains("f 9 10 11") || obj.contains("f 9 "), "the second part's faces count from its own vertices")
        #expect(mtl.contains("newmtl shell\nKa 0 0 0\nKd 0.7843 0.7843 0.8000\n") && mtl.contains("newmtl light\nKa 0 0 0\nKd 1.0000 0.0000 0.0000\n"))
        #expect(obj.contains("v 5.05 0.05 0.05") && obj.contains("v 4.95 -0.05 -0.05"))
        let back = try AssimpReader.readParts(path)
        #expect(back.map(\.mesh.triangles.count) == [12, 12])
        #expect(AtomicFileTests.leftovers(in: folder).isEmpty)
    }

    @Test func glbCarriesEachPartsColour() throws {
        let folder = AtomicFileTests.tempFolder()
        let path = folder + "/c.glb"
        try MeshWriter.write([Part(name: "a", color: "#336699", mesh: try Mesh.box(size: Vector3(1, 1, 1)))], format: .glb, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The JSON chunk of a GLB names the material and its base colour factor.
        let json = String(decoding: data.prefix(4000), as: UTF8.self)
        #expect(json.contains("\"baseColorFactor\"") && json.contains("0.4"), "\(json.prefix(600))")
    }
}
