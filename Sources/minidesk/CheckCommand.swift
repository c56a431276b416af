import Foundation
import Geometry
import MeshIO

/// `minidesk check FILE`: reads a mesh file (STL, OBJ, PLY and 3MF exactly, others through assimp) and validates every part.
enum CheckCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: [], flags: ["--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.check); return .ok }
        guard args.positional.count == 1 else { throw UsageError("check needs one file, got \(args.positional.count)") }
        let path = args.positional[0]
        let reports: [(name: String, report: MeshReport)]
        do {
            reports = try MeshReader.checkedParts(path)
        } catch {
            Console.error("\(error)")
            return .usage
        }
        guard !reports.isEmpty else {
            Console.error("\(path) holds no mesh")
            return .failure
        }
        let valid = reports.allSatisfy(\.report.isValid)
        if args.flags.contains("--json") {
            Console.out(JSON.string([
                "file": path, "valid": valid,
                "parts": reports.map { name, r -> [String: Any] in
                    [
                        "name": name, "valid": r.isValid, "closed": r.isClosed, "manifold": r.isManifold, "oriented": r.isOriented,
                        "selfIntersections": r.selfIntersections ?? 0, "volume": r.volume, "shells": r.shells,
                        "triangles": r.triangles, "problems": r.problems,
                        "bounds": ["min": [r.bounds.min.x, r.bounds.min.y, r.bounds.min.z], "max": [r.bounds.max.x, r.bounds.max.y, r.bounds.max.z]],
                    ]
                },
            ] as [String: Any]))
        } else {
            for (name, r) in reports {
                let size = r.bounds.size
                Console.out("\(name): \(r.isValid ? "valid" : "INVALID"), \(r.triangles) triangles, \(r.shells) shell\(r.shells == 1 ? "" : "s"), "
                    + String(format: "%.3f mm³, %.2f x %.2f x %.2f mm", r.volume, size.x, size.y, size.z))
                for p in r.problems { Console.out("  \(p)") }
            }
            Console.out("\(path): \(valid ? "valid" : "invalid")")
        }
        return valid ? .ok : .failure
    }
}
