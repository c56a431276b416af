/// Exact triangle-triangle intersection, ignoring contact at shared corners and along a shared edge.
/// "Shared" is by position, so two shells that meet at an edge with duplicated vertices do not count
/// as intersecting. Everything else counts: crossing, a corner touching a face, overlapping coplanar
/// faces, an edge running into another.
enum TriangleIntersection {
    /// Whether triangles `t` and `u` meet anywhere other than at shared corners or a shared edge.
    static func intersect(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> Bool {
        let tv = [t.0, t.1, t.2], uv = [u.0, u.1, u.2]
        let su = uv.map { Predicates.orient3d(t.0, t.1, t.2, $0) }
        if su.allSatisfy({ $0 > 0 }) || su.allSatisfy({ $0 < 0 }) { return false }
        let st = tv.map { Predicates.orient3d(u.0, u.1, u.2, $0) }
        if st.allSatisfy({ $0 > 0 }) || st.allSatisfy({ $0 < 0 }) { return false }
        if su.allSatisfy({ $0 == 0 }) {
            let axis = dominantAxis(tv)
            for i in 0..<3 where segmentHitsCoplanarTriangle(tv[i], tv[(i + 1) % 3], uv, axis) { return true }
            for i in 0..<3 where segmentHitsCoplanarTriangle(uv[i], uv[(i + 1) % 3], tv, axis) { return true }
            return false
        }
        for i in 0..<3 where segmentHitsTriangle(tv[i], tv[(i + 1) % 3], st[i], st[(i + 1) % 3], uv) { return true }
        for i in 0..<3 where segmentHitsTriangle(uv[i], uv[(i + 1) % 3], su[i], su[(i + 1) % 3], tv) { return true }
        return false
    }

    /// The axis to drop when projecting a triangle's plane to 2D: its normal's largest component.
    /// Any axis whose projection is not degenerate works, since orientation tests are exact.
    private static func dominantAxis(_ v: [Vector3]) -> Int {
        for axis in [2, 0, 1] where Predicates.orient2d(v[0], v[1], v[2], droppingAxis: axis) != 0 { return axis }
        return 2
    }

    /// Segment `p q` (with orientations `op`, `oq` against the triangle's plane) against triangle `tri`,
    /// the two triangles not being coplanar.
    private static func segmentHitsTriangle(_ p: Vector3, _ q: Vector3, _ op: Int, _ oq: Int, _ tri: [Vector3]) -> Bool {
        if op * oq > 0 { return false }
        if op == 0 && oq == 0 {
            // The segment lies in the triangle's plane.
            return segmentHitsCoplanarTriangle(p, q, tri, dominantAxis(tri))
        }
        if op == 0 { return pointHitsTriangle(p, tri) }
        if oq == 0 { return pointHitsTriangle(q, tri) }
        // The segment crosses the plane strictly inside itself.
        let s0 = Predicates.orient3d(p, q, tri[0], tri[1])
        let s1 = Predicates.orient3d(p, q, tri[1], tri[2])
        let s2 = Predicates.orient3d(p, q, tri[2], tri[0])
        return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0)
    }

    /// A point in the triangle's plane: inside the closed triangle and not one of its corners.
    private static func pointHitsTriangle(_ p: Vector3, _ tri: [Vector3]) -> Bool {
        if tri.contains(p) { return false }
        let axis = dominantAxis(tri)
        let q = Predicates.project(p, axis)
        let t = tri.map { Predicates.project($0, axis) }
        return inClosedTriangle(q, t)
    }

    private static func inClosedTriangle(_ q: Vector2, _ t: [Vector2]) -> Bool {
        let o = Predicates.orient2d(t[0], t[1], t[2])
        let a = Predicates.orient2d(t[0], t[1], q) * o
        let b = Predicates.orient2d(t[1], t[2], q) * o
        let c = Predicates.orient2d(t[2], t[0], q) * o
        return a >= 0 && b >= 0 && c >= 0
    }

    /// Segment `p q` and triangle `tri` in one plane (projected by dropping `axis`): whether they share a
    /// point other than a shared corner, unless the segment is an edge of the triangle.
    private static func segmentHitsCoplanarTriangle(_ p: Vector3, _ q: Vector3, _ tri: [Vector3], _ axis: Int) -> Bool {
        let pShared = tri.contains(p), qShared = tri.contains(q)
        if pShared && qShared { return false }  // an edge of the triangle (its ends are two of its corners)
        let a = Predicates.project(p, axis), b = Predicates.project(q, axis)
        var t = tri.map { Predicates.project($0, axis) }
        if Predicates.orient2d(t[0], t[1], t[2]) < 0 { t.swapAt(1, 2) }
        if pShared || qShared {
            // From a shared corner: the segment enters the triangle only within the corner's angle.
            let (corner, other) = pShared ? (a, b) : (b, a)
            let k = t.firstIndex(of: corner)!
            let prevCorner = t[(k + 2) % 3], nextCorner = t[(k + 1) % 3]
            let inCone = Predicates.orient2d(corner, nextCorner, other) >= 0 && Predicates.orient2d(prevCorner, corner, other) >= 0
            return inCone
        }
        if inClosedTriangle(a, t) || inClosedTriangle(b, t) { return true }
        for i in 0..<3 where segmentsIntersect(a, b, t[i], t[(i + 1) % 3]) { return true }
        return false
    }
}
