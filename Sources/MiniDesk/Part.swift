import Geometry

/// One closed, single-colour body of an item, named for the filament it prints in.
public struct Part: Hashable, Sendable {
    /// A stable name used in file names and slicer part lists (`shell`, `bottom`, ...).
    public var name: String
    /// The display colour as `#RRGGBB`.
    public var color: String
    public var mesh: Mesh
    /// The piece of the print the part belongs to when an item prints as several that a slicer moves
    /// apart (the stash's `lid` and `base`); nil when the item is one piece.
    public var piece: String?

    public init(name: String, color: String, mesh: Mesh, piece: String? = nil) {
        self.name = name
        self.color = color
        self.mesh = mesh
        self.piece = piece
    }
}
