import Foundation
import Geometry
import MeshIO
import MiniDesk
import Testing

/// `ItemExport.write`, the library's one-call export, writes what `minidesk export` writes, byte
/// for byte, and refuses what it refuses.
@Suite struct LibraryExportTests {
    @Test func writesWhatTheCLIWrites() throws {
        let dir = try SceneExportTests.folder("library")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let planter = try #require(Catalogue.item(named: "planter"))
        let parameters = ParameterSet(["planter.drain.holes": .number(3), "scale": .number(0.8)])
        let result = try ItemExport.write(planter, parameters: parameters, formats: ["3MF", "stl", "obj"], resolution: .draft, to: dir + "/library")
        let cli = try CommandLineTests.run(["export", "planter", "--set", "planter.drain.holes=3", "--set", "scale=0.8", "--format", "3mf,stl,obj",
                                            "--resolution", "draft", "--out", dir + "/cli"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/cli").filter { !$0.hasPrefix(".") }.sorted()
        #expect(result.files == names.map { dir + "/library/" + $0 })
        #expect(names.contains("planter.prusa.3mf") && names.contains("planter.mtl") && names.contains("planter-shell.stl"))
        for name in names {
            #expect(FileManager.default.contents(atPath: dir + "/library/" + name) == FileManager.default.contents(atPath: dir + "/cli/" + name), "\(name)")
        }
    }

    @Test func refusesBeforeWritingAnything() throws {
        let dir = try SceneExportTests.folder("library-errors")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let solid = try #require(Catalogue.item(named: "solid"))
        #expect { try ItemExport.write(solid, formats: ["stl", "colada"], to: dir + "/a") } throws: { error in
            "\(error)".hasPrefix("unknown format `colada`; formats: 3mf, obj, stl") && "\(error)".hasSuffix("(did you mean `collada`?)")
        }
        #expect { try ItemExport.write(solid, parameters: ParameterSet(["body.width": .number(5)]), formats: ["stl"], to: dir + "/a") } throws: { error in
            "\(error)".contains("body.width")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/a"), "nothing written, not even the folder")
        FileManager.default.createFile(atPath: dir + "/file", contents: Data())
        #expect(throws: FileOutputError.self) { try ItemExport.write(solid, formats: ["stl"], resolution: .draft, to: dir + "/file") }
    }
}

/// The README's library example for the items, as written there (into a folder of the test's own).
@Suite struct ReadmeItemExampleTests {
    @Test func theExampleRuns() throws {
        let dir = try SceneExportTests.folder("readme-items")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let planter = Catalogue.item(named: "planter")!
        let result = try ItemExport.write(planter, parameters: ParameterSet(["planter.size": .number(80)]),
                                          formats: ["3mf", "stl"], resolution: .normal, to: dir + "/Output")
        #expect(result.files.contains(dir + "/Output/planter.3mf") && result.files.contains(dir + "/Output/planter-shell.stl"))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        // The 3MF carries the parameters it was made with.
        let embedded = try JSONSerialization.jsonObject(with: MeshReader.embeddedParameters(in: dir + "/Output/planter.3mf")) as! [String: Any]
        let set = (embedded["parameterSets"] as! [String: Any])["planter"] as! [String: Any]
        #expect(set["planter.size"] as? Double == 80)
    }
}
