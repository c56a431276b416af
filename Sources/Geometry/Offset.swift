import Foundation

extension Shape {
    /// The shape grown by `distance` mm (shrunk when negative). Works on convex polygons without holes,
    /// which covers every rounded and regular shape here. Growing rounds the corners (the exact
    /// Minkowski sum with a disc, tessellated by `resolution`); shrinking moves every edge inward and
    /// drops edges that vanish. A polygon that shrinks away is removed.
    public func offset(by distance: Double, resolution: Resolution = .normal) throws(GeometryError) -> Shape {
        guard distance.isFinite else { throw .invalidParameter("offset distance must be finite, got \(distance)") }
        var result = [Polygon]()
        for (i, polygon) in polygons.enumerated() {
            guard polygon.holes.isEmpty, polygon.outer.isConvex else {
                throw .invalidShape("offset needs convex polygons without holes; polygon \(i) is not")
            }
            let pts = polygon.outer.points
            if distance > 0 {
                result.append(Polygon(outer: Contour(grow(pts, distance, resolution))))
            } else if distance < 0 {
                let shrunk = Contour(shrink(pts, -distance))
                if shrunk.points.count >= 3, shrunk.signedArea > 0 { result.append(Polygon(outer: shrunk)) }
            } else {
                result.append(polygon)
            }
        }
        return Shape(polygons: result)
    }

    private func grow(_ p: [Vector2], _ d: Double, _ resolution: Resolution) -> [Vector2] {
        let n = p.count
        var out = [Vector2]()
        for i in 0..<n {
            let prev = p[(i + n - 1) % n], cur = p[i], next = p[(i + 1) % n]
            let nIn = (cur - prev).normalized.perpendicular * -1  // outward normal of the incoming edge
            let nOut = (next - cur).normalized.perpendicular * -1
            let a0 = atan2(nIn.y, nIn.x)
            var a1 = atan2(nOut.y, nOut.x)
            while a1 < a0 { a1 += 2 * .pi }
            let sweep = a1 - a0
            if sweep < 1e-12 {
                out.append(cur + nIn * d)
                continue
            }
            let k = resolution.segments(radius: d, angle: sweep)
            for j in 0...k {
                let a = a0 + sweep * Double(j) / Double(k)
                out.append(cur + Vector2(cos(a), sin(a)) * d)
            }
        }
        return out
    }

    /// Clips the polygon by every edge's half-plane moved inward by `d`.
    private func shrink(_ p: [Vector2], _ d: Double) -> [Vector2] {
        var poly = p
        let n = p.count
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n]
            let inward = (b - a).normalized.perpendicular
            let origin = a + inward * d
            // Keep points with (q - origin) . inward >= 0.
            var clipped = [Vector2]()
            for j in 0..<poly.count {
                let q = poly[j], r = poly[(j + 1) % poly.count]
                let sq = (q - origin).dot(inward), sr = (r - origin).dot(inward)
                if sq >= 0 { clipped.append(q) }
                if (sq >= 0) != (sr >= 0) {
                    let t = sq / (sq - sr)
                    clipped.append(q + (r - q) * t)
                }
            }
            poly = clipped
            if poly.count < 3 { return [] }
        }
        return poly
    }
}
