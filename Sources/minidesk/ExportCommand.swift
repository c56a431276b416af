import Foundation
import Geometry
import MeshIO
import MiniDesk

/// `minidesk export`: builds items and writes one file per part.
enum ExportCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: ["--out", "--format", "--resolution"], flags: ["--all", "--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.export); return .ok }
        let items = try selectItems(args)
        let formatName = args.value("--format") ?? "stl"
        let formats = ["3mf"] + MeshFormat.allCases.map(\.rawValue)
        guard formats.contains(formatName) else {
            throw UsageError("--format must be one of \(formats.joined(separator: ", ")), got `\(formatName)`")
        }
        let resolution = try parseResolution(args.value("--resolution") ?? "normal")
        let folder = args.value("--out") ?? "Output"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error("cannot create the output folder \(folder): \(error.localizedDescription)")
            return .failure
        }

        var written = [[String: Any]]()
        var failed = false
        for item in items {
            let started = Date()
            do {
                let parts = try item.build(resolution)
                if formatName == "3mf" {
                    // One object whose parts are already assigned to filaments.
                    let path = folder + "/\(item.name).3mf"
                    try ThreeMFWriter.write(
                        objectName: item.name, parts: parts.map { ThreeMFPart(name: $0.name, color: $0.color, mesh: $0.mesh) },
                        metadata: .init(title: "MiniDesk \(item.name)"), to: path)
                    let triangles = parts.reduce(0) { $0 + $1.mesh.triangles.count }
                    let volume = parts.reduce(0.0) { $0 + $1.mesh.report(checkSelfIntersections: false).volume }
                    written.append(["item": item.name, "part": "*", "path": path, "triangles": triangles, "volume": volume,
                                    "seconds": Date().timeIntervalSince(started)])
                    if !args.flags.contains("--json") { Console.out("\(path)  \(parts.count) parts  \(triangles) triangles") }
                    continue
                }
                let format = MeshFormat(rawValue: formatName)!
                for part in parts {
                    let path = folder + "/\(item.name)-\(part.name).\(format.fileExtension)"
                    try AssimpWriter.write([(part.name, part.mesh)], format: format, to: path)
                    let report = part.mesh.report(checkSelfIntersections: false)
                    let entry: [String: Any] = [
                        "item": item.name, "part": part.name, "path": path, "triangles": report.triangles,
                        "volume": report.volume, "seconds": Date().timeIntervalSince(started),
                    ]
                    written.append(entry)
                    if !args.flags.contains("--json") {
                        Console.out("\(path)  \(report.triangles) triangles  \(String(format: "%.1f", report.volume)) mm³")
                    }
                }
            } catch let error as GeometryError {
                Console.error("\(item.name): \(error)")
                failed = true
            } catch {
                Console.error("\(item.name): \(error)")
                failed = true
            }
        }
        if args.flags.contains("--json") { Console.out(JSON.string(written)) }
        return failed ? .failure : .ok
    }

    private static func selectItems(_ args: Arguments) throws(UsageError) -> [DeskItem] {
        if args.flags.contains("--all") {
            guard args.positional.isEmpty else { throw UsageError("give item names or --all, not both") }
            return Catalogue.items
        }
        guard !args.positional.isEmpty else { throw UsageError("export needs item names or --all (see `minidesk list`)") }
        var items = [DeskItem]()
        for name in args.positional {
            guard let item = Catalogue.item(named: name) else {
                let known = Set(Catalogue.items.map(\.name))
                let hint = closest(to: name, in: known).map { ", did you mean `\($0)`?" } ?? ""
                throw UsageError("unknown item `\(name)`\(hint) (items: \(Catalogue.items.map(\.name).joined(separator: ", ")))")
            }
            items.append(item)
        }
        return items
    }

    static func parseResolution(_ text: String) throws(UsageError) -> Resolution {
        switch text {
        case "draft": return .draft
        case "normal": return .normal
        case "fine": return .fine
        default:
            let number = text.hasSuffix("mm") ? String(text.dropLast(2)) : text
            guard let mm = Double(number), mm.isFinite, mm >= 0.001, mm <= 5 else {
                throw UsageError("--resolution must be draft, normal, fine or a chord deviation from 0.001 to 5 mm, got `\(text)`")
            }
            return Resolution(maxChordDeviation: mm)
        }
    }
}
