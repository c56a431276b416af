/// The mesh file formats MiniDesk writes.
public enum MeshFormat: String, CaseIterable, Sendable {
    case stl
    case stlASCII = "stl-ascii"
    case ply
    case glb

    /// The file name extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .stl, .stlASCII: return "stl"
        case .ply: return "ply"
        case .glb: return "glb"
        }
    }
}
