import Geometry

/// The Mac mini (2024) enclosure's outer form, in millimetres: a rounded shell standing on a round
/// foot. Origin at the front-left-bottom corner of the bounding box.
public struct Enclosure: Hashable, Sendable {
    public var width: Double
    public var depth: Double
    /// Overall height, foot included.
    public var height: Double
    public var cornerRadius: Double
    public var topFillet: Double
    public var bottomFillet: Double
    public var footDiameter: Double
    public var footHeight: Double

    /// The enclosure described by the common parameters (`body.*`, `foot.*`).
    public init(_ p: ParameterSet) {
        width = p.number("body.width")
        depth = p.number("body.depth")
        height = p.number("body.height")
        cornerRadius = p.number("body.cornerRadius")
        topFillet = p.number("body.topFillet")
        bottomFillet = p.number("body.bottomFillet")
        footDiameter = p.number("foot.diameter")
        footHeight = p.number("foot.height")
    }

    /// The aluminium shell: the rounded body from the top of the foot to the top.
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
