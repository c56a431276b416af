import Geometry

/// The Mac mini (2024) enclosure's outer dimensions, in millimetres. Defaults from
/// `macmini-geometry.md` §0: 127 x 127 x 50 overall, a 6.5 mm foot of Ø110 under a 43.5 mm shell.
public struct Enclosure: Hashable, Sendable {
    public var width = 127.0
    public var depth = 127.0
    /// Overall height, foot included.
    public var height = 50.0
    public var cornerRadius = 18.0
    public var topFillet = 3.0
    public var bottomFillet = 1.0
    public var footDiameter = 110.0
    public var footHeight = 6.5

    public init() {}

    /// The aluminium shell: the rounded body from the top of the foot to the top, centred on the
    /// footprint. Origin at the front-left-bottom corner of the bounding box.
    public func shell(resolution: Resolution) throws(GeometryError) -> Mesh {
        try Mesh.roundedBox(
            width: width, depth: depth, height: height - footHeight, cornerRadius: cornerRadius,
            topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution
        ).translated(by: Vector3(width / 2, depth / 2, footHeight))
    }

    /// The black foot: a disc under the shell, centred, meeting it face to face.
    public func foot(resolution: Resolution) throws(GeometryError) -> Mesh {
        try Mesh.cylinder(radius: footDiameter / 2, height: footHeight, resolution: resolution)
            .translated(by: Vector3(width / 2, depth / 2, 0))
    }
}
