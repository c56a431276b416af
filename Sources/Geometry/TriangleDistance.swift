/// Floating-point distances between points, segments and triangles, for tolerances (how near two
/// surfaces come), never for topology: exact questions go to `Predicates`.
enum TriangleDistance {
    /// Whether triangles `t` and `u` come within `d` of each other: they touch, or a corner of one
    /// lies within `d` of the other, or an edge of each pass within `d`.
    static func areWithin(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3), _ d: Double) -> Bool {
        if TriangleIntersection.touch(t, u) { return true }
        let a = [t.0, t.1, t.2], b = [u.0, u.1, u.2]
        for p in a where distance(p, toTriangle: u) <= d { return true }
        for p in b where distance(p, toTriangle: t) <= d { return true }
        for i in 0..<3 {
            for j in 0..<3 where distance(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]) <= d { return true }
        }
        return false
    }

    /// A corner of `u` within `d` of triangle `t`, or of `t` within `d` of `u`, for triangles known
    /// not to touch; nil if there is none. `normal` is `t`'s, and `heights` are the corners of `u`
    /// measured along it from `t.0` (so a corner far from `t`'s plane costs nothing more).
    static func nearCorner(
        _ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3), within d: Double, normal: Vector3, heights: (Double, Double, Double)
    ) -> Vector3? {
        let limit = d * normal.length
        if abs(heights.0) <= limit && distance(u.0, toTriangle: t) <= d { return u.0 }
        if abs(heights.1) <= limit && distance(u.1, toTriangle: t) <= d { return u.1 }
        if abs(heights.2) <= limit && distance(u.2, toTriangle: t) <= d { return u.2 }
        let m = (u.1 - u.0).cross(u.2 - u.0), mLimit = d * m.length
        // One corner at a time: an array literal here was a heap allocation per call, the most
        // frequent of a small boolean.
        if abs(m.dot(t.0 - u.0)) <= mLimit && distance(t.0, toTriangle: u) <= d { return t.0 }
        if abs(m.dot(t.1 - u.0)) <= mLimit && distance(t.1, toTriangle: u) <= d { return t.1 }
        if abs(m.dot(t.2 - u.0)) <= mLimit && distance(t.2, toTriangle: u) <= d { return t.2 }
        return nil
    }

    /// The distance from `p` to the closest point of triangle `t` (its inside, edges or corners).
    static func distance(_ p: Vector3, toTriangle t: (Vector3, Vector3, Vector3)) -> Double {
        let (a, b, c) = t
        let ab = b - a, ac = c - a, ap = p - a
        // Barycentric regions, as in Ericson, Real-Time Collision Detection, 5.1.5.
        let d1 = ab.dot(ap), d2 = ac.dot(ap)
        if d1 <= 0 && d2 <= 0 { return ap.length }
        let bp = p - b, d3 = ab.dot(bp), d4 = ac.dot(bp)
        if d3 >= 0 && d4 <= d3 { return bp.length }
        let vc = d1 * d4 - d3 * d2
        if vc <= 0 && d1 >= 0 && d3 <= 0 { return (p - (a + ab * (d1 / (d1 - d3)))).length }
        let cp = p - c, d5 = ab.dot(cp), d6 = ac.dot(cp)
        if d6 >= 0 && d5 <= d6 { return cp.length }
        let vb = d5 * d2 - d1 * d6
        if vb <= 0 && d2 >= 0 && d6 <= 0 { return (p - (a + ac * (d2 / (d2 - d6)))).length }
        let va = d3 * d6 - d5 * d4
        if va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 {
            return (p - (b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))))).length
        }
        let n = ab.cross(ac), nn = n.lengthSquared
        guard nn > 0 else { return min(ap.length, bp.length, cp.length) }
        return abs(n.dot(ap)) / nn.squareRoot()
    }

    /// A point of an edge of `t` within `d` of an edge of `u`, for triangles known not to touch;
    /// nil if there is none. `normal` is `t`'s, and `heights` are the corners of `u` measured along
    /// it from `t.0`, as for `nearCorner`: only edges that come within `d` of the other triangle's
    /// plane are measured.
    static func nearEdge(
        _ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3), within d: Double, normal: Vector3, heights: (Double, Double, Double)
    ) -> Vector3? {
        // Per corner: -1 or 1 where it lies beyond d on that side of the other triangle's plane, else 0.
        func sides(_ h: (Double, Double, Double), _ limit: Double) -> (Int, Int, Int) {
            func side(_ h: Double) -> Int { h > limit ? 1 : (h < -limit ? -1 : 0) }
            return (side(h.0), side(h.1), side(h.2))
        }
        let m = (u.1 - u.0).cross(u.2 - u.0)
        let st = sides((m.dot(t.0 - u.0), m.dot(t.1 - u.0), m.dot(t.2 - u.0)), d * m.length)
        if st.0 != 0 && st.0 == st.1 && st.1 == st.2 { return nil }
        let su = sides(heights, d * normal.length)
        func corner(_ t: (Vector3, Vector3, Vector3), _ i: Int) -> Vector3 { i == 0 ? t.0 : (i == 1 ? t.1 : t.2) }
        func side(_ s: (Int, Int, Int), _ i: Int) -> Int { i == 0 ? s.0 : (i == 1 ? s.1 : s.2) }
        for i in 0..<3 {
            // An edge with both ends beyond d on one side of the other plane is farther than d from it.
            let i1 = i == 2 ? 0 : i + 1
            if side(st, i) != 0 && side(st, i) == side(st, i1) { continue }
            for j in 0..<3 {
                let j1 = j == 2 ? 0 : j + 1
                if side(su, j) != 0 && side(su, j) == side(su, j1) { continue }
                let p = corner(t, i), q = corner(t, i1), r = corner(u, j), s = corner(u, j1)
                // Edges whose boxes stay more than d apart on an axis.
                if min(p.x, q.x) > max(r.x, s.x) + d || min(r.x, s.x) > max(p.x, q.x) + d
                    || min(p.y, q.y) > max(r.y, s.y) + d || min(r.y, s.y) > max(p.y, q.y) + d
                    || min(p.z, q.z) > max(r.z, s.z) + d || min(r.z, s.z) > max(p.z, q.z) + d { continue }
                let (x, y) = closestPoints(p, q, r, s)
                if (x - y).lengthSquared <= d * d { return x }
            }
        }
        return nil
    }

    /// Whether segment `p q` (a point where `p` is `q`) comes within `d` of triangle `t`: an end
    /// does, or it passes that near an edge, or through the triangle's inside.
    static func segment(_ p: Vector3, _ q: Vector3, isWithin d: Double, of t: (Vector3, Vector3, Vector3)) -> Bool {
        if distance(p, toTriangle: t) <= d || (q != p && distance(q, toTriangle: t) <= d) { return true }
        guard q != p else { return false }
        for (a, b) in [(t.0, t.1), (t.1, t.2), (t.2, t.0)] where distance(p, q, a, b) <= d { return true }
        // Away from its edges, the segment can only come near the triangle where it crosses its plane.
        let n = (t.1 - t.0).cross(t.2 - t.0)
        let dp = n.dot(p - t.0), dq = n.dot(q - t.0)
        guard (dp < 0 && dq > 0) || (dp > 0 && dq < 0) else { return false }
        return distance(p + (q - p) * (dp / (dp - dq)), toTriangle: t) <= d
    }

    /// The distance between segments `p q` and `r s`.
    static func distance(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3) -> Double {
        let (x, y) = closestPoints(p, q, r, s)
        return (x - y).length
    }

    /// The closest points of segments `p q` and `r s`, one on each.
    static func closestPoints(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3) -> (Vector3, Vector3) {
        let d1 = q - p, d2 = s - r, w = p - r
        let a = d1.lengthSquared, e = d2.lengthSquared, f = d2.dot(w)
        guard a > 0 || e > 0 else { return (p, r) }
        var u = 0.0, v = 0.0
        if a == 0 {
            v = min(1, max(0, f / e))
        } else {
            let c = d1.dot(w)
            if e == 0 {
                u = min(1, max(0, -c / a))
            } else {
                let b = d1.dot(d2), denominator = a * e - b * b
                u = denominator > 0 ? min(1, max(0, (b * f - c * e) / denominator)) : 0
                v = (b * u + f) / e
                if v < 0 {
                    v = 0
                    u = min(1, max(0, -c / a))
                } else if v > 1 {
                    v = 1
                    u = min(1, max(0, (b - c) / a))
                }
            }
        }
        return (p + d1 * u, r + d2 * v)
    }
}
