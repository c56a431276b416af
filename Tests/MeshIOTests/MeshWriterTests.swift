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
}
