import Foundation
import Geometry
import MeshIO
import MiniDesk
import MiniDeskServer

/// Benchmarks for the geometry kernel, the catalogue and the file writers. Prints one JSON object of
/// figures (seconds, counts, MB/s); timed here, never in tests. Run with `make bench` (release build).

/// The best of `repeats` wall-clock timings of `body`, in seconds.
func measure(repeats: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// The process's peak resident memory in bytes (Linux: VmHWM).
func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// The test mesh for the writers: a sphere of about 1M triangles.
func writerMesh() throws -> Mesh { try Mesh.sphere(radius: 50, segments: 1000) }

/// The test mesh as a silver part.
func sphere(_ mesh: Mesh) -> Part { Part(name: "sphere", color: Color(red: 0xC8, green: 0xC8, blue: 0xCC), mesh: mesh) }

/// Writes the test mesh in one format to `path`.
func writeTestMesh(_ mesh: Mesh, format: String, to path: String) throws {
    switch format {
    case "obj": try OBJWriter.write([sphere(mesh)], to: path)
    case "3mf":
        try ThreeMFWriter.write(objectName: "sphere", parts: [sphere(mesh)],
                                metadata: ThreeMFWriter.Metadata(title: "bench", parametersJSON: "{}"), to: path)
    default:
        if let assimp = AssimpFormat.named(format) {
            try AssimpWriter.write([sphere(mesh)], format: assimp, to: path)
        } else {
            try MeshWriter.write([sphere(mesh)], format: MeshFormat(rawValue: format)!, to: path)
        }
    }
}

// Child mode, for peak memory: `minidesk-bench --writer-peak FORMAT PATH` builds the mesh, resets the
// peak, writes once, and prints the peak's growth in bytes.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--writer-peak" {
    let mesh = try writerMesh()
    // Reset the peak to what is resident now (Linux), so building the mesh does not count.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = peakResidentBytes()
    try writeTestMesh(mesh, format: CommandLine.arguments[2], to: CommandLine.arguments[3])
    print(peakResidentBytes() - before)
    exit(0)
}

var results = [String: Any]()
let fine = Resolution.fine

/// `--only PREFIX` runs just the figures whose names start with PREFIX (to profile one workload).
let only: String? = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}
func wanted(_ name: String) -> Bool { only.map { name.hasPrefix($0) } ?? true }

if wanted("roundedBox") || wanted("validate") || wanted("self_intersections") || wanted("triangulate") {
    let body = try Mesh.roundedBox(width: 127, depth: 127, height: 50, cornerRadius: 18, topFillet: 3, bottomFillet: 1, resolution: fine)
    results["roundedBox_fine_seconds"] = try measure {
        _ = try Mesh.roundedBox(width: 127, depth: 127, height: 50, cornerRadius: 18, topFillet: 3, bottomFillet: 1, resolution: fine)
    }
    results["roundedBox_fine_triangles"] = body.triangles.count
    results["validate_roundedBox_fine_seconds"] = measure(repeats: 3) { _ = body.report() }

    let sphere = try Mesh.sphere(radius: 50, segments: 256)
    results["sphere_256_triangles"] = sphere.triangles.count
    results["validate_sphere_256_seconds"] = measure(repeats: 3) { _ = sphere.report() }
    results["self_intersections_sphere_256_seconds"] = measure(repeats: 3) { _ = sphere.countSelfIntersections() }

    let circle = try Shape.circle(radius: 50, segments: 2000)
    results["triangulate_circle_2000_seconds"] = try measure { _ = try circle.polygons[0].triangulated() }

    let holes = try (0..<100).map { i -> Contour in
        try Shape.circle(radius: 1, center: Vector2(Double(i % 10) * 5 - 22.5, Double(i / 10) * 5 - 22.5), segments: 24).polygons[0].outer
    }
    let plate = Polygon(outer: try Shape.rectangle(width: 60, height: 60).polygons[0].outer, holes: holes)
    results["triangulate_plate_100_holes_seconds"] = try measure { _ = try plate.triangulated() }
}

// Boolean workloads from the booleans issue. A workload the kernel refuses (degenerate contact) reports
// its error instead of a time.
@MainActor func boolean(_ name: String, _ work: () throws -> Mesh) {
    guard wanted(name) else { return }
    do {
        var result = Mesh.empty
        let seconds = try measure(repeats: 3) { result = try work() }
        let report = result.report(checkSelfIntersections: false)
        results[name] = ["seconds": seconds, "triangles": report.triangles, "volume": report.volume, "valid": report.isValid]
    } catch {
        results[name] = ["error": "\(error)"]
    }
}

let box = try Mesh.roundedBox(width: 127, depth: 127, height: 50, cornerRadius: 14, resolution: .normal)
let pocket = try Mesh.roundedBox(width: 117, depth: 117, height: 46, cornerRadius: 9, resolution: .normal)
    .translated(by: Vector3(0, 0, 5))
boolean("W1_shell") { try box.subtracting(pocket) }

let vent = try Mesh.cylinder(radius: 0.9, height: 6, segments: 24)
var vents = [Mesh]()
for (ring, radius) in [(0, 40.0), (1, 47.0)] {
    for k in 0..<75 {
        let angle = 2 * Double.pi * (Double(k) + 0.5 * Double(ring)) / 75
        vents.append(vent.translated(by: Vector3(radius * cos(angle), radius * sin(angle), -1)))
    }
}
let port = try Mesh.box(size: Vector3(8.4, 6, 2.6))
let ports = (0..<7).map { port.translated(by: Vector3(-45 + Double($0) * 14, 63.5, 27)) }
boolean("W2_vents") { try box.subtracting(vents + ports) }

let grid = (0..<1000).map { k in vent.translated(by: Vector3(-55.5 + Double(k % 32) * 3.6, -55.5 + Double(k / 32) * 3.6, -1)) }
boolean("W3_grid") { try box.subtracting(grid) }

// A sphere minus an offset sphere, as in Manifold's own performance test: about n² triangles each,
// 2k to 520k (scripts/bench_compare.py goes on to 2M).
for n in [46, 92, 182, 364, 724] where wanted("spheres") {
    let a = try Mesh.sphere(radius: 50, segments: n)
    let b = a.translated(by: Vector3(12.3, 7.1, 5.9))
    boolean("spheres_\(a.triangles.count)") { try a.subtracting(b) }
}

// Every item at its defaults, normal resolution, multicolour; and the check every part passes
// before export writes it (`Mesh.validated`).
for item in Catalogue.items where wanted("item_\(item.name)") {
    var triangles = 0
    let seconds = try measure(repeats: 3) { triangles = try item.parts(resolution: .normal).parts.reduce(0) { $0 + $1.mesh.triangles.count } }
    let parts = try item.parts(resolution: .normal).parts
    let check = try measure(repeats: 3) { for p in parts { _ = try p.mesh.validated(p.name) } }
    results["item_\(item.name)"] = ["seconds": seconds, "triangles": triangles, "check_seconds": check]
}

// The customizer's answer to one change, as `minidesk serve` computes it (the HTTP server adds a
// loopback round trip): the draft model, the full one, and the form's effective ranges. Each build
// sets a new fit.clearance, so none comes from the cache. The median of 5.
if wanted("customizer") {
    let customizer = Customizer(presets: PresetStore(path: NSTemporaryDirectory() + "minidesk-bench-presets.json"))
    var figures = [String: Any]()
    var change = 0
    func median(_ body: () -> Void) -> Double {
        (0..<5).map { _ -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }.sorted()[2]
    }
    for item in Catalogue.items {
        func model(_ resolution: String) -> HTTPResponse {
            change += 1
            let query = [("item", item.name), ("resolution", resolution), ("fit.clearance", String(0.25 + Double(change) * 1e-4))]
            return customizer.handle(HTTPRequest(method: "GET", path: "/api/model", query: query.map { (key: $0.0, value: $0.1) }))
        }
        var bytes = 0
        let draft = median { bytes = model("draft").body.count }
        let normal = median { _ = model("normal") }
        let params = median { _ = customizer.handle(HTTPRequest(method: "GET", path: "/api/params", query: [(key: "item", value: item.name)])) }
        figures[item.name] = ["draft_seconds": draft, "draft_glb_bytes": bytes, "normal_seconds": normal, "params_seconds": params]
    }
    results["customizer"] = figures
}

// Previews of the solid (iso, multicolour, normal resolution) at three sizes, PNG encoding included.
if wanted("render") {
    let parts = try Catalogue.item(named: "solid")!.parts(resolution: .normal).parts.map { ($0.mesh, $0.color) }
    var figures = [String: Any]()
    for size in [512, 2048, 4096] {
        figures["\(size)px_seconds"] = measure(repeats: size > 2048 ? 2 : 3) { _ = PreviewRenderer(view: .iso, size: size).png(parts) }
    }
    results["render_solid"] = figures
}

// Writers on a 1M-triangle mesh, next to a plain buffered write of the same number of bytes, and
// the memory each needs beyond the mesh (peak resident growth, measured in a fresh child process).
if wanted("writers") {
    let big = try writerMesh()
    let meshBytes = big.vertices.count * MemoryLayout<Vector3>.stride + big.triangles.count * MemoryLayout<Mesh.Triangle>.stride
    let folder = NSTemporaryDirectory() + "minidesk-bench-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var writerFigures = [String: Any]()
    // glb2 and collada through assimp, beside our own writers (glb2 holds what our glb does).
    for name in ["stl", "stl-ascii", "ply", "glb", "obj", "3mf", "glb2", "collada"] {
        let path = folder + "/sphere.\(name)"
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--writer-peak", name, path]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        child.waitUntilExit()
        let extra = Int(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let seconds = try measure(repeats: 3) { try writeTestMesh(big, format: name, to: path) }
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let payload = Data(count: bytes)
        let plainPath = folder + "/plain.bin"
        let plain = measure(repeats: 3) {
            let handle = fopen(plainPath, "wb")!
            payload.withUnsafeBytes { raw in
                var offset = 0
                while offset < bytes {
                    let n = min(1 << 16, bytes - offset)
                    fwrite(raw.baseAddress! + offset, 1, n, handle)
                    offset += n
                }
            }
            fclose(handle)
        }
        var figures: [String: Any] = [
            "seconds": seconds, "bytes": bytes, "MB_per_s": Double(bytes) / 1e6 / seconds,
            "plain_write_seconds": plain, "plain_write_MB_per_s": Double(bytes) / 1e6 / plain,
            "peak_extra_MB": Double(extra) / 1e6, "peak_extra_per_mesh_size": Double(extra) / Double(meshBytes),
        ]
        // Reading back (assimp, then welding by position), as `csg` does for `mesh` nodes.
        if ["stl", "ply", "obj"].contains(name) {
            let read = try measure(repeats: 3) { _ = try MeshReader.read(path) }
            figures["read_seconds"] = read
            figures["read_MB_per_s"] = Double(bytes) / 1e6 / read
        }
        writerFigures[name] = figures
    }
    results["writers_1M_triangles"] = ["triangles": big.triangles.count, "mesh_MB": Double(meshBytes) / 1e6, "formats": writerFigures]
}

let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
print(String(decoding: data, as: UTF8.self))
