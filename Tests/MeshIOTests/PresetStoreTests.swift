import Foundation
import Geometry
import Testing
@testable import MeshIO

@Suite struct PresetStoreTests {
    static func store() -> PresetStore {
        PresetStore(path: AtomicFileTests.tempFolder() + "/minidesk/presets.json")
    }

    @Test func aMissingFileIsAnEmptyStoreAndTheFolderIsCreated() throws {
        let store = Self.store()
        #expect(try store.load().isEmpty)
        try store.modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in
            p["half"] = .init(item: "solid", parameters: ["scale": .number(0.5), "colors.shell": .string("#000000")])
        }
        #expect(try store.load() == ["half": .init(item: "solid", parameters: ["scale": .number(0.5), "colors.shell": .string("#000000")])])
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains("\"schemaVersion\" : 1"))
    }

    @Test(arguments: [
        ("{oops", "is not usable (not valid JSON"),
        (#"{"presets": {}}"#, "is not usable (no schemaVersion)"),
        (#"{"schemaVersion": 1, "presets": {"a": {"item": "solid"}}}"#, "is not usable (preset a needs an item and parameters)"),
        (#"{"schemaVersion": 2, "presets": {}}"#, "was written by a newer MiniDesk (schema version 2); this one reads version 1 and leaves it untouched"),
    ])
    func unusableFilesAreReportedAndNeverOverwritten(content: String, message: String) throws {
        let store = Self.store()
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: store.path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: store.path, contents: Data(content.utf8))
        #expect { try store.load() } throws: { ($0 as? PresetStore.StoreError)?.message.contains(message) == true }
        #expect { try store.modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in p["x"] = .init(item: "solid", parameters: [:]) } }
            throws: { ($0 as? PresetStore.StoreError)?.message.contains(store.path) == true }
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == content)
    }

    @Test func aFolderThatCannotBeMadeIsReported() {
        let blocker = AtomicFileTests.tempFolder() + "/blocker"
        FileManager.default.createFile(atPath: blocker, contents: Data())
        let store = PresetStore(path: blocker + "/minidesk/presets.json")
        #expect { try store.modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in } }
            throws: { ($0 as? PresetStore.StoreError)?.message.hasPrefix("cannot create the presets folder \(blocker)/minidesk") == true }
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permissions"))
    func aReadOnlyFolderIsReportedAndTheOldFileKept() throws {
        let store = Self.store()
        try store.modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in p["a"] = .init(item: "solid", parameters: [:]) }
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        #expect(throws: PresetStore.StoreError.self) {
            try store.modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in p["b"] = .init(item: "solid", parameters: [:]) }
        }
        #expect(try store.load().keys.sorted() == ["a"])
    }

    @Test func concurrentWritersLoseNothing() throws {
        let path = Self.store().path
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            // Separate stores, as separate processes would have.
            try? PresetStore(path: path).modify { (p: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in
                p["p\(i)"] = .init(item: "solid", parameters: ["scale": .number(Double(i))])
            }
        }
        #expect(try PresetStore(path: path).load().count == 16)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(PresetStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/minidesk/presets.json")
        #expect(PresetStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/minidesk/presets.json")
    }
}
