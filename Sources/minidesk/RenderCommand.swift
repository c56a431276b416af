import Foundation
import Geometry
import MeshIO
import MiniDesk

/// `minidesk render ITEM`: a shaded PNG preview from our own rasterizer.
enum RenderCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(
            words, valued: ["--out", "--view", "--size", "--set", "--params", "--set-name", "--preset", "--resolution"], flags: ["--help"])
        if args.flags.contains("--help") { Console.out(Help.render); return .ok }
        guard args.positional.count == 1 else { throw UsageError("render needs one item name (see `minidesk list`)") }
        guard let item = Catalogue.item(named: args.positional[0]) else {
            let hint = closest(to: args.positional[0], in: Set(Catalogue.items.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
            throw UsageError("unknown item `\(args.positional[0])`\(hint)")
        }
        let viewName = args.value("--view") ?? "iso"
        guard let view = PreviewRenderer.View(rawValue: viewName) else {
            throw UsageError("--view must be one of \(PreviewRenderer.View.allCases.map(\.rawValue).joined(separator: ", ")), got `\(viewName)`")
        }
        let sizeText = args.value("--size") ?? "512"
        guard let size = Int(sizeText), (16...4096).contains(size) else { throw UsageError("--size must be a whole number of pixels from 16 to 4096, got `\(sizeText)`") }
        let resolution = try ExportCommand.parseResolution(args.value("--resolution") ?? "normal")
        let out = args.value("--out") ?? "Output/\(item.name)-\(view.rawValue).png"
        guard out.lowercased().hasSuffix(".png") else { throw UsageError("--out must name a .png file, got `\(out)`") }

        let values: ParameterSet
        do { values = try ParameterInput.resolve(for: item, args) } catch {
            error.problems.forEach { Console.error("\(item.name): \($0)") }
            return .usage
        }
        do {
            let (parts, warnings) = try item.parts(values, resolution: resolution)
            warnings.forEach { Console.error("\(item.name): \($0)") }
            let folder = URL(fileURLWithPath: out).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            try AtomicFile.write(PreviewRenderer(view: view, size: size).png(parts.map { ($0.mesh, $0.color) }), to: out)
            Console.out("\(out)  \(size) x \(size) px, \(view.rawValue) view")
            return .ok
        } catch {
            Console.error("\(item.name): \(error)")
            return .failure
        }
    }
}
