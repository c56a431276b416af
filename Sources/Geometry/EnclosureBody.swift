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
        let plan = try RoundedPlan(
            width: width, depth: depth, height: height, cornerRadius: cornerRadius,
            topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution)
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

    /// The `roundedBox` section as a profile for `roundedSolid`: the bottom fillet, the vertical
    /// side, the top fillet.
    public static func roundedBoxProfile(height: Double, topFillet: Double, bottomFillet: Double, resolution: Resolution = .normal) -> [(inset: Double, z: Double)] {
        RoundedPlan.stations(height: height, topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution)
    }

    /// The enclosure body hollowed out from below: `roundedBox` less a cavity inset by `wall` on every
    /// side and open at the bottom, leaving a top `ceiling` thick. The cavity's plan corners are
    /// concentric with the body's. Generated directly as one closed mesh (a lid).
    ///
    /// Rules: those of `roundedBox`; `wall` more than `bottomFillet` and less than half the smaller
    /// side; `ceiling` > 0 and < `height`, and at least `topFillet` unless `wall` exceeds it.
    public static func roundedShell(
        width: Double, depth: Double, height: Double, cornerRadius: Double,
        topFillet: Double = 0, bottomFillet: Double = 0, wall: Double, ceiling: Double, resolution: Resolution = .normal
    ) throws(GeometryError) -> Mesh {
        let plan = try RoundedPlan(
            width: width, depth: depth, height: height, cornerRadius: cornerRadius,
            topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution)
        guard wall.isFinite, wall > bottomFillet, wall < min(width, depth) / 2 else {
            throw .invalidParameter("roundedShell wall must be more than bottomFillet (\(bottomFillet)) and less than \(min(width, depth) / 2) (half the smaller side), got \(wall)")
        }
        guard ceiling.isFinite, ceiling > 0, ceiling < height, wall > topFillet || ceiling >= topFillet else {
            throw .invalidParameter("roundedShell ceiling must be > 0, < height (\(height)) and >= topFillet (\(topFillet)) unless wall exceeds topFillet, got \(ceiling)")
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
        topFillet: Double, bottomFillet: Double, resolution: Resolution
    ) throws(GeometryError) {
        try Shape.requirePositive(width, "roundedBox width")
        try Shape.requirePositive(depth, "roundedBox depth")
        try Shape.requirePositive(height, "roundedBox height")
        let half = min(width, depth) / 2
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= half else {
            throw .invalidParameter("roundedBox cornerRadius must be between 0 and \(half) (half the smaller side), got \(cornerRadius)")
        }
        for (name, f) in [("topFillet", topFillet), ("bottomFillet", bottomFillet)] {
            guard f.isFinite, f >= 0, f < half else {
                throw .invalidParameter("roundedBox \(name) must be >= 0 and < \(half) (half the smaller side), got \(f)")
            }
            if cornerRadius > 0, f > cornerRadius {
                throw .invalidParameter("roundedBox \(name) must be <= cornerRadius (\(cornerRadius)), got \(f)")
            }
        }
        guard topFillet + bottomFillet <= height else {
            throw .invalidParameter("roundedBox topFillet + bottomFillet must be <= height (\(height)), got \(topFillet + bottomFillet)")
        }
        try self.init(
            width: width, depth: depth, cornerRadius: cornerRadius,
            stations: RoundedPlan.stations(height: height, topFillet: topFillet, bottomFillet: bottomFillet, resolution: resolution),
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

    /// The section of a box with a quarter-round fillet on its top and bottom edges.
    static func stations(height: Double, topFillet: Double, bottomFillet: Double, resolution: Resolution) -> [(inset: Double, z: Double)] {
        var stations = [(inset: Double, z: Double)]()
        if bottomFillet > 0 {
            let k = resolution.segments(radius: bottomFillet, angle: .pi / 2)
            for i in 0...k {
                let (c, s) = Arc.cosSin(Double.pi / 2 * Double(i) / Double(k))
                stations.append((bottomFillet * (1 - s), bottomFillet * (1 - c)))
            }
        } else {
            stations.append((0, 0))
        }
        if topFillet > 0 {
            let k = resolution.segments(radius: topFillet, angle: .pi / 2)
            for i in 0...k {
                let (c, s) = Arc.cosSin(Double.pi / 2 * Double(i) / Double(k))
                let station = (inset: topFillet * (1 - c), z: height - topFillet + topFillet * s)
                if let last = stations.last, last.inset == station.inset, last.z == station.z { continue }
                stations.append(station)
            }
        } else {
            stations.append((0, height))
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
