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
        #expect { try ItemExport.write(solid, formats: ["stl", "STL-ascii"], to: dir + "/a") } throws: { error in
            "\(error)" == "formats stl and stl-ascii both write .stl files, so one would replace the other; choose one"
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

/// An item of one's own, `DeskItem.onEnclosure`: the README's example as written there, and the
/// refusals of a bad definition.
@Suite struct CustomItemTests {
    static func cup() throws -> DeskItem {
        // As in the README.
        try DeskItem.onEnclosure(
            name: "cup", summary: "A round well in the top, behind the emblem",
            parameters: [.length("cup.diameter", 36, 10...40, "Diameter of the well"),
                         .length("cup.depth", 30, 5...35, "Depth of the well")]
        ) { enclosure, p, resolution in
            var features = ItemFeatures()
            let depth = p.number("cup.depth")
            features.shellCutters = [Solid.cylinder(radius: p.number("cup.diameter") / 2, height: depth + 1)
                .translated(by: Vector3(30, 90, enclosure.height - depth))]
            return features
        }
    }

    @Test func theReadmeExampleExports() throws {
        let dir = try SceneExportTests.folder("custom")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cup = try Self.cup()
        let result = try ItemExport.write(cup, parameters: ParameterSet(["cup.depth": .number(20)]), formats: ["3mf", "stl"], to: dir + "/Output")
        #expect(result.files.contains(dir + "/Output/cup.3mf") && result.files.contains(dir + "/Output/cup-shell.stl"))
        // The well takes its volume out of the shell: π r² depth, less the chords' shortfall.
        let solid = try #require(Catalogue.item(named: "solid"))
        let shell = { (item: DeskItem, values: ParameterSet) throws -> Double in
            try item.parts(values, resolution: .normal).parts.first { $0.name == "shell" }!.mesh.report().volume
        }
        let removed = try shell(solid, ParameterSet()) - shell(cup, ParameterSet(["cup.depth": .number(20)]))
        #expect(abs(removed - Double.pi * 18 * 18 * 20) < 0.01 * Double.pi * 18 * 18 * 20, "\(removed)")
        #expect(cup.schema.spec(named: "cup.diameter") != nil && cup.schema.spec(named: "body.width") != nil)
        // Its own parameters are checked like the catalogue's.
        #expect(throws: ItemError.self) { try cup.parts(ParameterSet(["cup.depth": .number(80)]), resolution: .draft) }
    }

    @Test func aBadDefinitionIsRefused() throws {
        let none: @Sendable (Enclosure, ParameterSet, Resolution) throws(GeometryError) -> ItemFeatures = { _, _, _ in ItemFeatures() }
        #expect { try DeskItem.onEnclosure(name: "My Cup", summary: "", features: none) } throws: { "\($0)".contains("name: must be lowercase letters, digits and `-` (it names the files), got `My Cup`") }
        #expect { try DeskItem.onEnclosure(name: "cup", summary: "", parameters: [.length("body.width", 1, 0...2, "")], features: none) } throws: {
            "\($0)".contains("body.width: is a common parameter already; give your own a name of its own, such as `cup.width`")
        }
        #expect { try DeskItem.onEnclosure(name: "cup", summary: "", parameters: [.bool("cup.lid", true, ""), .bool("cup.lid", false, "")], features: none) } throws: {
            "\($0)".contains("cup.lid: is declared twice")
        }
    }
}
