import Foundation
import Geometry
import MiniDesk
import Testing
@testable import MeshIO

@Suite struct MeshWriterTests {
    @Test func binarySTLHasTheRightSizeAndTriangleCount() throws {
        let folder = AtomicFileTests.tempFolder()
        let mesh = try Mesh.box(size: Vector3(1, 2, 3))
        let path = folder + "/box.stl"
        try MeshWriter.write([Part(name: "box", color: .grey, mesh: mesh)], format: .stl, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // 80-byte header, a 4-byte count, 50 bytes per triangle.
        #expect(data.count == 84 + 50 * 12)
        let count = data[80..<84].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(count == 12)
        #expect(AtomicFileTests.leftovers(in: folder).isEmpty)
    }

    @Test func everyFormatWritesAFile() throws {
        let folder = AtomicFileTests.tempFolder()
        let mesh = try Mesh.cylinder(radius: 1, height: 1, segments: 6)
        for format in MeshFormat.allCases {
            let path = folder + "/c-\(format.rawValue).\(format.fileExtension)"
            try MeshWriter.write([Part(name: "a", color: .grey, mesh: mesh)], format: format, to: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            #expect(size > 100, "\(format)")
        }
    }

    /// STL and PLY hold one body: two parts that touch would read back as one invalid solid.
    @Test func oneBodyFormatsTakeOnePart() throws {
        let folder = AtomicFileTests.tempFolder()
        let mesh = try Mesh.cylinder(radius: 1, height: 1, segments: 6)
        let parts = [Part(name: "a", color: .grey, mesh: mesh), Part(name: "b", color: .grey, mesh: mesh.translated(by: Vector3(1, 0, 0)))]
        for format in [MeshFormat.stl, .stlASCII, .ply] {
            let path = folder + "/c.\(format.fileExtension)"
            #expect(throws: FileOutputError.oneBodyFormat(path: path, format: format == .ply ? "PLY" : "STL", parts: 2)) { try MeshWriter.write(parts, format: format, to: path) }
        }
        #expect("\(FileOutputError.oneBodyFormat(path: "/x/c.stl", format: "STL", parts: 2))"
            == "cannot write 2 parts to /x/c.stl: STL holds one body, and parts that touch would read back as one invalid solid; write a file per part, or use 3mf, obj or glb, which keep parts apart")
        try MeshWriter.write(parts, format: .glb, to: folder + "/c.glb")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["c.glb"])
    }

    @Test func aFolderInTheWayIsReported() throws {
        let folder = AtomicFileTests.tempFolder()
        #expect(throws: FileOutputError.isDirectory(path: folder)) {
            try MeshWriter.write([Part(name: "box", color: .grey, mesh: try Mesh.box(size: Vector3(1, 1, 1)))], format: .stl, to: folder)
        }
    }

    /// STL keeps 32-bit floats. A part that is valid in doubles but folds when rounded to them is
    /// written with a warning that names the file and the ways out. The fine planter was the case
    /// until the booleans stopped leaving slivers there; here a box's top edge bends out by 1e-12 mm
    /// through a point that rounds back onto it, leaving a cap whose corners then lie in a line.
    @Test func anSTLThatFoldsWhenRoundedIsNamed() throws {
        let box = try Mesh.box(size: Vector3(10, 10, 10), center: Vector3(5, 5, 5))
        // The top edge from (0, 10, 10) to (10, 10, 10), bent out through m.
        let a = UInt32(box.vertices.firstIndex(of: Vector3(0, 10, 10))!), b = UInt32(box.vertices.firstIndex(of: Vector3(10, 10, 10))!)
        var bent = box
        let m = UInt32(bent.vertices.count)
        bent.vertices.append(Vector3(5, 10 + 1e-12, 10 + 1e-12))
        var triangles = [Mesh.Triangle]()
        for t in bent.triangles {
            if let k = (0..<3).first(where: { t[$0] == b && t[($0 + 1) % 3] == a }) {
                // The top's triangle on b -> a goes through m, and the cap a m b closes the gap.
                let c = t[(k + 2) % 3]
                triangles += [Mesh.Triangle(b, m, c), Mesh.Triangle(m, a, c)]
            } else {
                triangles.append(t)
            }
        }
        triangles.append(Mesh.Triangle(a, m, b))
        bent.triangles = triangles
        #expect(bent.report().isValid, "\(bent.report().problems)")
        #expect(!STLWriter.stored(bent).isValidSolid())
        let folder = AtomicFileTests.tempFolder()
        let item = Catalogue.item(named: "solid")!
        let entries = try ItemFiles.write(item, [Part(name: "shell", color: .grey, mesh: bent)], ParameterSet(), format: "stl", mode: .separate,
                                          folder: folder, resolution: .normal)
        let warnings = entries.first?["warnings"] as? [String] ?? []
        #expect(warnings.count == 1 && warnings[0].contains("solid-separate-shell.stl: rounded to STL's 32-bit floats, this part is not a valid solid (")
            && warnings[0].contains("--format 3mf or ply keep full precision"), "\(warnings)")
        // In doubles the same part has no warning.
        let ply = try ItemFiles.write(item, [Part(name: "shell", color: .grey, mesh: bent)], ParameterSet(), format: "ply", mode: .separate,
                                      folder: folder, resolution: .normal)
        #expect(ply.first?["warnings"] == nil)
    }
}
