import Foundation

extension Mesh {
    /// The enclosure body: a rounded rectangle of `width` (x) by `depth` (y) with plan corner radius
    /// `cornerRadius`, vertical sides, height `height` from z = 0, centred on x = y = 0, with a quarter-round
    /// fillet of `topFillet` along the top edge and `bottomFillet` along the bottom edge (0 for sharp
    /// edges). Generated directly as one closed mesh.
    ///
    /// Rules: every size > 0; `cornerRadius` <= half the smaller side; each fillet < half the smaller side
    /// and <= `cornerRadius` when that is > 0; the fillets together <= `height`.
    public static func roundedBox(
        width: Double, depth: Double, height: Double, cornerRadius: Double,
        topFillet: Double = 0, bottomFillet: Double = 0, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        try roundedBox(
            width: width, depth: depth, height: height, cornerRadius: cornerRadius,
            top: .fillet(topFillet), bottom: .fillet(bottomFillet), resolution: resolution)
    }

    /// `roundedBox` with each horizontal edge shaped by a `BoxEdge`, so that an edge that faces the
    /// print bed can print without support.
    public static func roundedBox(
        width: Double, depth: Double, height: Double, cornerRadius: Double,
        top: BoxEdge, bottom: BoxEdge, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        let plan = try RoundedPlan(
            width: width, depth: depth, height: height, cornerRadius: cornerRadius, top: top, bottom: bottom, resolution: resolution)
        var b = MeshBuilder()
        let (bottom, top) = plan.outerSurface(&b)
        try b.cap(bottom, up: false)
        try b.cap(top, up: true)
        return b.mesh
    }

    /// A solid with a rounded-rectangle plan (`width` x `depth`, corner radius `cornerRadius`, centred
    /// on x = y = 0) whose vertical section follows `profile`: (inset from the outline, z) stations
    /// from the bottom face to the top face, each a ring of the plan inset that far (corners shrink
    /// to points past the radius). Stations at one height with different insets make a flat ledge.
    ///
    /// Rules: at least two stations; insets >= 0 and less than half the smaller side; heights never
    /// decreasing, and the first below the last; no two neighbouring stations equal.
    public static func roundedSolid(
        width: Double, depth: Double, cornerRadius: Double, profile: [(inset: Double, z: Double)], resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        let plan = try RoundedPlan(width: width, depth: depth, cornerRadius: cornerRadius, stations: profile, resolution: resolution)
        var b = MeshBuilder()
        let (bottom, top) = plan.outerSurface(&b)
        try b.cap(bottom, up: false)
        try b.cap(top, up: true)
        return b.mesh
    }

    /// The `roundedBox` section as a profile for `roundedSolid`: the bottom edge, the vertical
    /// side, the top edge.
    public static func roundedBoxProfile(height: Double, top: BoxEdge, bottom: BoxEdge, resolution: Resolution = .normal) -> [(inset: Double, z: Double)] {
        RoundedPlan.stations(height: height, top: top, bottom: bottom, resolution: resolution)
    }

    /// The enclosure body hollowed out from below: `roundedBox` less a cavity inset by `wall` on every
    /// side and open at the bottom, leaving a top `ceiling` thick. The cavity's plan corners are
    /// concentric with the body's. Generated directly as one closed mesh (a lid).
    ///
    /// Rules: those of `roundedBox`; `wall` more than the bottom edge's inset and less than half the
    /// smaller side; `ceiling` > 0 and < `height`, and at least the top edge's rise unless `wall`
    /// exceeds its inset.
    public static func roundedShell(
        width: Double, depth: Double, height: Double, cornerRadius: Double,
        top: BoxEdge = .fillet(0), bottom: BoxEdge = .fillet(0), wall: Double, ceiling: Double, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        let plan = try RoundedPlan(
            width: width, depth: depth, height: height, cornerRadius: cornerRadius, top: top, bottom: bottom, resolution: resolution)
        guard wall.isFinite, wall > bottom.inset, wall < min(width, depth) / 2 else {
            throw .invalidParameter("roundedShell wall must be more than the bottom edge's inset (\(bottom.inset)) and less than \(min(width, depth) / 2) (half the smaller side), got \(wall)")
        }
        guard ceiling.isFinite, ceiling > 0, ceiling < height, wall > top.inset || ceiling >= top.rise else {
            throw .invalidParameter("roundedShell ceiling must be > 0, < height (\(height)) and >= the top edge's height (\(top.rise)) unless wall exceeds its inset, got \(ceiling)")
        }
        var b = MeshBuilder()
        let (bottom, top) = plan.outerSurface(&b)
        try b.cap(top, up: true)
        let innerBottom = plan.ring(&b, inset: wall, z: 0)
        let innerTop = plan.ring(&b, inset: wall, z: height - ceiling)
        b.stitch(innerTop, innerBottom)  // reversed, so the cavity's walls face into it
        try b.cap(innerTop, up: false)
        try b.cap(bottom, holes: [innerBottom], up: false)
        return b.mesh
    }
}

/// The checked dimensions of a rounded body and its vertical section, shared by `roundedBox`,
/// `roundedShell` and `roundedSolid`.
private struct RoundedPlan {
    var width: Double, depth: Double, cornerRadius: Double
    var cornerSegments: Int
    /// The vertical section as (inset, z) stations from the bottom face to the top face.
    var stations: [(inset: Double, z: Double)]

    init(
        width: Double, depth: Double, height: Double, cornerRadius: Double,
        top: BoxEdge, bottom: BoxEdge, resolution: Resolution
    ) throws(GeometryError) {
        try Shape.requirePositive(width, "roundedBox width")
        try Shape.requirePositive(depth, "roundedBox depth")
        try Shape.requirePositive(height, "roundedBox height")
        let half = min(width, depth) / 2
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= half else {
            throw .invalidParameter("roundedBox cornerRadius must be between 0 and \(half) (half the smaller side), got \(cornerRadius)")
        }
        for (name, edge) in [("top", top), ("bottom", bottom)] {
            try edge.check(name, half: half)
            if cornerRadius > 0, edge.inset > cornerRadius {
                throw .invalidParameter("roundedBox \(edge.label(name)) must be <= cornerRadius (\(cornerRadius)), got \(edge.inset)")
            }
        }
        guard top.rise + bottom.rise <= height else {
            throw .invalidParameter("roundedBox \(top.label("top")) + \(bottom.label("bottom")) must be <= height (\(height)), got \(top.rise + bottom.rise)")
        }
        try self.init(
            width: width, depth: depth, cornerRadius: cornerRadius,
            stations: RoundedPlan.stations(height: height, top: top, bottom: bottom, resolution: resolution),
            resolution: resolution)
    }

    init(width: Double, depth: Double, cornerRadius: Double, stations: [(inset: Double, z: Double)], resolution: Resolution) throws(GeometryError) {
        try Shape.requirePositive(width, "rounded solid width")
        try Shape.requirePositive(depth, "rounded solid depth")
        let half = min(width, depth) / 2
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= half else {
            throw .invalidParameter("rounded solid cornerRadius must be between 0 and \(half) (half the smaller side), got \(cornerRadius)")
        }
        guard stations.count >= 2, let first = stations.first, let last = stations.last, first.z < last.z else {
            throw .invalidParameter("rounded solid profile needs at least two stations rising from the first to the last")
        }
        for (i, s) in stations.enumerated() {
            guard s.inset.isFinite, s.z.isFinite, s.inset >= 0, s.inset < half else {
                throw .invalidParameter("rounded solid profile station \(i) must have an inset >= 0 and < \(half) and a finite height, got (\(s.inset), \(s.z))")
            }
            if i > 0 {
                let p = stations[i - 1]
                guard s.z >= p.z, s.z != p.z || s.inset != p.inset else {
                    throw .invalidParameter("rounded solid profile station \(i) must not lie below or on station \(i - 1), got (\(s.inset), \(s.z))")
                }
            }
        }
        self.width = width
        self.depth = depth
        self.cornerRadius = cornerRadius
        cornerSegments = cornerRadius > 0 ? resolution.segments(radius: cornerRadius, angle: .pi / 2) : 0
        self.stations = stations
    }

    /// The section of a box with `bottom` and `top` edges and a vertical side between them.
    static func stations(height: Double, top: BoxEdge, bottom: BoxEdge, resolution: Resolution) -> [(inset: Double, z: Double)] {
        var stations = bottom.stations(resolution: resolution).map { (inset: $0.inset, z: $0.rise) }
        for s in top.stations(resolution: resolution).reversed() {
            let station = (inset: s.inset, z: height - s.rise)
            if let last = stations.last, last.inset == station.inset, last.z == station.z { continue }
            stations.append(station)
        }
        return stations
    }

    /// One ring of the plan inset by `inset`, at height `z`. Every ring has the same slots; a corner
    /// shrunk to a point repeats it, and the builder gives repeated points one vertex.
    func ring(_ b: inout MeshBuilder, inset: Double, z: Double) -> [UInt32] {
        let r = max(cornerRadius - inset, 0)
        var points = Arc.roundedRectangle(width: width - 2 * inset, height: depth - 2 * inset, radius: r, segments: cornerSegments)
        if cornerRadius > 0 && r == 0 {
            points = points.flatMap { [Vector2](repeating: $0, count: cornerSegments + 1) }
        }
        return b.ring(points.map { Vector3($0, z) })
    }

    /// The sides and fillets, stitched ring to ring; returns the bottom and top rings, uncapped.
    func outerSurface(_ b: inout MeshBuilder) -> (bottom: [UInt32], top: [UInt32]) {
        let rings = stations.map { ring(&b, inset: $0.inset, z: $0.z) }
        for i in 0..<(rings.count - 1) { b.stitch(rings[i], rings[i + 1]) }
        return (rings[0], rings[rings.count - 1])
    }
}

extension MeshBuilder {
    /// A flat cap over a horizontal ring, with `holes` (rings inside it, running the same way), facing
    /// up or down. Repeated slots count once.
    mutating func cap(_ ring: [UInt32], holes: [[UInt32]] = [], up: Bool) throws(GeometryError) {
        func distinct(_ r: [UInt32]) -> [UInt32] {
            var ids = [UInt32]()
            for id in r where ids.last != id && ids.first != id { ids.append(id) }
            return ids
        }
        let outer = distinct(ring), inner = holes.map { Array(distinct($0).reversed()) }
        let vertices = mesh.vertices
        let contour = { (ids: [UInt32]) in Contour(ids.map { vertices[Int($0)].xy }) }
        let polygon = Polygon(outer: contour(outer), holes: inner.map(contour))
        try cap(polygon, ids: outer + inner.flatMap { $0 }, up: up)
    }
}
