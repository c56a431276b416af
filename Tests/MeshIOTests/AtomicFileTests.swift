import Foundation
import Testing
@testable import MeshIO

@Suite struct AtomicFileTests {
    /// One folder per test process for every test's files, removed when the process exits.
    static let root: String = {
        let path = NSTemporaryDirectory() + "minidesk-meshio-tests-\(UUID().uuidString)"
        atexit { try? FileManager.default.removeItem(atPath: AtomicFileTests.root) }
        return path
    }()

    /// A new, empty folder under `root`.
    static func tempFolder() -> String {
        let path = root + "/\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func leftovers(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }) ?? []
    }

    @Test func writesAndReplaces() throws {
        let folder = Self.tempFolder()
        let path = folder + "/a.txt"
        try AtomicFile.write(Data("one".utf8), to: path)
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(Self.leftovers(in: folder).isEmpty)
    }

    @Test func aFailingWriterLeavesTheOldFileAndNoTemporary() throws {
        let folder = Self.tempFolder()
        let path = folder + "/keep.txt"
        try AtomicFile.write(Data("good".utf8), to: path)
        #expect(throws: FileOutputError.writeFailed(path: path, reason: "disk full")) {
            try AtomicFile.write(to: path) { (temp: String) throws(FileOutputError) in
                FileManager.default.createFile(atPath: temp, contents: Data("half".utf8))
                throw .writeFailed(path: path, reason: "disk full")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "good")
        #expect(Self.leftovers(in: folder).isEmpty)
    }

    @Test func errorsNameThePathAndTheReason() {
        let folder = Self.tempFolder()
        #expect(throws: FileOutputError.isDirectory(path: folder)) { try AtomicFile.write(Data(), to: folder) }
        let missing = folder + "/no/such/file.stl"
        #expect(throws: FileOutputError.missingFolder(path: missing)) { try AtomicFile.write(Data(), to: missing) }
        #expect(FileOutputError.isDirectory(path: "/x").description == "cannot write /x: it is a folder")
        #expect(FileOutputError.missingFolder(path: "/x/y").description == "cannot write /x/y: its folder does not exist")
    }
}
