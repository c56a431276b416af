import Foundation
import Geometry
import MeshIO

/// `minidesk csg SCENE.json -o OUT [--json]`: evaluates a CSG scene and writes the mesh.
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
        let scene: CSGScene
        do {
            guard let data = FileManager.default.contents(atPath: scenePath) else {
                Console.error("cannot read the scene \(scenePath): no such file or not readable")
                return .usage
            }
            scene = try CSGScene.read(data)
        } catch {
            Console.error("\(scenePath): \(error)")
            return .usage
        }
        var parse = seconds(clock.now - start)

        let folder = URL(fileURLWithPath: scenePath).deletingLastPathComponent().path
        var mesh = Mesh.empty
        var evaluations = [Double]()
        for _ in 0..<repeats {
            start = clock.now
            var reading = Duration.zero  // reading `mesh` files counts as parsing, not evaluating
            do {
                mesh = try scene.evaluate { (file: String) throws(GeometryError) -> Mesh in
                    let began = clock.now
                    defer { reading += clock.now - began }
                    return try MeshReader.read(file.hasPrefix("/") ? file : folder + "/" + file)
                }
            } catch {
                Console.error("\(scenePath): \(error)")
                switch error.error {
                case .invalidParameter, .invalidShape, .invalidMesh: return .usage
                case .triangulationFailed, .degenerateContact, .invalidResult: return .failure
                }
            }
            evaluations.append(seconds(clock.now - start - reading))
            if evaluations.count == 1 { parse += seconds(reading) }
        }
        // The median run: with --repeat, later runs are warm (as a long-lived process would be).
        let evaluate = evaluations.sorted()[evaluations.count / 2]
        // Only a valid solid is written (an input mesh passed through unchanged is checked too).
        let r = mesh.report()
        guard r.isValid else {
            Console.error("\(scenePath): the result is not a valid solid (\(r.problems.joined(separator: "; "))); nothing was written to \(out)")
            return .failure
        }

        start = clock.now
        do {
            switch ext {
            case "ply": try AtomicFile.write(IndexedMeshWriter.ply(mesh), to: out)
            case "obj": try AtomicFile.write(IndexedMeshWriter.obj(mesh), to: out)
            case "3mf":
                let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
                let parts = mesh.isEmpty ? [] : [ThreeMFPart(name: name, color: "#C0C0C0", mesh: mesh)]
                try ThreeMFWriter.write(objectName: name, parts: parts, metadata: .init(title: name), to: out)
            default: try MeshWriter.write([("csg", mesh)], format: .stl, to: out)
            }
        } catch {
            Console.error("\(error)")
            return .failure
        }
        let write = seconds(clock.now - start)

        if args.flags.contains("--json") {
            Console.out(JSON.string([
                "valid": r.isValid, "closed": r.isClosed, "manifold": r.isManifold, "oriented": r.isOriented,
                "empty": mesh.isEmpty, "selfIntersections": r.selfIntersections ?? 0,
                "volume": r.volume, "area": r.area, "triangles": r.triangles, "vertices": r.vertices,
                "shells": r.shells, "eulerCharacteristic": r.eulerCharacteristic,
                "seconds": ["parse": parse, "evaluate": evaluate, "write": write],
                "evaluateRuns": evaluations,
            ] as [String: Any]))
        } else {
            let what = mesh.isEmpty ? "an empty mesh" : "\(r.triangles) triangles, \(String(format: "%.3f", r.volume)) mm³"
            Console.out("\(out): \(what)")
        }
        return .ok
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
