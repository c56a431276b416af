import Foundation

extension Shape {
    /// The thinnest place in the shape, in mm. From points on every edge, a ray goes straight into
    /// the material, and the distance to the next edge it meets is the local thickness. The points
    /// are the edge's middle and, on edges longer than twice `endMargin`, the points `endMargin`
    /// from each end. Near a corner of angle θ the ray measures `endMargin * tan θ`, so a point
    /// sharper than 45° measures thinner than `endMargin`, while square and blunter corners, and
    /// the tessellation of round ends, do not count. Returns `.infinity` for an empty shape.
    public func thinnest(endMargin: Double = 0) -> (thickness: Double, at: Vector2) {
        let loops = polygons.flatMap { [$0.outer] + $0.holes }
        var edges = [(Vector2, Vector2)]()
        for loop in loops {
            let n = loop.points.count
            for i in 0..<n { edges.append((loop.points[i], loop.points[(i + 1) % n])) }
        }
        var best = (thickness: Double.infinity, at: Vector2.zero)
        for (k, (a, b)) in edges.enumerated() {
            let d = b - a, length = d.length
            guard length > 0 else { continue }
            // Outer loops run counter-clockwise and holes clockwise, so the material is on the left.
            let inward = Vector2(-d.y, d.x) / length
            let shares = length > 2 * endMargin && endMargin > 0 ? [endMargin / length, 0.5, 1 - endMargin / length] : [0.5]
            for share in shares {
                let origin = a + d * share
                for (j, (c, e)) in edges.enumerated() where j != k {
                    if let t = Self.rayHit(origin, inward, c, e), t > 1e-9, t < best.thickness { best = (t, origin) }
                }
            }
        }
        return best
    }

    /// Where the ray `origin + t * direction` (t > 0) meets the segment `a b`, as t.
    private static func rayHit(_ origin: Vector2, _ direction: Vector2, _ a: Vector2, _ b: Vector2) -> Double? {
        let e = b - a
        let denominator = direction.x * e.y - direction.y * e.x
        guard abs(denominator) > 1e-15 else { return nil }
        let w = a - origin
        let t = (w.x * e.y - w.y * e.x) / denominator
        let s = (w.x * direction.y - w.y * direction.x) / denominator
        return s >= 0 && s <= 1 ? t : nil
    }
}
