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

        // The vertical section as (inset, z) stations from the bottom face to the top face.
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

        let cornerSegments = cornerRadius > 0 ? resolution.segments(radius: cornerRadius, angle: .pi / 2) : 0
        var b = MeshBuilder()
        var rings = [[UInt32]]()
        for s in stations {
            // Every ring has the same slots; a corner shrunk to a point repeats it, and the builder
            // gives repeated points one vertex.
            let r = max(cornerRadius - s.inset, 0)
            var points = Arc.roundedRectangle(width: width - 2 * s.inset, height: depth - 2 * s.inset, radius: r, segments: cornerSegments)
            if cornerRadius > 0 && r == 0 {
                points = points.flatMap { [Vector2](repeating: $0, count: cornerSegments + 1) }
            }
            rings.append(b.ring(points.map { Vector3($0, s.z) }))
        }
        for i in 0..<(rings.count - 1) { b.stitch(rings[i], rings[i + 1]) }
        for (ring, up) in [(rings[0], false), (rings[rings.count - 1], true)] {
            var ids = [UInt32]()
            for id in ring where ids.last != id && ids.first != id { ids.append(id) }
            let polygon = Polygon(outer: Contour(ids.map { b.mesh.vertices[Int($0)].xy }))
            try b.cap(polygon, ids: ids, up: up)
        }
        return b.mesh
    }
}
