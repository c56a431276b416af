import Foundation
import MeshIO
import MiniDesk

/// `minidesk list`: the items, each with its description and parts; `minidesk list formats`: the
/// formats `export` writes.
enum ListCommand {
    static func run(_ words: [String]) throws(UsageError) -> ExitCode {
        let args = try Arguments(words, valued: [], flags: ["--json", "--help"])
        if args.flags.contains("--help") { Console.out(Help.list); return .ok }
        guard args.positional.isEmpty || args.positional == ["formats"] else {
            throw UsageError("list takes no argument or `formats`, got `\(args.positional[0])`")
        }
        if args.positional == ["formats"] { return formats(json: args.flags.contains("--json")) }
        if args.flags.contains("--json") {
            let items = Catalogue.items.map { ["name": $0.name, "summary": $0.summary, "parts": $0.partNames] as [String: Any] }
            Console.out(JSON.string(items))
        } else {
            let width = Catalogue.items.map(\.name.count).max() ?? 0
            for item in Catalogue.items {
                Console.out(item.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + item.summary
                    + "  [" + item.partNames.joined(separator: ", ") + "]")
            }
        }
        return .ok
    }

    /// Every format `export --format` takes: MiniDesk's own writers, then assimp's exporters.
    private static func formats(json: Bool) -> ExitCode {
        let own: [(String, String, String)] = [
            ("3mf", "3mf", "3MF for slicers: the assembly, and PrusaSlicer's layout (.prusa.3mf); parts on their filaments"),
            ("obj", "obj", "Wavefront OBJ with a .mtl of the parts' colours, exact decimals"),
            ("stl", "stl", "binary STL, 32-bit floats"),
            ("stl-ascii", "stl", "ASCII STL"),
            ("ply", "ply", "PLY, exact doubles"),
            ("glb", "glb", "binary glTF 2.0, a coloured material per part"),
        ]
        let rows = own.map { ($0.0, $0.1, "minidesk", $0.2, true) }
            + AssimpFormat.all.map { ($0.id, $0.fileExtension, "assimp", $0.summary, $0.readsBack) }
        if json {
            Console.out(JSON.string(rows.map {
                ["name": $0.0, "extension": $0.1, "writer": $0.2, "description": $0.3, "verifiable": $0.4,
                 "partsInOneFile": MeshFormat(rawValue: $0.0) == nil] as [String: Any]
            }))
        } else {
            let width = rows.map(\.0.count).max() ?? 0
            for row in rows {
                Console.out(row.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + ".\(row.1)".padding(toLength: 9, withPad: " ", startingAt: 0)
                    + row.2.padding(toLength: 10, withPad: " ", startingAt: 0) + row.3 + (row.4 ? "" : " (no reader for --verify)"))
            }
            Console.out("""

                In multicolor mode, 3mf, obj and assimp's formats hold every part in one file, each a named
                mesh in its colour; stl, stl-ascii, ply and glb write a file per part. Positions are in mm;
                glTF, FBX, COLLADA, X3D and X files are +Y up, the others +Z up.
                """)
        }
        return .ok
    }
}

/// Pretty, key-sorted JSON text for Foundation property lists.
enum JSON {
    static func string(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
