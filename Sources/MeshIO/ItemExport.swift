import Geometry
import MiniDesk
import Support

/// `minidesk export` of one item as one library call.
public enum ItemExport {
    /// What an export wrote: every file's path (companions such as an OBJ's `.mtl` included), in
    /// name order, and the warnings the parameters and the files gave.
    public struct Result: Sendable {
        public var files: [String]
        public var warnings: [String]
    }

    /// Formats that cannot be written together: a name `ExportFormats` does not know, or two that
    /// write one extension (one file would replace the other).
    public enum FormatError: Error, Sendable, CustomStringConvertible {
        case unknown(String)
        case sameExtension(String, String)

        public var description: String {
            switch self {
            case .unknown(let name):
                return "unknown format `\(name)`; formats: \(ExportFormats.names.joined(separator: ", "))"
                    + (closest(to: name.lowercased(), in: Set(ExportFormats.names)).map { " (did you mean `\($0)`?)" } ?? "")
            case .sameExtension(let a, let b):
                return "formats \(a) and \(b) both write .\(ExportFormats.fileExtension(a)) files, so one would replace the other; choose one"
            }
        }
    }

    /// Builds `item` with `parameters` (overrides of its defaults) in `mode` and writes its files in
    /// each format (names from `ExportFormats`, in any letter case) into `folder`, exactly as
    /// `minidesk export` writes them: the same names, bytes, 3MF thumbnail and parameter metadata.
    /// The folder is created if needed and locked for the item while it is written; the files are
    /// staged and moved into place together, so the folder holds the old files or the new ones,
    /// never a mix. Throws `FormatError`, `ItemError` (rejected parameters, with every problem),
    /// `GeometryError` (a part that is not a valid solid) or `FileOutputError`, before any file is
    /// replaced.
    @discardableResult
    public static func write(_ item: DeskItem, parameters: ParameterSet = ParameterSet(), formats: [String] = ["3mf"],
                             mode: PrintMode = .multicolor, resolution: Resolution = .normal, to folder: String) throws -> Result {
        var names = [String]()
        for word in formats {
            guard let name = ExportFormats.named(word) else { throw FormatError.unknown(word) }
            if let other = names.first(where: { $0 != name && ExportFormats.fileExtension($0) == ExportFormats.fileExtension(name) }) {
                throw FormatError.sameExtension(other, name)
            }
            if !names.contains(name) { names.append(name) }
        }
        let (parts, problems) = try item.parts(parameters, resolution: resolution, mode: mode)
        _ = try Parallel.each(parts.count) { i throws(GeometryError) in try parts[i].mesh.validated("the \(item.name) part `\(parts[i].name)`") }
        let output = try OutputFolder(folder)
        let stem = ItemFiles.stem(item.name, mode)
        try output.claim(stem)
        let staged = try output.stage(stem)
        do {
            var warnings = problems.map(\.description)
            for name in names {
                for entry in try ItemFiles.write(item, parts, parameters, format: name, mode: mode, folder: staged, resolution: resolution) {
                    warnings += ((entry["warnings"] as? [String]) ?? []).map { $0.replacingOccurrences(of: staged + "/", with: output.path + "/") }
                }
            }
            return Result(files: try output.commit(staged), warnings: warnings)
        } catch {
            output.discard(staged)
            throw error
        }
    }
}
