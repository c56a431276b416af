import Foundation
import Geometry
import MeshIO
import MiniDesk
import Testing
@testable import MiniDeskServer

/// The customizer's API, called as the HTTP server calls it: every route, every refusal.
@Suite struct CustomizerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One folder for the files of this test process, removed when it exits.
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "minidesk-server-tests-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CustomizerTests.scratch) }
        return path
    }()

    /// A customizer with its own empty preset store.
    static func customizer(three: String = StaticFiles.debianThreeFolder) -> (Customizer, PresetStore) {
        let store = PresetStore(path: scratch + "/customizer-\(UUID().uuidString)/presets.json")
        return (Customizer(threeFolder: three, presets: store), store)
    }

    static func get(_ c: Customizer, _ path: String, _ query: [(String, String)] = [], method: String = "GET", body: Data = Data()) -> HTTPResponse {
        c.handle(HTTPRequest(method: method, path: path, query: query.map { (key: $0.0, value: $0.1) }, body: body))
    }

    static func json(_ r: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: r.body)) as? [String: Any] ?? [:]
    }

    /// The JSON chunk of a GLB file, checked to be one.
    static func glbJSON(_ data: Data) throws -> [String: Any] {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        try #require(bytes.count > 20 && u32(0) == 0x4654_6C67 && u32(4) == 2 && u32(8) == bytes.count)
        let length = u32(12)
        try #require(u32(16) == 0x4E4F_534A)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes[20..<(20 + length)])) as? [String: Any])
    }

    /// The report a model carries in its scene's extras.
    static func report(_ r: HTTPResponse) throws -> [String: Any] {
        let scenes = try #require(try glbJSON(r.body)["scenes"] as? [[String: Any]])
        return try #require(scenes.first?["extras"] as? [String: Any])
    }

    @Test func itemsListEveryItemWithItsViews() throws {
        let (c, _) = Self.customizer()
        let r = Self.get(c, "/api/items")
        #expect(r.status == 200 && r.contentType == "application/json")
        let items = try #require(try JSONSerialization.jsonObject(with: r.body) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == Catalogue.items.map(\.name))
        for item in items {
            let views = item["views"] as? [String] ?? []
            // Every item prints as pieces (the body and its foot), so every one can be seen
            // assembled, which the page shows first.
            #expect(views == ["assembled", "multicolor", "separate", "merged"], "\(item)")
        }
    }

    /// The form's listing is the library's: the same effective ranges as `ParameterListing`, the
    /// values sent, and the problems at their parameter with the fix.
    @Test func paramsGiveTheEffectiveRangesAndTheProblems() throws {
        let (c, _) = Self.customizer()
        let r = Self.get(c, "/api/params", [("item", "planter"), ("planter.size", "190"), ("body.width", "150mm")])
        #expect(r.status == 200)
        let body = Self.json(r)
        let entries = try #require(body["parameters"] as? [[String: Any]])
        let item = Catalogue.item(named: "planter")!
        let overrides = item.schema.applying(assignments: ["planter.size=190", "body.width=150"], to: ParameterSet()).values
        let expected = ParameterListing(item.schema, overrides: overrides)
        #expect(entries.count == expected.entries.count)
        for (got, want) in zip(entries, expected.entries) {
            #expect(got["name"] as? String == want.spec.name)
            #expect(got["min"] as? Double == want.effectiveRange?.lowerBound && got["max"] as? Double == want.effectiveRange?.upperBound, "\(want.spec.name)")
        }
        #expect(entries.first { $0["name"] as? String == "body.width" }?["value"] as? Double == 150)
        let problems = try #require(body["problems"] as? [[String: Any]])
        #expect(problems.count == 1 && problems[0]["parameter"] as? String == "planter.size" && problems[0]["warning"] as? Bool == false)
        #expect((problems[0]["message"] as? String ?? "").contains("--set planter.size="))
    }

    @Test func aModelIsAGLBOfTheParts() throws {
        let (c, _) = Self.customizer()
        let r = Self.get(c, "/api/model", [("item", "solid"), ("resolution", "draft"), ("body.width", "140")])
        #expect(r.status == 200 && r.contentType == "model/gltf-binary")
        let json = try Self.glbJSON(r.body)
        let item = Catalogue.item(named: "solid")!
        let (parts, _) = try item.parts(item.schema.applying(assignments: ["body.width=140"], to: ParameterSet()).values, resolution: .draft)
        #expect((json["meshes"] as? [[String: Any]])?.map { $0["name"] as? String } == parts.map(\.name))
        let report = try Self.report(r)
        let reported = try #require(report["parts"] as? [[String: Any]])
        #expect(reported.map { $0["triangles"] as? Int } == parts.map(\.mesh.triangles.count))
        for (p, part) in zip(reported, parts) {
            let volume = part.mesh.report(checkSelfIntersections: false).volume
            #expect(abs((p["volume"] as? Double ?? 0) - volume) < 1e-6 * volume)
            // Solid PLA at 1.24 g/cm³.
            #expect(abs((p["grams"] as? Double ?? 0) - volume / 1000 * 1.24) < 1e-6 * volume)
            #expect(p["color"] as? String == part.color.hex)
        }
        #expect(report["view"] as? String == "assembled" && report["resolution"] as? String == "draft")
    }

    /// The stash prints as a lid beside its base; assembled, the lid sits on the base again.
    @Test func theStashAssembled() throws {
        let (c, _) = Self.customizer()
        func width(_ view: String) throws -> Double {
            let r = Self.get(c, "/api/model", [("item", "stash"), ("resolution", "draft"), ("view", view)])
            try #require(r.status == 200)
            let accessors = try #require(try Self.glbJSON(r.body)["accessors"] as? [[String: Any]])
            let lo = accessors.compactMap { ($0["min"] as? [Double])?.first }.min() ?? 0, hi = accessors.compactMap { ($0["max"] as? [Double])?.first }.max() ?? 0
            return hi - lo
        }
        #expect(try width("multicolor") > 250)
        #expect(abs(try width("assembled") - 127) < 0.01)
        let r = Self.get(c, "/api/model", [("item", "solid"), ("resolution", "draft"), ("view", "assembled")])
        #expect(r.status == 200, "an item of one piece shows the same assembled as in multicolour")
    }

    /// Each refusal names the argument, the value and what is allowed, and suggests the fix.
    @Test func badRequestsAreRefusedWithTheFix() {
        let (c, _) = Self.customizer()
        let cases: [([(String, String)], Int, String, String?)] = [
            ([], 400, "the request needs an item, such as ?item=planter", nil),
            ([("item", "planer")], 404, "unknown item `planer`, did you mean `planter`?", "item"),
            ([("item", "solid"), ("view", "separat")], 400, "view must be assembled, multicolor, separate, merged, got `separat`, did you mean `separate`?", "view"),
            ([("item", "solid"), ("resolution", "ultra")], 400, "resolution must be draft, normal or fine, got `ultra`", "resolution"),
            ([("item", "solid"), ("body.width", "wide")], 422, "body.width", "body.width"),
            ([("item", "solid"), ("body.widht", "130")], 422, "body.width", "body.widht"),
            ([("item", "solid"), ("body.width", "20")], 422, "must be 111 to 300 mm, got 20", "body.width"),
            ([("item", "solid"), ("seq", "x"), ("client", "a")], 400, "seq must be a whole number, got `x`", "seq"),
        ]
        for (query, status, message, parameter) in cases {
            let r = Self.get(c, "/api/model", query)
            let body = Self.json(r)
            #expect(r.status == status, "\(query): \(body)")
            #expect((body["error"] as? String ?? "").contains(message), "\(query): \(body)")
            #expect(body["parameter"] as? String == parameter, "\(query): \(body)")
        }
        let unknown = Self.json(Self.get(c, "/api/model", [("item", "solid"), ("body.widht", "130")]))
        #expect((unknown["error"] as? String ?? "").contains("did you mean") || (unknown["error"] as? String ?? "").contains("body.width"))
        #expect(Self.get(c, "/api/model", [("item", "solid")], method: "POST").status == 405)
        #expect(Self.get(c, "/", method: "DELETE").status == 405)
        let missing = Self.get(c, "/api/nothing")
        #expect(missing.status == 404 && (Self.json(missing)["error"] as? String ?? "").contains("/api/model"))
        #expect(Self.get(c, "/../etc/passwd").status == 404)
        #expect(Self.get(c, "/three/../../etc/passwd").status == 404)
    }

    /// An older build of a tab that has asked for a newer one is dropped; the same model again comes
    /// from the cache.
    @Test func supersededBuildsAreDroppedAndRepeatsCached() {
        let (c, _) = Self.customizer()
        let query = [("item", "pen-holder"), ("resolution", "draft"), ("client", "tab")]
        #expect(Self.get(c, "/api/model", query + [("seq", "5")]).status == 200)
        let old = Self.get(c, "/api/model", query + [("seq", "3"), ("body.width", "150")])
        #expect(old.status == 409 && (Self.json(old)["error"] as? String ?? "").contains("superseded"))
        #expect(Self.get(c, "/api/model", query + [("seq", "6")]).status == 200)
        #expect(Self.get(c, "/api/model", [("item", "pen-holder"), ("resolution", "draft")]).status == 200, "a request without a tab is never superseded")
        #expect(c.builds.statistics == ModelBuilds.Counts(built: 1, cached: 2, superseded: 1))
    }

    @Test func downloadsGiveTheFilesExportWrites() throws {
        let (c, _) = Self.customizer()
        let threeMF = Self.get(c, "/api/download", [("item", "solid"), ("format", "3mf"), ("resolution", "draft")])
        #expect(threeMF.status == 200 && threeMF.contentType == "model/3mf" && threeMF.headers["Content-Disposition"] == "attachment; filename=\"solid.3mf\"")
        #expect(threeMF.body.prefix(2) == Data("PK".utf8))
        let path = Self.scratch + "/download-\(UUID().uuidString).3mf"
        try threeMF.body.write(to: URL(fileURLWithPath: path))
        let parts = try MeshReader.checkedParts(path)
        #expect(parts.map(\.name) == ["shell", "bottom", "ports", "light", "emblem", "foot"] && parts.allSatisfy(\.report.isValid))

        let prusa = Self.get(c, "/api/download", [("item", "solid"), ("format", "prusa.3mf"), ("resolution", "draft")])
        #expect(prusa.headers["Content-Disposition"] == "attachment; filename=\"solid.prusa.3mf\"")
        let merged = Self.get(c, "/api/download", [("item", "solid"), ("format", "stl"), ("view", "merged"), ("resolution", "draft")])
        #expect(merged.contentType == "model/stl" && merged.headers["Content-Disposition"] == "attachment; filename=\"solid-merged.stl\"")
        let all = Self.get(c, "/api/download", [("item", "stash"), ("format", "zip"), ("resolution", "draft")])
        #expect(all.status == 200 && all.contentType == "application/zip")
        let text = String(decoding: all.body, as: UTF8.self)
        for name in ["multicolor/stash.3mf", "multicolor/stash.prusa.3mf", "separate/stash-separate-shell.stl", "separate/stash-separate-shell.3mf", "merged/stash-merged.stl"] {
            #expect(text.contains(name), "\(name)")
        }
        let bad = Self.get(c, "/api/download", [("item", "solid"), ("format", "3fm")])
        #expect(bad.status == 400 && (Self.json(bad)["error"] as? String ?? "").contains("did you mean `3mf`?"))
    }

    @Test func presetsAreSavedInTheStoreAndNeverReplacedUnasked() throws {
        let (c, store) = Self.customizer()
        let query = [("item", "planter"), ("name", "small-pot"), ("planter.size", "80")]
        let saved = Self.get(c, "/api/presets", query, method: "POST")
        #expect(saved.status == 200, "\(Self.json(saved))")
        #expect(try store.load()["small-pot"] == PresetStore.Preset(item: "planter", parameters: ["planter.size": .number(80)]))
        let again = Self.get(c, "/api/presets", [("item", "planter"), ("name", "small-pot"), ("planter.size", "70")], method: "POST")
        #expect(again.status == 409 && (Self.json(again)["error"] as? String ?? "").contains("overwrite=1"))
        #expect(try store.load()["small-pot"]?.parameters["planter.size"] == .number(80))
        #expect(Self.get(c, "/api/presets", [("item", "planter"), ("name", "small-pot"), ("planter.size", "70"), ("overwrite", "1")], method: "POST").status == 200)
        #expect(try store.load()["small-pot"]?.parameters["planter.size"] == .number(70))
        let list = try #require(try JSONSerialization.jsonObject(with: Self.get(c, "/api/presets").body) as? [[String: Any]])
        #expect(list.count == 1 && list[0]["name"] as? String == "small-pot" && (list[0]["parameters"] as? [String: Any])?["planter.size"] as? Double == 70)
        #expect(Self.get(c, "/api/presets", [("item", "planter"), ("name", "a b")], method: "POST").status == 400)
        let invalid = Self.get(c, "/api/presets", [("item", "planter"), ("name", "big"), ("planter.size", "200")], method: "POST")
        #expect(invalid.status == 422 && (Self.json(invalid)["parameter"] as? String) == "planter.size")
        #expect(try store.load()["big"] == nil)
        #expect(Self.get(c, "/api/presets", method: "PUT").status == 405)
    }

    @Test func anUploadedSVGBecomesPathData() throws {
        let (c, _) = Self.customizer()
        let ring = try Data(contentsOf: Self.repository.appendingPathComponent("Models/emblems/ring.svg"))
        let r = Self.get(c, "/api/emblem", method: "POST", body: ring)
        #expect(r.status == 200)
        let value = try #require(Self.json(r)["value"] as? String)
        #expect(try Emblem.pathData(inSVG: String(decoding: ring, as: UTF8.self), named: "ring") == value)
        let model = Self.get(c, "/api/model", [("item", "solid"), ("resolution", "draft"), ("emblem.svg", value)])
        #expect(model.status == 200)
        let none = Self.get(c, "/api/emblem", method: "POST", body: Data("<svg><rect/></svg>".utf8))
        #expect(none.status == 422 && (Self.json(none)["error"] as? String ?? "").contains("has no <path d=\"...\"> element"))
        let binary = Self.get(c, "/api/emblem", method: "POST", body: Data([0xFF, 0xFE, 0x00]))
        #expect(binary.status == 400 && (Self.json(binary)["parameter"] as? String) == "emblem.svg")
        #expect(Self.get(c, "/api/emblem").status == 405)
    }

    @Test func thePageAndThreeJS() throws {
        let (c, _) = Self.customizer()
        let page = Self.get(c, "/")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        for script in ["/three/three.min.js", "/three/OrbitControls.js", "/three/GLTFLoader.js", "/app.js"] { #expect(html.contains("src=\"\(script)\"")) }
        #expect(Self.get(c, "/app.js").contentType.hasPrefix("text/javascript") && Self.get(c, "/style.css").contentType.hasPrefix("text/css"))
        try #require(c.missingFiles == nil, "`make deps` installs Debian's libjs-three")
        let three = Self.get(c, "/three/three.min.js")
        #expect(three.status == 200 && String(decoding: three.body, as: UTF8.self).contains("REVISION=\"111\""))
        let (without, _) = Self.customizer(three: "/nonexistent/three")
        #expect(without.missingFiles?.contains("install Debian's libjs-three") == true)
        let missing = Self.get(without, "/three/GLTFLoader.js")
        #expect(missing.status == 500 && (Self.json(missing)["error"] as? String ?? "").contains("libjs-three"))
    }
}
