import Foundation
import Geometry
import MeshIO
import MiniDesk
import Scene

/// `minidesk csg SCENE.json -o OUT [--json]`: evaluates a CSG scene and writes the mesh, or, for a
/// scene of parts, each part (`OUT` names them `<stem>-<part>.<ext>`; a 3MF holds them all).
enum CSGCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: ["-o", "--out", "--repeat"], flags: ["--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.csg); return .ok }
        guard args.positional.count == 1 else { throw UsageError("csg needs one scene file, got \(args.positional.count)") }
        guard let out = args.value("-o") ?? args.value("--out") else { throw UsageError("csg needs an output file: -o OUT.stl|ply|obj") }
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        guard ["stl", "ply", "obj", "3mf"].contains(ext) else {
            throw UsageError("the output's extension must be .stl, .ply, .obj or .3mf, got `\(out)`")
        }
        let repeatText = args.value("--repeat") ?? "1"
        guard let repeats = Int(repeatText), repeats >= 1, repeats <= 100 else {
            throw UsageError("--repeat must be a whole number from 1 to 100, got `\(repeatText)`")
        }
        let scenePath = args.positional[0]
        let clock = ContinuousClock()

        var start = clock.now
        let folder = URL(fileURLWithPath: scenePath).deletingLastPathComponent().path
        let scene: CSGScene
        do {
            guard let data = FileManager.default.contents(atPath: scenePath) else {
                Console.error("cannot read the scene \(scenePath): no such file or not readable")
                return .usage
            }
            scene = try CSGScene.read(data) { (file: String) throws(GeometryError) -> Mesh in
                try MeshReader.read(file.hasPrefix("/") ? file : folder + "/" + file)
            }
        } catch {
            Console.error("\(scenePath): \(error)")
            return .usage
        }
        let parse = seconds(clock.now - start)

        var meshes = [Mesh]()
        var evaluations = [Double]()
        for _ in 0..<repeats {
            start = clock.now
            do throws(CSGError) {
                meshes = try scene.meshes()
            } catch {
                Console.error("\(scenePath): \(error)")
                switch error.error {
                case .invalidParameter, .invalidShape, .invalidMesh: return .usage
                case .triangulationFailed, .degenerateContact, .invalidResult: return .failure
                }
            }
            evaluations.append(seconds(clock.now - start))
        }
        // The median run: with --repeat, later runs are warm (as a long-lived process would be).
        let evaluate = evaluations.sorted()[evaluations.count / 2]
        // Only valid solids are written (an input mesh passed through unchanged is checked too).
        let reports = meshes.map { $0.report() }
        for (part, r) in zip(scene.parts, reports) where !r.isValid {
            let what = part.name.map { "part `\($0)`" } ?? "the result"
            Console.error("\(scenePath): \(what) is not a valid solid (\(r.problems.joined(separator: "; "))); nothing was written to \(out)")
            return .failure
        }

        start = clock.now
        let url = URL(fileURLWithPath: out)
        let stem = url.deletingPathExtension().lastPathComponent
        var files = [String]()
        do {
            if ext == "3mf" {
                let parts = zip(scene.parts, meshes).filter { !$0.1.isEmpty }.map { part, mesh in
                    // The reader took only #RRGGBB colours.
                    Part(name: part.name ?? stem, color: part.color.flatMap(Color.init(hex:)) ?? Color(red: 0xC0, green: 0xC0, blue: 0xC0), mesh: mesh)
                }
                try ThreeMFWriter.write(objectName: stem, parts: parts, metadata: .init(title: stem), to: out)
                files = [out]
            } else {
                for (part, mesh) in zip(scene.parts, meshes) {
                    let file = part.name.map { url.deletingLastPathComponent().appendingPathComponent("\(stem)-\($0).\(ext)").path } ?? out
                    switch ext {
                    case "ply": try AtomicFile.write(IndexedMeshWriter.ply(mesh), to: file)
                    case "obj": try AtomicFile.write(IndexedMeshWriter.obj(mesh), to: file)
                    default: try MeshWriter.write([Part(name: "csg", color: .grey, mesh: mesh)], format: .stl, to: file)
                    }
                    files.append(file)
                }
            }
        } catch {
            Console.error("\(error)")
            return .failure
        }
        let write = seconds(clock.now - start)

        let total = Mesh.merged(meshes)
        if args.flags.contains("--json") {
            var report: [String: Any] = [
                "valid": reports.allSatisfy(\.isValid), "closed": reports.allSatisfy(\.isClosed), "manifold": reports.allSatisfy(\.isManifold),
                "oriented": reports.allSatisfy(\.isOriented), "empty": total.isEmpty,
                "selfIntersections": reports.reduce(0) { $0 + ($1.selfIntersections ?? 0) },
                "volume": reports.reduce(0) { $0 + $1.volume }, "area": reports.reduce(0) { $0 + $1.area },
                "triangles": total.triangles.count, "vertices": total.vertices.count,
                "shells": reports.reduce(0) { $0 + $1.shells }, "eulerCharacteristic": reports.reduce(0) { $0 + $1.eulerCharacteristic },
                "seconds": ["parse": parse, "evaluate": evaluate, "write": write],
                "evaluateRuns": evaluations, "files": files,
            ]
            if !scene.isSingleSolid {
                report["parts"] = zip(scene.parts, reports).map { part, r in
                    ["name": part.name ?? "", "volume": r.volume, "triangles": r.triangles, "valid": r.isValid] as [String: Any]
                }
            }
            Console.out(JSON.string(report))
        } else if scene.isSingleSolid {
            let what = total.isEmpty ? "an empty mesh" : "\(reports[0].triangles) triangles, \(String(format: "%.3f", reports[0].volume)) mm³"
            Console.out("\(out): \(what)")
        } else {
            for (i, (part, r)) in zip(scene.parts, reports).enumerated() {
                let what = "\(r.triangles) triangles, \(String(format: "%.3f", r.volume)) mm³"
                Console.out(ext == "3mf" ? "\(out): part \(part.name ?? stem), \(what)" : "\(files[i]): \(what)")
            }
        }
        return .ok
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
