import Foundation
import Geometry
import MeshIO
import MiniDesk
import Support

/// `minidesk serve`'s application: the page, three.js, and a JSON and GLB API over the same library
/// calls as the CLI (the parameter listing, `DeskItem.parts`, the writers, the preset store).
///
/// - `GET /api/items`: the items, their summaries and part names.
/// - `GET /api/params?item=I&k=v...`: every parameter with its effective range given the others,
///   and the problems the values have.
/// - `GET /api/model?item=I&view=V&resolution=R&client=C&seq=N&k=v...`: the parts as GLB, with a
///   report (triangles, volume, grams, warnings) in the scene's extras; 422 with the problems for
///   values the rules refuse; 409 when the tab `client` has asked for a newer `seq`.
/// - `GET /api/download?item=I&format=F&view=V&k=v...`: the 3MF (`3mf`, `prusa.3mf`), the STL
///   (`stl`; a zip when there are several parts) or a zip of every mode (`zip`).
/// - `GET /api/presets`, `POST /api/presets?name=P&item=I&k=v...` (`overwrite=1` to replace).
/// - `POST /api/emblem` with an SVG document: its path data, for `emblem.svg`.
public final class Customizer: Sendable {
    let files: StaticFiles
    let presets: PresetStore
    /// Where downloads are written before they are sent (each in its own folder, removed after).
    let scratch: String
    let builds = ModelBuilds()
    /// Density for the weight estimate: PLA, grams per cubic millimetre.
    static let density = 1.24e-3

    /// A customizer serving three.js from `threeFolder` (Debian's libjs-three), saving presets in
    /// `presets`, and writing downloads in `scratch` before sending them.
    package init(threeFolder: String = StaticFiles.debianThreeFolder, presets: PresetStore, scratch: String = NSTemporaryDirectory()) {
        files = StaticFiles(threeFolder: threeFolder)
        self.presets = presets
        self.scratch = scratch
    }

    /// What the page needs and cannot find (three.js), as a message with the fix; nil when all is there.
    public var missingFiles: String? { files.checkThree() }

    /// Answers one request; never throws: every failure is a JSON error response.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if !path.hasPrefix("/api/") {
            guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "\(path) takes GET, not \(request.method)") }
            return files.response(for: path) ?? .error(404, "there is no page \(path); the customizer is at /")
        }
        let routes: [String: (method: String, run: (HTTPRequest) throws(RequestError) -> HTTPResponse)] = [
            "/api/items": ("GET", { _ in self.items() }),
            "/api/params": ("GET", params),
            "/api/model": ("GET", model),
            "/api/download": ("GET", download),
            "/api/emblem": ("POST", emblem),
        ]
        do throws(RequestError) {
            if path == "/api/presets" {
                switch request.method {
                case "GET": return try listPresets()
                case "POST": return try savePreset(request)
                default: return .error(405, "/api/presets takes GET (list) or POST (save), not \(request.method)")
                }
            }
            guard let route = routes[path] else {
                return .error(404, "there is no API \(path); the API has \((routes.keys.sorted() + ["/api/presets"]).joined(separator: ", "))")
            }
            guard request.method == route.method || (route.method == "GET" && request.method == "HEAD") else {
                return .error(405, "\(path) takes \(route.method), not \(request.method)")
            }
            return try route.run(request)
        } catch {
            return error.response
        }
    }

    func items() -> HTTPResponse {
        .json(Catalogue.items.map { item -> [String: Any] in
            // Every item prints as pieces laid out apart (the body and its foot); `assembled` shows it whole.
            let views = ModelRequest.View.allCases.map(\.rawValue)
            return ["name": item.name, "summary": item.summary, "parts": item.partNames, "pieces": item.pieces, "views": views]
        })
    }

    /// The form's contents for the request's values.
    func params(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let r = try ModelRequest(request)
        let listing = ParameterListing(r.item.schema, overrides: r.overrides)
        return .json(["item": r.item.name, "parameters": listing.entries.map(\.json), "problems": listing.problems.map(\.json)] as [String: Any])
    }

    /// The request's parts, validated and built, in the request's view.
    func parts(_ r: ModelRequest) throws(RequestError) -> (parts: [Part], warnings: [ParameterProblem]) {
        let built: (parts: [Part], warnings: [ParameterProblem])
        do { built = try r.item.parts(r.overrides, resolution: r.resolution, mode: r.view.mode) } catch {
            switch error {
            case .parameters(let e): throw RequestError(problems: e.problems)
            case .geometry(let e): throw RequestError(500, "\(r.item.name) could not be built: \(e)")
            }
        }
        return (r.view == .assembled ? built.parts.map(\.assembled) : built.parts, built.warnings)
    }

    func model(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let r = try ModelRequest(request)
        let seq = request.argument("seq").flatMap(Int.init)
        if request.argument("seq") != nil && seq == nil { throw RequestError(400, "seq must be a whole number, got `\(request.argument("seq")!)`", parameter: "seq") }
        let glb = try builds.model(key: r.cacheKey, client: request.argument("client"), seq: seq) { () throws(RequestError) -> Data in
            let started = Date()
            let (parts, warnings) = try self.parts(r)
            let report: [String: Any] = [
                "item": r.item.name, "view": r.view.rawValue, "resolution": r.resolutionName,
                "seconds": Date().timeIntervalSince(started),
                "parts": parts.map { p -> [String: Any] in
                    let volume = p.mesh.report(checkSelfIntersections: false).volume
                    return ["name": p.name, "color": p.color.hex, "triangles": p.mesh.triangles.count, "volume": volume, "grams": volume * Self.density]
                },
                "warnings": warnings.map(\.json),
            ]
            let extras = String(decoding: try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self)
            return GLBWriter.glb(parts, extras: extras)
        }
        guard let glb else { return .error(409, "superseded: this tab has asked for a newer model") }
        return HTTPResponse(contentType: "model/gltf-binary", body: glb)
    }

    func download(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let r = try ModelRequest(request)
        let format = request.argument("format") ?? "3mf"
        let formats = ["3mf", "prusa.3mf", "stl", "zip"]
        guard formats.contains(format) else {
            throw RequestError(400, "format must be \(formats.joined(separator: ", ")), got `\(format)`" + (closest(to: format, in: Set(formats)).map { ", did you mean `\($0)`?" } ?? ""), parameter: "format")
        }
        let folder = scratch + "/minidesk-download-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        /// Writes the request's files for `mode` in `format` into `sub` and returns their names and bytes.
        func written(_ mode: PrintMode, _ format: String, into sub: String) throws(RequestError) -> [(name: String, data: Data)] {
            var m = r
            m.view = ModelRequest.View(rawValue: mode.rawValue)!
            let parts = try parts(m).parts
            let dir = folder + "/" + sub
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let entries = try ItemFiles.write(r.item, parts, r.overrides, format: format, mode: mode, folder: dir, resolution: r.resolution)
                return entries.flatMap { e -> [String] in [e["path"] as? String, e["materials"] as? String].compactMap { $0 } }.map { path in
                    ((sub.isEmpty ? "" : sub + "/") + (path as NSString).lastPathComponent, FileManager.default.contents(atPath: path) ?? Data())
                }
            } catch {
                throw RequestError(500, "cannot write the \(r.item.name) files: \(error)")
            }
        }
        let name = r.item.name
        let mode = r.view.mode
        let files: [(name: String, data: Data)]
        switch format {
        case "3mf", "prusa.3mf":
            files = try written(mode, "3mf", into: "").filter { $0.name.hasSuffix(format == "3mf" ? ".3mf" : ".prusa.3mf") && (format != "3mf" || !$0.name.hasSuffix(".prusa.3mf")) }
        case "stl":
            files = try written(mode, "stl", into: "")
        default:
            var all = [(name: String, data: Data)]()
            for m in PrintMode.allCases { all += try written(m, "3mf", into: m.rawValue) + written(m, "stl", into: m.rawValue) }
            files = all
        }
        if files.count == 1 {
            let type = files[0].name.hasSuffix(".stl") ? "model/stl" : "model/3mf"
            return HTTPResponse(contentType: type, headers: ["Content-Disposition": "attachment; filename=\"\(files[0].name)\""], body: files[0].data)
        }
        do {
            let zip = try ZipArchive.data(files, in: scratch)
            let zipName = format == "zip" ? "\(name)-all-modes.zip" : "\(name)-\(mode.rawValue)-\(format).zip"
            return HTTPResponse(contentType: "application/zip", headers: ["Content-Disposition": "attachment; filename=\"\(zipName)\""], body: zip)
        } catch {
            throw RequestError(500, "cannot pack the \(name) files: \(error)")
        }
    }

    func listPresets() throws(RequestError) -> HTTPResponse {
        do {
            let all = try presets.load()
            return .json(all.keys.sorted().map { ["name": $0, "item": all[$0]!.item, "parameters": all[$0]!.parameters.mapValues(\.plain)] as [String: Any] })
        } catch {
            throw RequestError(500, error.message)
        }
    }

    /// Saves the request's overrides (validated) as preset `name`; an existing name needs `overwrite=1`.
    func savePreset(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let r = try ModelRequest(request)
        let name = request.argument("name") ?? ""
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw RequestError(400, "a preset name uses letters, digits, '-', '_' and '.', got `\(name)`", parameter: "name")
        }
        let errors = r.item.schema.validate(r.overrides).filter { !$0.isWarning }
        guard errors.isEmpty else { throw RequestError(problems: errors) }
        let replace = request.argument("overwrite") == "1"
        let preset = PresetStore.Preset(item: r.item.name, parameters: r.overrides.values.mapValues(\.jsonValue))
        do {
            try presets.modify { (all: inout [String: PresetStore.Preset]) throws(PresetStore.StoreError) in
                if let existing = all[name], !replace {
                    throw PresetStore.StoreError(message: "a preset `\(name)` (for \(existing.item)) exists already; save with overwrite=1 to replace it, or choose another name")
                }
                all[name] = preset
            }
        } catch {
            throw RequestError(error.message.contains("exists already") ? 409 : 500, error.message, parameter: "name")
        }
        return .json(["saved": name, "item": r.item.name, "path": presets.path, "parameters": r.overrides.values.count] as [String: Any])
    }

    /// The path data of an uploaded SVG document, checked to enclose an area.
    func emblem(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        guard let svg = String(data: request.body, encoding: .utf8), !svg.isEmpty else {
            throw RequestError(400, "the emblem upload must be an SVG document in UTF-8, got \(request.body.count) bytes that are not", parameter: "emblem.svg")
        }
        do {
            let data = try Emblem.pathData(inSVG: svg, named: "the uploaded SVG")
            let share = try Emblem.thinnestShare(data)
            return .json(["value": data, "thinnestShare": share] as [String: Any])
        } catch {
            throw RequestError(422, "emblem.svg: \(error.description)", parameter: "emblem.svg")
        }
    }
}
