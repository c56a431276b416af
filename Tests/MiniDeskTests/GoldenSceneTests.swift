import Foundation
import Geometry
import Scene
import Testing
@testable import MiniDesk

/// Each item's build as data, compared with its golden scene in `GoldenScenes/` (draft resolution):
/// the defaults of every item in multicolour, every set of the example parameter files in
/// `Models/examples/`, and one item in each other mode. A port that moves, a cutter that changes
/// or a part that goes fails here even when every mesh stays valid. After a deliberate change,
/// `make golden` writes the files again; review their diff before committing it.
@Suite struct GoldenSceneTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let folder = tests.appendingPathComponent("GoldenScenes")
    static let examples = tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Models/examples")

    struct Case: CustomStringConvertible, Sendable {
        var item: String
        var mode: PrintMode = .multicolor
        /// The example file and its set.
        var example: (file: String, set: String)? = nil
        var file: String {
            [item, example?.set, mode == .multicolor ? nil : mode.rawValue].compactMap { $0 }.joined(separator: "-") + ".json"
        }
        var description: String { file }
    }

    static let cases: [Case] = Catalogue.items.map { Case(item: $0.name) } + [
        Case(item: "solid", mode: .separate), Case(item: "stash", mode: .merged),
        Case(item: "phone-stand", example: ("tablet-stand.json", "tablet")),
        Case(item: "phone-stand", example: ("tablet-stand.json", "slim-phone")),
        Case(item: "planter", example: ("half-size-planter.json", "half-size-planter")),
    ]

    static func scene(_ c: Case) throws -> CSGScene {
        let item = try #require(Catalogue.item(named: c.item))
        var values = ParameterSet()
        if let (file, set) = c.example {
            let path = examples.appendingPathComponent(file).path
            values = try item.schema.readParameterFile(try Data(contentsOf: URL(fileURLWithPath: path)), setName: set, path: file)
        }
        return try item.scene(values, resolution: .draft, mode: c.mode).scene
    }

    @Test(arguments: cases) func sceneMatchesItsGoldenFile(_ c: Case) throws {
        let written = try Self.scene(c).data
        let golden = Self.folder.appendingPathComponent(c.file)
        if ProcessInfo.processInfo.environment["MINIDESK_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try written.write(to: golden, options: .atomic)
            return
        }
        let expected = try Data(contentsOf: golden)
        guard written != expected else { return }
        // Name the first line that differs, so the failure says what moved.
        let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        Issue.record("""
            \(c.file) differs from its golden scene at line \(line + 1):
              golden: \(line < a.count ? String(a[line].prefix(200)) : "(end)")
              built:  \(line < b.count ? String(b[line].prefix(200)) : "(end)")
            If the change is meant, run `make golden` and review the diff.
            """)
    }

    /// The golden files are exactly the cases: none is left over from an item or set that is gone.
    @Test func everyGoldenFileIsACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Self.cases.map(\.file).sorted())
    }

    /// The scene is the build: evaluating it gives the parts `DeskItem.parts` gives, mesh for mesh.
    @Test func theSceneEvaluatesToTheParts() throws {
        let item = try #require(Catalogue.item(named: "pen-holder"))
        let (scene, _) = try item.scene(resolution: .draft, mode: .separate)
        let (parts, _) = try item.parts(resolution: .draft, mode: .separate)
        let meshes = try CSGScene.read(scene.data).meshes()
        #expect(scene.parts.compactMap(\.name) == parts.map(\.name))
        for (part, mesh) in zip(parts, meshes) {
            #expect(part.mesh.vertices == mesh.vertices && part.mesh.triangles == mesh.triangles, "\(part.name)")
        }
        guard case .object(let source)? = scene.source else { Issue.record("no source"); return }
        #expect(source["item"] == .string("pen-holder") && source["mode"] == .string("separate"))
    }
}
