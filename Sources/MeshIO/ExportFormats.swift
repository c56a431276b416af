/// Every format `export` writes, by name: MiniDesk's own writers first (3MF, OBJ, STL, PLY, GLB),
/// then each of assimp's exporters (`AssimpFormat`) under assimp's id.
public enum ExportFormats {
    /// The formats MiniDesk writes with its own writers.
    public static let own = ["3mf", "obj"] + MeshFormat.allCases.map(\.rawValue)

    /// Every format's name, MiniDesk's own first.
    public static var names: [String] { own + AssimpFormat.all.map(\.id) }

    /// The format a user's word names (any letter case; assimp's formats also by a file extension
    /// only one of them has, so `dae` is `collada`), or nil.
    public static func named(_ word: String) -> String? {
        let word = word.lowercased()
        if own.contains(word) { return word }
        return AssimpFormat.named(word)?.id
    }

    /// The file name extension of the format named `name` (a name `named` returned).
    public static func fileExtension(_ name: String) -> String {
        if let format = MeshFormat(rawValue: name) { return format.fileExtension }
        return AssimpFormat.named(name)?.fileExtension ?? name
    }

}
