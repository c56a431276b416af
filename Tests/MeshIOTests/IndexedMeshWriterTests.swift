import Foundation
import Geometry
import Testing
@testable import MeshIO

@Suite struct IndexedMeshWriterTests {
    @Test func plyAndObjKeepIndexingAndBits() throws {
        let m = try Mesh.sphere(radius: 1.1, segments: 7).rotated(degrees: Vector3(11, 22, 33))
        let folder = AtomicFileTests.tempFolder()
        for (name, data) in [("m.ply", IndexedMeshWriter.ply(m)), ("m.obj", IndexedMeshWriter.obj(m))] {
            try AtomicFile.write(data, to: folder + "/" + name)
        }
        // The OBJ text holds every coordinate exactly (shortest round-trip decimals).
        let text = try String(contentsOfFile: folder + "/m.obj", encoding: .utf8)
        let vs = text.split(separator: "\n").filter { $0.hasPrefix("v ") }.map { $0.split(separator: " ").dropFirst().map { Double($0)! } }
        #expect(vs.count == m.vertices.count)
        for (v, p) in zip(vs, m.vertices) { #expect(v == [p.x, p.y, p.z]) }
        let faces = text.split(separator: "\n").filter { $0.hasPrefix("f ") }
        #expect(faces.first == "f \(m.triangles[0].a + 1) \(m.triangles[0].b + 1) \(m.triangles[0].c + 1)")
        // PLY: the header counts and the size of the binary body.
        let ply = IndexedMeshWriter.ply(m)
        let headerEnd = ply.range(of: Data("end_header\n".utf8))!.upperBound
        #expect(ply.count - headerEnd == m.vertices.count * 24 + m.triangles.count * 13)
    }
}
