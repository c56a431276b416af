import Geometry

/// One closed, single-colour body of an item, named for the filament it prints in.
public struct Part: Hashable, Sendable {
    /// A stable name used in file names and slicer part lists (`shell`, `bottom`, ...).
    public var name: String
    /// The display colour as `#RRGGBB`.
    public var color: String
    public var mesh: Mesh

    public init(name: String, color: String, mesh: Mesh) {
        self.name = name
        self.color = color
        self.mesh = mesh
    }
}
