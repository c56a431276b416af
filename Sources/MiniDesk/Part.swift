import Geometry

/// One closed, single-colour body of an item, named for the filament it prints in.
public struct Part: Hashable, Sendable {
    /// A stable name used in file names and slicer part lists (`shell`, `bottom`, ...).
    public var name: String
    /// The filament and display colour.
    public var color: Color
    public var mesh: Mesh
    /// The piece of the print the part belongs to, which a slicer moves apart from the others (the
    /// `foot`; the stash's `lid` and `base`); nil for the body's parts.
    public var piece: String?
    /// The move that took the part from its place in the assembled item to where it prints (the
    /// body down onto the bed, the foot behind it, the stash's lid turned over beside the base); nil
    /// when it prints where it sits. Its inverse puts the part back, for an assembled view.
    public var layout: Transform?

    public init(name: String, color: Color, mesh: Mesh, piece: String? = nil, layout: Transform? = nil) {
        self.name = name
        self.color = color
        self.mesh = mesh
        self.piece = piece
        self.layout = layout
    }

    /// The part where it sits in the assembled item.
    public var assembled: Part {
        guard let layout, let back = layout.inverted else { return self }
        var part = self
        part.mesh = mesh.transformed(by: back)
        part.layout = nil
        return part
    }
}
