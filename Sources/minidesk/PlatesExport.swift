import Foundation
import Geometry
import MeshIO
import MiniDesk

extension ExportCommand {
    /// `export --plates`: every part printed apart (separate mode), gathered by filament onto print
    /// beds, one 3MF per bed: `<item>-plate-<parts>.3mf` for each item, or with `--all`
    /// `plate-<parts>.3mf` holding that filament's parts of every item (`-2`, `-3`, ... when one
    /// bed is not enough). Each part is its own object, so every slicer places it where it lies.
    /// Items are built one after another (each takes a fraction of a second), so `--jobs` does not
    /// apply; `--verify` reads every plate back.
    static func runPlates(_ items: [DeskItem], _ overrides: [String: ParameterSet], _ args: Arguments, folder: String) throws(UsageError) -> ExitCode {
        if let f = args.value("--format"), try parseFormats(f) != ["3mf"] {
            throw UsageError("--plates writes 3MF plates, got --format \(f); leave --format out or give --format 3mf")
        }
        if let m = args.value("--mode"), try parseMode(m) != .separate {
            throw UsageError("--plates lays out the parts printed apart, got --mode \(m); leave --mode out or give --mode separate")
        }
        let bed = try parseBed(args.value("--bed") ?? "256x256")
        let resolution = try parseResolution(args.value("--resolution") ?? "normal")
        let json = args.flags.contains("--json")

        var built = [(item: String, parts: [Part])]()
        for item in items {
            let values = overrides[item.name] ?? ParameterSet()
            do {
                let (parts, warnings) = try item.parts(values, resolution: resolution, mode: .separate)
                _ = try Parallel.each(parts.count) { i throws(GeometryError) in try parts[i].mesh.validated("the \(item.name) part `\(parts[i].name)`") }
                if !json { warnings.forEach { Console.error("\(item.name): \($0)") } }
                built.append((item.name, parts))
            } catch {
                Console.error("\(item.name): \(error)")
                return .failure
            }
        }
        let groups = args.flags.contains("--all") ? [("plate", built)] : built.map { ("\($0.item)-plate", [$0]) }
        var plates = [(path: String, plate: Plate)]()
        do {
            for (prefix, group) in groups {
                for plate in try PlateLayout.plates(group, bed: bed) {
                    let name = prefix + "-" + plate.partNames.joined(separator: "+") + (plate.of > 1 ? "-\(plate.number)" : "")
                    plates.append((folder + "/" + name + ".3mf", plate))
                }
            }
        } catch {
            Console.error("--plates: \(error)")
            return .failure
        }

        var entries = [[String: Any]]()
        for (path, plate) in plates {
            var entry: [String: Any] = ["path": path, "format": "3mf", "mode": "separate", "color": plate.color.hex, "plate": plate.number, "plates": plate.of,
                                        "items": Array(Set(plate.parts.map(\.item))).sorted(), "objects": plate.parts.count,
                                        "triangles": plate.parts.reduce(0) { $0 + $1.part.mesh.triangles.count },
                                        "volume": plate.parts.reduce(0.0) { $0 + $1.part.mesh.report(checkSelfIntersections: false).volume }]
            if args.flags.contains("--dry-run") {
                entry["exists"] = FileManager.default.fileExists(atPath: path)
                if !json { Console.out("would write \(path)" + (entry["exists"] as? Bool == true ? " (replacing the file there)" : "")) }
            }
            entries.append(entry)
        }
        if args.flags.contains("--dry-run") {
            if json { Console.out(JSON.string(entries)) }
            return .ok
        }
        // The plates' lock keeps a second plate export into the folder out while they are written.
        let output: OutputFolder
        do {
            output = try OutputFolder(folder)
            try output.claim("plates")
        } catch {
            Console.error("\(error)")
            return .failure
        }
        let started = Date()
        let progress = Progress(total: plates.count, json: json)
        for (k, (path, plate)) in plates.enumerated() {
            var metadata = ThreeMFWriter.Metadata(title: "MiniDesk plate: \(plate.partNames.joined(separator: ", ")) in \(plate.color)")
            metadata.isPlate = true
            metadata.thumbnailPNG = PreviewRenderer(view: .iso, size: 256).png(plate.parts.map { ($0.part.mesh, $0.part.color) })
            let objects = plate.parts.map { ThreeMFObject(name: "\($0.item)-\($0.part.name)", parts: [Part(name: $0.part.name, color: $0.part.color, mesh: $0.part.mesh)]) }
            do {
                try ThreeMFWriter.write(objects: objects, layout: .prusaSlicer, metadata: metadata, to: path)
                if args.flags.contains("--verify") { entries[k]["verified"] = try verified(path) }
            } catch {
                progress.done()
                Console.error("\(error)")
                return .failure
            }
            entries[k]["seconds"] = Date().timeIntervalSince(started)
            progress.finished(entries[k])
        }
        progress.done()
        withExtendedLifetime(output) {}
        if json {
            Console.out(JSON.string(entries))
        } else {
            let parts = plates.reduce(0) { $0 + $1.plate.parts.count }
            Console.out("\(plates.count) plates, \(parts) parts, \(Set(plates.map(\.plate.color)).count) filaments"
                + String(format: ", %.2f s", Date().timeIntervalSince(started)) + (args.flags.contains("--verify") ? ", every file read back valid" : ""))
        }
        return .ok
    }

    /// `--bed WIDTHxDEPTH` in millimetres (`mm` allowed), each from 50 to 2000.
    static func parseBed(_ text: String) throws(UsageError) -> Vector2 {
        let sides = text.lowercased().replacingOccurrences(of: "mm", with: "").split(separator: "x", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard sides.count == 2, let w = sides[0], let d = sides[1], (50...2000).contains(w), (50...2000).contains(d) else {
            throw UsageError("--bed takes the bed's width and depth in mm as WIDTHxDEPTH, each from 50 to 2000, such as 256x256 or 180x180, got `\(text)`")
        }
        return Vector2(w, d)
    }
}
