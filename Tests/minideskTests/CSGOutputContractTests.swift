import Foundation
import Geometry
import Support
import Testing

/// What `csg` promises about its output, whatever the kernel does: only a valid solid is written,
/// the same bytes on one core and on all, and mesh files read exactly.
@Suite struct CSGOutputContractTests {
    static let regressionFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RegressionScenes")

    static let regressionScenes: [String] = (try? FileManager.default.contentsOfDirectory(atPath: regressionFolder.path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    /// A new folder for one test's files; the test removes it when it ends.
    static func folder() throws -> String {
        let path = CommandLineTests.scratch + "/contract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A file `name` in `folder` holding `contents`; its path.
    static func temporary(_ name: String, _ contents: String, in folder: String) -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }

    /// OBJ lines of the box from `lo` to `hi` (its corners written with Swift's shortest round-trip
    /// decimals), its quads counter-clockwise seen from outside; `before` vertices come first.
    static func boxOBJ(_ lo: Vector3, _ hi: Vector3, before: Int = 0) -> String {
        var text = ""
        for i in 0..<8 {
            text += "v \(i & 1 == 0 ? lo.x : hi.x) \(i >> 1 & 1 == 0 ? lo.y : hi.y) \(i >> 2 == 0 ? lo.z : hi.z)\n"
        }
        for f in [(1, 3, 4, 2), (5, 6, 8, 7), (1, 2, 6, 5), (3, 7, 8, 4), (1, 5, 7, 3), (2, 4, 8, 6)] {
            text += "f \(f.0 + before) \(f.1 + before) \(f.2 + before) \(f.3 + before)\n"
        }
        return text
    }

    /// Every regression scene, on one core and on all: exit 0, a valid mesh of the recorded volume,
    /// and the same bytes.
    @Test(arguments: regressionScenes) func regressionSceneGivesOneFileOnAnyNumberOfCores(_ name: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Our own parser: Foundation's JSONSerialization on Linux reads some coordinates a unit in
        // the last place off, which would run a slightly different scene from the one found.
        guard case .object(let entry) = try JSONValue.parse(Data(contentsOf: Self.regressionFolder.appendingPathComponent(name))),
              case .number(let volume)? = entry["volume"], let sceneValue = entry["scene"] else { Issue.record("\(name): no volume or scene"); return }
        let scene = Self.temporary(name, sceneValue.text, in: dir)
        var files = [Data]()
        for serial in ["1", "0"] {
            let out = dir + "/out-\(serial).ply"
            let r = try CommandLineTests.run(["csg", scene, "-o", out, "--json"], environment: ["MINIDESK_SERIAL": serial])
            #expect(r.status == 0, "\(name), MINIDESK_SERIAL=\(serial): \(r.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
            #expect(report["valid"] as? Bool == true)
            #expect(abs((report["volume"] as? Double ?? .nan) - volume) < 1e-9 * max(1, volume))
            files.append((try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())
        }
        #expect(!files[0].isEmpty && files[0] == files[1], "\(name): one core and all cores wrote different files")
    }

    /// A result that is not a valid solid exits 1, says why, and writes nothing: a good file already
    /// there stays as it was. (The scene passes a self-intersecting mesh through unchanged; before,
    /// `csg` wrote it and exited 0.)
    @Test func anInvalidResultIsNeverWritten() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let crossing = Self.temporary("crossing.obj", Self.boxOBJ(Vector3(0, 0, 0), Vector3(2, 2, 2)) + Self.boxOBJ(Vector3(1, 1, 1), Vector3(3, 3, 3), before: 8), in: dir)
        let scene = Self.temporary("pass.json", #"{"root": {"mesh": {"file": "\#(crossing)"}}}"#, in: dir)
        let out = dir + "/out.stl"
        let good = Data("a good file".utf8)
        FileManager.default.createFile(atPath: out, contents: good)
        let r = try CommandLineTests.run(["csg", scene, "-o", out, "--json"])
        #expect(r.status == 1 && r.stdout.isEmpty)
        #expect(r.stderr.contains("the result is not a valid solid") && r.stderr.contains("pairs of triangles intersect") && r.stderr.contains("nothing was written to \(out)"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: out) == good)
        // As an operand, the same mesh is named as the cause.
        let cut = Self.temporary("cut.json", #"{"root": {"difference": [{"mesh": {"file": "\#(crossing)"}}, {"box": {"size": [1.5, 1.5, 1.5]}, "translate": [0.25, 0.5, 0.75]}]}}"#, in: dir)
        let c = try CommandLineTests.run(["csg", cut, "-o", out])
        #expect(c.status == 2 && c.stderr.contains("the first operand crosses itself"), "\(c.stderr)")
        #expect(FileManager.default.contents(atPath: out) == good)
    }

    /// A `mesh` node reads OBJ in double precision: a box with corners at ±3.4e38 (as in Manifold's
    /// Cray_right.obj) keeps them, where assimp's single-precision reader made them 0.
    @Test func meshFilesAreReadExactly() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let big = 3.4028234699999998e38
        let obj = Self.temporary("huge.obj", Self.boxOBJ(Vector3(-big, -big, -big), Vector3(big, big, big)), in: dir)
        let scene = Self.temporary("huge.json", #"{"root": {"mesh": {"file": "\#(obj)"}}}"#, in: dir)
        let out = dir + "/out.ply"
        let r = try CommandLineTests.run(["csg", scene, "-o", out, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let volume = try #require(report["volume"] as? Double)
        #expect(abs(volume / pow(2 * big, 3) - 1) < 1e-12, "volume \(volume)")
        let nan = Self.temporary("nan.obj", "v 0 0 0\nv 1 0 0\nv nan 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 3 1 4\n", in: dir)
        let bad = try CommandLineTests.run(["csg", Self.temporary("nan.json", #"{"root": {"mesh": {"file": "\#(nan)"}}}"#, in: dir), "-o", out])
        #expect(bad.status == 2 && bad.stderr.contains("cannot read \(nan): vertex 3 has a coordinate that is not finite"), "\(bad.stderr)")
    }
}
