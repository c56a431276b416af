import Foundation
import Testing

/// `export ITEM --scene OUT.json` writes the build as data, and `csg` of that file gives the parts
/// that `export` writes, byte for byte.
@Suite struct SceneExportTests {
    static func folder(_ name: String) throws -> String {
        let path = CommandLineTests.scratch + "/scene-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [("phone-stand", "multicolor"), ("stash", "separate")])
    func csgOfTheSceneGivesTheExportedParts(item: String, mode: String) throws {
        let dir = try Self.folder(item)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = try CommandLineTests.run(["export", item, "--mode", mode, "--resolution", "draft", "--scene", dir + "/scene.json", "--json"])
        #expect(scene.status == 0, "\(scene.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scene.stdout.utf8)) as? [String: Any])
        let names = try #require(report["parts"] as? [String])
        #expect(names.contains("shell") && names.contains("foot"))

        let export = try CommandLineTests.run(["export", item, "--mode", mode, "--resolution", "draft", "--format", "ply", "--out", dir + "/export"])
        #expect(export.status == 0, "\(export.stderr)")
        try FileManager.default.createDirectory(atPath: dir + "/csg", withIntermediateDirectories: true)
        let csg = try CommandLineTests.run(["csg", dir + "/scene.json", "-o", dir + "/csg/\(item).ply"])
        #expect(csg.status == 0, "\(csg.stderr)")
        for name in names {
            let exported = dir + "/export/" + (mode == "multicolor" ? "\(item)-\(name).ply" : "\(item)-\(mode)-\(name).ply")
            let evaluated = dir + "/csg/\(item)-\(name).ply"
            #expect(FileManager.default.contents(atPath: evaluated) == FileManager.default.contents(atPath: exported), "\(name)")
        }
        // The document says what it was made from.
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/scene.json"))) as? [String: Any])
        let source = try #require(doc["source"] as? [String: Any])
        #expect(source["item"] as? String == item && source["mode"] as? String == mode)
    }

    @Test func sceneErrorsSayWhatToDo() throws {
        let dir = try Self.folder("errors")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [([String], Int32, String)] = [
            (["export", "solid", "planter", "--scene", dir + "/s.json"], 2, "--scene writes the build of one item in one mode, got 2"),
            (["export", "solid", "--mode", "separate,merged", "--scene", dir + "/s.json"], 2, "name one item and at most one --mode"),
            (["export", "solid", "--scene", dir + "/s.stl"], 2, "--scene writes JSON; give a file ending in .json, got `\(dir)/s.stl`"),
            (["export", "solid", "--scene", dir + "/s.json", "--format", "stl"], 2, "it takes no --format; leave it out"),
            (["export", "solid", "--scene", dir + "/s.json", "--set", "body.width=20"], 2, "body.width"),
            (["export", "solid", "--scene", dir + "/missing/s.json"], 1, "its folder does not exist"),
        ]
        for (args, status, message) in cases {
            let r = try CommandLineTests.run(args)
            #expect(r.status == status && r.stderr.contains(message), "\(args): \(r.status) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.json"))
    }

    @Test func aSceneOfPartsGoesToOneFilePerPartOrOne3MF() throws {
        let dir = try Self.folder("parts")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = ##"{"parts": [{"name": "a", "color": "#FF0000", "root": {"box": {"size": [1, 2, 3]}}}, {"name": "b", "root": {"sphere": {"radius": 1}, "translate": [5, 0, 0]}}]}"##
        try doc.write(toFile: dir + "/two.json", atomically: true, encoding: .utf8)
        let ply = try CommandLineTests.run(["csg", dir + "/two.json", "-o", dir + "/out.ply", "--json"])
        #expect(ply.status == 0, "\(ply.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ply.stdout.utf8)) as? [String: Any])
        #expect(report["files"] as? [String] == [dir + "/out-a.ply", dir + "/out-b.ply"])
        let parts = try #require(report["parts"] as? [[String: Any]])
        #expect(parts.map { $0["name"] as? String } == ["a", "b"])
        let sphere = try #require(parts[1]["volume"] as? Double), total = try #require(report["volume"] as? Double)
        #expect(abs(total - (6 + sphere)) < 1e-9)
        let three = try CommandLineTests.run(["csg", dir + "/two.json", "-o", dir + "/out.3mf"])
        #expect(three.status == 0 && FileManager.default.fileExists(atPath: dir + "/out.3mf"), "\(three.stderr)")
        #expect(three.stdout.contains("out.3mf: part a") && three.stdout.contains("part b"))
    }
}
