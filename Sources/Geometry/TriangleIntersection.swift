/// Exact triangle-triangle intersection, ignoring contact at shared corners and along a shared edge.
/// "Shared" is by position, so two shells that meet at an edge with duplicated vertices do not count
/// as intersecting. Everything else counts: crossing, a corner touching a face, overlapping coplanar
/// faces, an edge running into another.
enum TriangleIntersection {
    /// Three corners, indexable without allocating.
    struct Tri {
        var p0: Vector3, p1: Vector3, p2: Vector3
        init(_ t: (Vector3, Vector3, Vector3)) { (p0, p1, p2) = t }
        @inline(__always) subscript(i: Int) -> Vector3 { i == 0 ? p0 : (i == 1 ? p1 : p2) }
        @inline(__always) func contains(_ p: Vector3) -> Bool { p == p0 || p == p1 || p == p2 }

        /// The axis to drop when projecting the triangle's plane to 2D. Any axis whose projection
        /// is not degenerate works, since orientation tests are exact; the one along which the
        /// normal (in floating point) is largest keeps the projection well shaped, so that the
        /// tests' filters decide. (A vertical triangle rounded a unit off the vertical projects
        /// along z to a sliver, where every test on it went to exact arithmetic: turned_2's
        /// classification spent 28,000 instructions a test.) The others follow, z, x, y, where
        /// that projection is degenerate.
        var projectionAxis: Int {
            // The normal's components as orient2d's filter evaluates them, two products each: a
            // difference larger than its error bound (Shewchuk's, rounded up) is not zero.
            let d = p1 - p0, e = p2 - p0
            let (lx, rx, ly, ry, lz, rz) = (d.y * e.z, d.z * e.y, d.z * e.x, d.x * e.z, d.x * e.y, d.y * e.x)
            let (x, y, z) = (abs(lx - rx), abs(ly - ry), abs(lz - rz))
            let best = z >= x && z >= y ? 2 : (x >= y ? 0 : 1)
            let bound = 0x1p-51 * (best == 2 ? abs(lz) + abs(rz) : (best == 0 ? abs(lx) + abs(rx) : abs(ly) + abs(ry)))
            if max(x, y, z) > bound || Predicates.orient2d(p0, p1, p2, droppingAxis: best) != 0 { return best }
            for axis in [2, 0, 1] where axis != best && Predicates.orient2d(p0, p1, p2, droppingAxis: axis) != 0 { return axis }
            return 2
        }
    }

    /// Whether triangles `t` and `u` meet anywhere other than at shared corners or a shared edge.
    /// `shortcuts` (off only in tests, to compare) settles coplanar pairs with no shared corner, or
    /// round one shared corner, by a separating line, and a triangle that only touches the other's
    /// plane (at one corner, or along one edge) by that corner or edge alone.
    static func intersect(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3), shortcuts: Bool = true) -> Bool {
        intersect(Predicates.Plane(t.0, t.1, t.2), u, shortcuts: shortcuts)
    }

    /// `intersect` with the first triangle given as its `Predicates.Plane`, made once for many pairs.
    static func intersect(_ plane: Predicates.Plane, _ u: (Vector3, Vector3, Vector3), shortcuts: Bool = true) -> Bool {
        let t = Tri((plane.a, plane.b, plane.c)), u = Tri(u)
        let su = (plane.side(of: u.p0), plane.side(of: u.p1), plane.side(of: u.p2))
        if oneSide(su) { return false }
        if su == (0, 0, 0) {
            // Coplanar (then every corner of t is in u's plane too).
            let axis = t.projectionAxis
            if shortcuts && !t.contains(u.p0) && !t.contains(u.p1) && !t.contains(u.p2), let apart = areSeparated(t, u, axis) { return !apart }
            if shortcuts && meetOnlyAtSharedCorner(t, u, axis) { return false }
            for i in 0..<3 where segmentHitsCoplanarTriangle(t[i], t[(i + 1) % 3], u, axis) { return true }
            for i in 0..<3 where segmentHitsCoplanarTriangle(u[i], u[(i + 1) % 3], t, axis) { return true }
            return false
        }
        if shortcuts, let meets = meetsOnlyWhereItTouchesThePlane(u, su, t) { return meets }
        let uPlane = Predicates.Plane(u.p0, u.p1, u.p2)
        let st = (uPlane.side(of: t.p0), uPlane.side(of: t.p1), uPlane.side(of: t.p2))
        if oneSide(st) { return false }
        if shortcuts, let meets = meetsOnlyWhereItTouchesThePlane(t, st, u) { return meets }
        if segmentHitsTriangle(t.p0, t.p1, st.0, st.1, u) || segmentHitsTriangle(t.p1, t.p2, st.1, st.2, u)
            || segmentHitsTriangle(t.p2, t.p0, st.2, st.0, u) { return true }
        return segmentHitsTriangle(u.p0, u.p1, su.0, su.1, t) || segmentHitsTriangle(u.p1, u.p2, su.1, su.2, t)
            || segmentHitsTriangle(u.p2, u.p0, su.2, su.0, t)
    }

    /// Two triangles on a shared edge `p q` meet only along it when their third corners `r` and `s`
    /// lie strictly on opposite sides of it in the projection of `p q r` (false where they may
    /// overlap): the projection maps that triangle one to one, so a point both share projects onto
    /// the edge, coplanar or not.
    static func meetOnlyAlongSharedEdge(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3) -> Bool {
        let axis = Tri((p, q, r)).projectionAxis
        let a = Predicates.project(p, axis), b = Predicates.project(q, axis)
        let sr = Predicates.orient2d(a, b, Predicates.project(r, axis))
        return sr != 0 && Predicates.orient2d(a, b, Predicates.project(s, axis)) == -sr
    }

    /// Whether the closed triangles `t` and `u` share any point at all (touching counts, nothing is
    /// exempt): the test for contact between two different meshes.
    static func touch(_ t: (Vector3, Vector3, Vector3), _ u: (Vector3, Vector3, Vector3)) -> Bool {
        let t = Tri(t), u = Tri(u)
        let su = [Predicates.orient3d(t.p0, t.p1, t.p2, u.p0), Predicates.orient3d(t.p0, t.p1, t.p2, u.p1), Predicates.orient3d(t.p0, t.p1, t.p2, u.p2)]
        let st = [Predicates.orient3d(u.p0, u.p1, u.p2, t.p0), Predicates.orient3d(u.p0, u.p1, u.p2, t.p1), Predicates.orient3d(u.p0, u.p1, u.p2, t.p2)]
        if su.allSatisfy({ $0 > 0 }) || su.allSatisfy({ $0 < 0 }) || st.allSatisfy({ $0 > 0 }) || st.allSatisfy({ $0 < 0 }) { return false }
        func segmentTouches(_ p: Vector3, _ q: Vector3, _ op: Int, _ oq: Int, _ tri: Tri) -> Bool {
            if op * oq > 0 { return false }
            let axis = tri.projectionAxis
            let t0 = Predicates.project(tri.p0, axis), t1 = Predicates.project(tri.p1, axis), t2 = Predicates.project(tri.p2, axis)
            let a = Predicates.project(p, axis), b = Predicates.project(q, axis)
            if op == 0 && oq == 0 {
                return inClosedTriangle(a, t0, t1, t2) || inClosedTriangle(b, t0, t1, t2)
                    || segmentsIntersect(a, b, t0, t1) || segmentsIntersect(a, b, t1, t2) || segmentsIntersect(a, b, t2, t0)
            }
            if op == 0 { return inClosedTriangle(a, t0, t1, t2) }
            if oq == 0 { return inClosedTriangle(b, t0, t1, t2) }
            let s0 = Predicates.orient3d(p, q, tri.p0, tri.p1)
            let s1 = Predicates.orient3d(p, q, tri.p1, tri.p2)
            let s2 = Predicates.orient3d(p, q, tri.p2, tri.p0)
            return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0)
        }
        for i in 0..<3 where segmentTouches(t[i], t[(i + 1) % 3], st[i], st[(i + 1) % 3], u) { return true }
        for i in 0..<3 where segmentTouches(u[i], u[(i + 1) % 3], su[i], su[(i + 1) % 3], t) { return true }
        return false
    }

    @inline(__always) private static func oneSide(_ s: (Int, Int, Int)) -> Bool {
        (s.0 > 0 && s.1 > 0 && s.2 > 0) || (s.0 < 0 && s.1 < 0 && s.2 < 0)
    }

    /// Coplanar triangles without a shared corner (projected by dropping `axis`): whether an edge
    /// of one has the other strictly outside it. Two closed triangles in a plane are disjoint
    /// exactly when a line along one of their edges separates them. Nil where either is flat.
    private static func areSeparated(_ t: Tri, _ u: Tri, _ axis: Int) -> Bool? {
        let t0 = Predicates.project(t.p0, axis), t1 = Predicates.project(t.p1, axis), t2 = Predicates.project(t.p2, axis)
        let u0 = Predicates.project(u.p0, axis), u1 = Predicates.project(u.p1, axis), u2 = Predicates.project(u.p2, axis)
        // Whether x, y, z lie strictly on the side of line a b away from `inside` (the turn of the
        // triangle a b belongs to).
        @inline(__always) func outside(_ a: Vector2, _ b: Vector2, _ inside: Int, _ x: Vector2, _ y: Vector2, _ z: Vector2) -> Bool {
            Predicates.orient2d(a, b, x) == -inside && Predicates.orient2d(a, b, y) == -inside && Predicates.orient2d(a, b, z) == -inside
        }
        let st = Predicates.orient2d(t0, t1, t2), su = Predicates.orient2d(u0, u1, u2)
        guard st != 0 && su != 0 else { return nil }
        return outside(t0, t1, st, u0, u1, u2) || outside(t1, t2, st, u0, u1, u2) || outside(t2, t0, st, u0, u1, u2)
            || outside(u0, u1, su, t0, t1, t2) || outside(u1, u2, su, t0, t1, t2) || outside(u2, u0, su, t0, t1, t2)
    }

    /// Triangles with exactly one corner v in common (a fan round v, as on a flat cap): whether, in
    /// the projection along `axis`, the line along an edge of one from v leaves the other's two far
    /// corners strictly on the side away from it. The other then lies on that side but for v, so
    /// their projections meet only at v; where `axis` is the projection axis of `t` (which the
    /// projection maps one to one), so do the triangles, coplanar or not.
    static func meetOnlyAtSharedCorner(_ t: Tri, _ u: Tri, _ axis: Int) -> Bool {
        var k = -1, m = -1, shared = 0
        for i in 0..<3 {
            for j in 0..<3 where t[i] == u[j] {
                (k, m) = (i, j)
                shared += 1
            }
        }
        guard shared == 1 else { return false }
        let v = Predicates.project(t[k], axis)
        let a = Predicates.project(t[(k + 1) % 3], axis), b = Predicates.project(t[(k + 2) % 3], axis)
        let c = Predicates.project(u[(m + 1) % 3], axis), d = Predicates.project(u[(m + 2) % 3], axis)
        // The line from v through x, with `third` (the rest of x's triangle) on one side, and p and q
        // (the other triangle's far corners) both strictly on the other.
        func separates(_ x: Vector2, _ third: Vector2, _ p: Vector2, _ q: Vector2) -> Bool {
            let side = Predicates.orient2d(v, x, third)
            return side != 0 && Predicates.orient2d(v, x, p) == -side && Predicates.orient2d(v, x, q) == -side
        }
        return separates(a, b, c, d) || separates(b, a, c, d) || separates(c, d, a, b) || separates(d, c, a, b)
    }

    /// Where triangle `a` touches the plane of `other` without crossing it (`s`: the sides of its
    /// corners), whether it meets `other` anywhere but at shared corners or a shared edge: with one
    /// corner in the plane and the other two strictly on one side, the plane holds only that corner
    /// of `a`; with two corners in it and the third off it, only the edge between them. Nil where
    /// `a` crosses the plane.
    @inline(__always) private static func meetsOnlyWhereItTouchesThePlane(_ a: Tri, _ s: (Int, Int, Int), _ other: Tri) -> Bool? {
        switch (s.0 == 0, s.1 == 0, s.2 == 0) {
        case (true, false, false): s.1 * s.2 > 0 ? pointHitsTriangle(a.p0, other) : nil
        case (false, true, false): s.2 * s.0 > 0 ? pointHitsTriangle(a.p1, other) : nil
        case (false, false, true): s.0 * s.1 > 0 ? pointHitsTriangle(a.p2, other) : nil
        case (true, true, false): segmentHitsCoplanarTriangle(a.p0, a.p1, other, other.projectionAxis)
        case (false, true, true): segmentHitsCoplanarTriangle(a.p1, a.p2, other, other.projectionAxis)
        case (true, false, true): segmentHitsCoplanarTriangle(a.p2, a.p0, other, other.projectionAxis)
        default: nil
        }
    }

    /// Segment `p q` (with orientations `op`, `oq` against the triangle's plane) against triangle `tri`,
    /// the two triangles not being coplanar.
    private static func segmentHitsTriangle(_ p: Vector3, _ q: Vector3, _ op: Int, _ oq: Int, _ tri: Tri) -> Bool {
        if op * oq > 0 { return false }
        if op == 0 && oq == 0 {
            // The segment lies in the triangle's plane.
            return segmentHitsCoplanarTriangle(p, q, tri, tri.projectionAxis)
        }
        if op == 0 { return pointHitsTriangle(p, tri) }
        if oq == 0 { return pointHitsTriangle(q, tri) }
        // The segment crosses the plane strictly inside itself.
        let s0 = Predicates.orient3d(p, q, tri.p0, tri.p1)
        let s1 = Predicates.orient3d(p, q, tri.p1, tri.p2)
        let s2 = Predicates.orient3d(p, q, tri.p2, tri.p0)
        return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0)
    }

    /// A point in the triangle's plane: inside the closed triangle and not one of its corners.
    private static func pointHitsTriangle(_ p: Vector3, _ tri: Tri) -> Bool {
        if tri.contains(p) { return false }
        let axis = tri.projectionAxis
        return inClosedTriangle(
            Predicates.project(p, axis), Predicates.project(tri.p0, axis), Predicates.project(tri.p1, axis), Predicates.project(tri.p2, axis))
    }

    private static func inClosedTriangle(_ q: Vector2, _ t0: Vector2, _ t1: Vector2, _ t2: Vector2) -> Bool {
        let o = Predicates.orient2d(t0, t1, t2)
        let a = Predicates.orient2d(t0, t1, q) * o
        let b = Predicates.orient2d(t1, t2, q) * o
        let c = Predicates.orient2d(t2, t0, q) * o
        return a >= 0 && b >= 0 && c >= 0
    }

    /// Segment `p q` and triangle `tri` in one plane (projected by dropping `axis`): whether they share a
    /// point other than a shared corner, unless the segment is an edge of the triangle.
    private static func segmentHitsCoplanarTriangle(_ p: Vector3, _ q: Vector3, _ tri: Tri, _ axis: Int) -> Bool {
        let pShared = tri.contains(p), qShared = tri.contains(q)
        if pShared && qShared { return false }  // an edge of the triangle (its ends are two of its corners)
        let a = Predicates.project(p, axis), b = Predicates.project(q, axis)
        // The triangle's corners, counter-clockwise.
        let t0 = Predicates.project(tri.p0, axis)
        var t1 = Predicates.project(tri.p1, axis), t2 = Predicates.project(tri.p2, axis)
        if Predicates.orient2d(t0, t1, t2) < 0 { swap(&t1, &t2) }
        if pShared || qShared {
            // From a shared corner: the segment enters the triangle only within the corner's angle.
            let (corner, other) = pShared ? (a, b) : (b, a)
            let (prevCorner, nextCorner) = corner == t0 ? (t2, t1) : (corner == t1 ? (t0, t2) : (t1, t0))
            return Predicates.orient2d(corner, nextCorner, other) >= 0 && Predicates.orient2d(prevCorner, corner, other) >= 0
        }
        if inClosedTriangle(a, t0, t1, t2) || inClosedTriangle(b, t0, t1, t2) { return true }
        return segmentsIntersect(a, b, t0, t1) || segmentsIntersect(a, b, t1, t2) || segmentsIntersect(a, b, t2, t0)
    }
}
