import Foundation

extension Shape {
    /// The shape grown by `distance` mm (shrunk when negative). Growing works on any shape: it is the
    /// exact Minkowski sum with a disc (convex corners rounded, tessellated by `resolution`; at reflex
    /// corners the offset edges meet; convex holes shrink and may close), with overlaps resolved by
    /// the non-zero rule.
    /// Shrinking works on convex polygons without holes, which covers every rounded and regular
    /// shape here: every edge moves inward and edges that vanish are dropped; a polygon that shrinks
    /// away is removed.
    public func offset(by distance: Double, resolution: Resolution = .normal) throws(GeometryError) -> Shape {
        guard distance.isFinite else { throw .invalidParameter("offset distance must be finite, got \(distance)") }
        if distance > 0 {
            var loops = [Contour]()
            for polygon in polygons {
                loops.append(Contour(grow(polygon.outer.points, distance, resolution)))
                for hole in polygon.holes {
                    let open = Contour(hole.points.reversed())
                    if open.isConvex {
                        // A convex hole shrinks exactly as a convex shape does, and may close.
                        let shrunk = shrink(open.points, distance)
                        if shrunk.count >= 3, Contour(shrunk).signedArea > 0 { loops.append(Contour(shrunk.reversed())) }
                    } else {
                        loops.append(Contour(grow(hole.points, distance, resolution)))
                    }
                }
            }
            return try Shape(contours: loops, fillRule: .nonZero)
        }
        var result = [Polygon]()
        for (i, polygon) in polygons.enumerated() {
            guard polygon.holes.isEmpty, polygon.outer.isConvex else {
                throw .invalidShape("offset needs convex polygons without holes to shrink; polygon \(i) is not")
            }
            if distance < 0 {
                let shrunk = Contour(shrink(polygon.outer.points, -distance))
                if shrunk.points.count >= 3, shrunk.signedArea > 0 { result.append(Polygon(outer: shrunk)) }
            } else {
                result.append(polygon)
            }
        }
        return Shape(polygons: result)
    }

    /// One contour moved `d` to the right of its edges (outward, with the region on the left).
    private func grow(_ p: [Vector2], _ d: Double, _ resolution: Resolution) -> [Vector2] {
        let n = p.count
        var out = [Vector2]()
        for i in 0..<n {
            let prev = p[(i + n - 1) % n], cur = p[i], next = p[(i + 1) % n]
            let nIn = (cur - prev).normalized.perpendicular * -1  // outward normal of the incoming edge
            let nOut = (next - cur).normalized.perpendicular * -1
            if (cur - prev).cross(next - cur) < 0 {
                // A reflex corner of the region on the contour's left: the offset edges cross near
                // it; running through the corner itself makes a small loop that the non-zero rule
                // removes, leaving the exact crossing.
                out += [cur + nIn * d, cur, cur + nOut * d]
                continue
            }
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
