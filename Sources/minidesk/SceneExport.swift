import Foundation
import Geometry
import MeshIO
import MiniDesk
import Scene

extension ExportCommand {
    /// `--scene FILE.json`: the one job's build as a CSG scene (`docs/csg-scene.md`), written
    /// atomically; no mesh is made. `minidesk csg FILE.json -o OUT` then gives the same parts.
    static func writeScene(_ jobs: [Job], to path: String, _ args: Arguments, resolution: Resolution) throws(UsageError) -> ExitCode {
        guard jobs.count == 1, let job = jobs.first else {
            throw UsageError("--scene writes the build of one item in one mode, got \(jobs.count) (items x modes x parameter sets); name one item and at most one --mode")
        }
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "json" else {
            throw UsageError("--scene writes JSON; give a file ending in .json, got `\(path)`")
        }
        for option in ["--format", "--out", "--plates", "--plan", "--dry-run", "--verify"] where args.value(option) != nil || args.flags.contains(option) {
            throw UsageError("--scene writes the build as data, not mesh files, so it takes no \(option); leave it out, or export the meshes in a second command")
        }
        let scene: CSGScene, warnings: [ParameterProblem]
        do {
            (scene, warnings) = try job.item.scene(job.values, resolution: resolution, mode: job.mode)
        } catch {
            Console.error("\(job.label): \(error)")
            if case .parameters = error { return .usage }
            return .failure
        }
        if !args.flags.contains("--json") { warnings.forEach { Console.error("\(job.label): \($0)") } }
        do {
            try AtomicFile.write(scene.data, to: path)
        } catch {
            Console.error("\(error)")
            return .failure
        }
        let names = scene.parts.compactMap(\.name)
        if args.flags.contains("--json") {
            Console.out(JSON.string([
                "item": job.item.name, "mode": job.mode.rawValue, "path": path, "parts": names, "warnings": warnings.map(\.description),
            ] as [String: Any]))
        } else {
            Console.out("\(path): the \(job.label) build as a CSG scene, parts \(names.joined(separator: ", "))")
        }
        return .ok
    }
}
