import Foundation
import Geometry
import MeshIO
import MiniDesk
import Support

/// `minidesk render ITEM... | --all`: shaded PNG previews from our own rasterizer, any views, any mode.
enum RenderCommand {
    /// What a render shows: a print mode's parts, or the item assembled (the body on its foot, the
    /// stash's lid on its base).
    enum Mode: String, CaseIterable {
        case multicolor, separate, merged, assembled
        var printMode: PrintMode { self == .assembled ? .multicolor : PrintMode(rawValue: rawValue)! }
    }

    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(
            words, valued: ["--out", "--view", "--views", "--mode", "--size", "--set", "--params", "--set-name", "--preset", "--resolution"], flags: ["--all", "--help"])
        if args.flags.contains("--help") { Console.out(Help.render); return .ok }
        let items = try ExportCommand.selectItems(args, for: "render")
        if args.value("--view") != nil && args.value("--views") != nil { throw UsageError("give --view or --views, not both") }
        let views = try parseViews(args.value("--views") ?? args.value("--view") ?? "iso")
        let modeName = args.value("--mode") ?? "multicolor"
        guard let mode = Mode(rawValue: modeName) else {
            let names = Mode.allCases.map(\.rawValue)
            throw UsageError("--mode must be one of \(names.joined(separator: ", ")), got `\(modeName)`" + (closest(to: modeName, in: Set(names)).map { ", did you mean `\($0)`?" } ?? ""))
        }
        let sizeText = args.value("--size") ?? "512"
        guard let size = Int(sizeText), (16...4096).contains(size) else { throw UsageError("--size must be a whole number of pixels from 16 to 4096, got `\(sizeText)`") }
        let resolution = try ExportCommand.parseResolution(args.value("--resolution") ?? "normal")
        // One picture may go to a .png file; several go into a folder, as ITEM[-MODE]-VIEW.png.
        let single = items.count == 1 && views.count == 1
        let out = args.value("--out") ?? "Output"
        let ext = (out as NSString).pathExtension.lowercased()
        if !ext.isEmpty && ext != "png" { throw UsageError("--out must name a .png file (for one picture) or a folder, got `\(out)`") }
        if !single && ext == "png" {
            throw UsageError("--out names a folder when rendering several pictures (\(items.count) items x \(views.count) views), got `\(out)`")
        }
        func path(_ item: DeskItem, _ view: PreviewRenderer.View) -> String {
            if single && out.lowercased().hasSuffix(".png") { return out }
            return out + "/\(item.name)\(mode == .multicolor ? "" : "-" + mode.rawValue)-\(view.rawValue).png"
        }

        var values = [String: ParameterSet]()
        var problems = [String]()
        for item in items {
            do { values[item.name] = try ParameterInput.resolve(for: item, args) } catch {
                problems += error.problems.map { "\(item.name): \($0)" }
            }
        }
        guard problems.isEmpty else {
            problems.forEach { Console.error($0) }
            return .usage
        }
        var failed = false
        for item in items {
            let parts: [Part]
            do {
                let built = try item.parts(values[item.name]!, resolution: resolution, mode: mode.printMode)
                built.warnings.forEach { Console.error("\(item.name): \($0)") }
                parts = mode == .assembled ? built.parts.map(\.assembled) : built.parts
            } catch {
                Console.error("\(item.name): \(error)")
                failed = true
                continue
            }
            for view in views {
                let file = path(item, view)
                let started = Date()
                let bar = ProgressBar(label: "\(item.name) \(view.rawValue)", enabled: size >= 1024)
                do {
                    let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                    try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
                    let png = PreviewRenderer(view: view, size: size).png(parts.map { ($0.mesh, $0.color) }, progress: bar.update)
                    bar.done()
                    try AtomicFile.write(png, to: file)
                    Console.out("\(file)  \(size) x \(size) px, \(view.rawValue) view" + (mode == .multicolor ? "" : ", \(mode.rawValue)")
                        + String(format: "  %.2f s", Date().timeIntervalSince(started)))
                } catch {
                    bar.done()
                    Console.error("\(item.name): \(error)")
                    failed = true
                }
            }
        }
        return failed ? .failure : .ok
    }

    static func parseViews(_ text: String) throws(UsageError) -> [PreviewRenderer.View] {
        var views = [PreviewRenderer.View]()
        let names = PreviewRenderer.View.allCases.map(\.rawValue)
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let view = PreviewRenderer.View(rawValue: name) else {
                throw UsageError("--view and --views take \(names.joined(separator: ", ")) (several with commas), got `\(word)`"
                    + (closest(to: name, in: Set(names)).map { ", did you mean `\($0)`?" } ?? ""))
            }
            if !views.contains(view) { views.append(view) }
        }
        return views
    }
}

/// A progress bar on standard error while a big picture is drawn, when standard error is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let label: String
    private let live: Bool
    private var shown = -1

    init(label: String, enabled: Bool) {
        self.label = label
        live = enabled && isatty(STDERR_FILENO) != 0
    }

    func update(_ share: Double) {
        guard live else { return }
        lock.withLock {
            let filled = Int(share * 24)
            guard filled != shown else { return }
            shown = filled
            FileHandle.standardError.write(Data(("\r\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 24 - filled) + String(format: "] %3.0f%%", share * 100)).utf8))
        }
    }

    func done() {
        guard live, shown >= 0 else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
