import Foundation
import Geometry
import Testing
@testable import MeshIO

@Suite struct MeshWriterTests {
    @Test func binarySTLHasTheRightSizeAndTriangleCount() throws {
        let folder = AtomicFileTests.tempFolder()
        let mesh = try Mesh.box(size: Vector3(1, 2, 3))
        let path = folder + "/box.stl"
        try MeshWriter.write([("box", mesh)], format: .stl, to: path)
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
            try MeshWriter.write([("a", mesh), ("b", mesh.translated(by: Vector3(3, 0, 0)))], format: format, to: path)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            #expect(size > 100, "\(format)")
        }
    }

    @Test func aFolderInTheWayIsReported() throws {
        let folder = AtomicFileTests.tempFolder()
        #expect(throws: FileOutputError.isDirectory(path: folder)) {
            try MeshWriter.write([("box", try Mesh.box(size: Vector3(1, 1, 1)))], format: .stl, to: folder)
        }
    }
}
