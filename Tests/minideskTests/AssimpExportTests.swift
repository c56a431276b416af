import Foundation
import Testing

/// `export --format` through assimp's exporters, end to end with the built binary: the files each
/// mode writes, their companions, the manifest, `list formats`, and the refusals.
@Suite struct AssimpExportTests {
    @Test func everyModeWritesItsFiles() throws {
        let dir = try SceneExportTests.folder("assimp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["export", "solid", "--mode", "multicolor,separate,merged", "--format", "DAE,gltf,fbx", "--resolution", "draft", "--out", dir, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
        let parts = ["shell", "bottom", "foot", "ports", "light", "emblem"]
        let stems = ["solid", "solid-merged"] + parts.map { "solid-separate-\($0)" }
        #expect(files == stems.flatMap { ["\($0).bin", "\($0).dae", "\($0).fbx", "\($0).gltf"] }.sorted())
        // The manifest names each file's format (COLLADA by its id) and glTF's buffer beside it.
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(Set(manifest.compactMap { $0["format"] as? String }) == ["collada", "gltf2", "fbxa"])
        let gltf = try #require(manifest.first { $0["path"] as? String == dir + "/solid.gltf" })
        #expect(gltf["companions"] as? [String] == [dir + "/solid.bin"] && gltf["part"] as? String == "*")
        // Every part in one file in multicolour, read back in place, +Z up.
        let check = try CommandLineTests.run(["check", dir + "/solid.dae"])
        #expect(check.status == 0 && parts.allSatisfy { check.stdout.contains("\($0): valid") }, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("shell: valid, ") && check.stdout.contains("127.00 x 127.00 x "), "\(check.stdout)")
    }

    @Test func verifyReadsThemBack() throws {
        let dir = try SceneExportTests.folder("assimp-verify")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["export", "stash", "--format", "x3d,3ds", "--resolution", "draft", "--out", dir, "--verify", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(manifest.count == 2 && manifest.allSatisfy { $0["verified"] as? Bool == true })
    }

    @Test func dryRunListsTheCompanions() throws {
        let dir = try SceneExportTests.folder("assimp-dry")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CommandLineTests.run(["export", "planter", "--format", "gltf2,stp", "--out", dir, "--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "would write \(dir)/planter.gltf\nwould write \(dir)/planter.bin\nwould write \(dir)/planter.stp\n", "\(run.stdout)")
    }

    @Test func refusalsNameTheFix() throws {
        let collide = try CommandLineTests.run(["export", "solid", "--format", "gltf2,glb2,glb", "--dry-run"])
        #expect(collide.status == 2 && collide.stderr.contains("--format glb2 and glb both write .glb files"), "\(collide.stderr)")
        let unknown = try CommandLineTests.run(["export", "solid", "--format", "colada", "--dry-run"])
        #expect(unknown.status == 2 && unknown.stderr.contains("got `colada`, did you mean `collada`?") && unknown.stderr.contains("minidesk list formats"), "\(unknown.stderr)")
        let verify = try CommandLineTests.run(["export", "solid", "--format", "stl,stp", "--verify", "--dry-run"])
        #expect(verify.status == 2 && verify.stderr.contains("nothing here reads stp (.stp) files"), "\(verify.stderr)")
        let list = try CommandLineTests.run(["list", "shapes"])
        #expect(list.status == 2 && list.stderr.contains("list takes no argument or `formats`, got `shapes`"), "\(list.stderr)")
    }

    @Test func listFormatsComesFromAssimp() throws {
        let run = try CommandLineTests.run(["list", "formats", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let formats = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let names = formats.compactMap { $0["name"] as? String }
        #expect(Array(names.prefix(6)) == ["3mf", "obj", "stl", "stl-ascii", "ply", "glb"])
        #expect(["collada", "stp", "fbxa", "gltf2", "x3d", "3ds"].allSatisfy(names.contains) && !names.contains("fbx"))
        let stp = try #require(formats.first { $0["name"] as? String == "stp" })
        #expect(stp["writer"] as? String == "assimp" && stp["verifiable"] as? Bool == false && stp["partsInOneFile"] as? Bool == true)
        let text = try CommandLineTests.run(["list", "formats"])
        #expect(text.stdout.contains("collada    .dae     assimp    COLLADA"), "\(text.stdout)")
    }
}
