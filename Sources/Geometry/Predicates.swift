/// Exact geometric predicates. Each returns the exact sign of a determinant of its
/// floating-point inputs: a fast floating-point evaluation whose error bound decides almost every
/// call, and an exact expansion-arithmetic evaluation for the rest.
public enum Predicates {
    private static let epsilon = Double.ulpOfOne / 2  // 2^-53
    private static let orient2dBound = (3 + 16 * epsilon) * epsilon
    private static let orient3dBound = (7 + 56 * epsilon) * epsilon

    /// +1 if `a`, `b`, `c` turn counter-clockwise, -1 if clockwise, 0 if collinear.
    public static func orient2d(_ a: Vector2, _ b: Vector2, _ c: Vector2) -> Int {
        let detLeft = (a.x - c.x) * (b.y - c.y)
        let detRight = (a.y - c.y) * (b.x - c.x)
        let det = detLeft - detRight
        let bound = orient2dBound * (abs(detLeft) + abs(detRight))
        if det > bound { return 1 }
        if -det > bound { return -1 }
        if detLeft == 0 && detRight == 0 { return 0 }
        return orient2dExact(a, b, c)
    }

    /// The exact sign: the filter's formula in expansion arithmetic where the differences to `c` are
    /// exact doubles, else `orient2dMinors`.
    private static func orient2dExact(_ a: Vector2, _ b: Vector2, _ c: Vector2) -> Int {
        let (acx, acxe) = twoDiff(a.x, c.x), (acy, acye) = twoDiff(a.y, c.y)
        let (bcx, bcxe) = twoDiff(b.x, c.x), (bcy, bcye) = twoDiff(b.y, c.y)
        guard acxe == 0 && acye == 0 && bcxe == 0 && bcye == 0 else { return orient2dMinors(a, b, c) }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { buffer in
            Expansion.sign(buffer.baseAddress!, Expansion.crossProductDifference(acx, bcy, acy, bcx, into: buffer.baseAddress!))
        }
    }

    /// The exact sign from the raw coordinates: det [[ax ay 1] [bx by 1] [cx cy 1]] = M(a,b) - M(a,c)
    /// + M(b,c) with M(p,q) = px qy - qx py, each minor exact.
    static func orient2dMinors(_ a: Vector2, _ b: Vector2, _ c: Vector2) -> Int {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 48) { buffer in
            let m1 = buffer.baseAddress!, m2 = m1 + 4, m3 = m1 + 8, s1 = m1 + 12, s2 = m1 + 24
            let n1 = Expansion.crossProductDifference(a.x, b.y, b.x, a.y, into: m1)
            let n2 = Expansion.crossProductDifference(c.x, a.y, a.x, c.y, into: m2)  // -M(a,c)
            let n3 = Expansion.crossProductDifference(b.x, c.y, c.x, b.y, into: m3)
            let k1 = Expansion.sum(m1, n1, m2, n2, into: s1)
            let k2 = Expansion.sum(s1, k1, m3, n3, into: s2)
            return Expansion.sign(s2, k2)
        }
    }

    /// The sign of `(b - a) x (c - a) . (d - a)`: +1 when `d` lies on the side that the normal of the
    /// counter-clockwise triangle `a b c` points to, -1 on the other side, 0 when coplanar.
    public static func orient3d(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3) -> Int {
        let bx = b.x - a.x, by = b.y - a.y, bz = b.z - a.z
        let cx = c.x - a.x, cy = c.y - a.y, cz = c.z - a.z
        let dx = d.x - a.x, dy = d.y - a.y, dz = d.z - a.z
        let m1 = by * cz, m2 = bz * cy
        let m3 = bz * cx, m4 = bx * cz
        let m5 = bx * cy, m6 = by * cx
        let det = dx * (m1 - m2) + dy * (m3 - m4) + dz * (m5 - m6)
        let permanent = abs(dx) * (abs(m1) + abs(m2)) + abs(dy) * (abs(m3) + abs(m4)) + abs(dz) * (abs(m5) + abs(m6))
        let bound = orient3dBound * permanent
        if det > bound { return 1 }
        if -det > bound { return -1 }
        // Points on one axis-aligned plane (flat CAD faces) are exactly coplanar: no need for the
        // exact path, which a floating-point filter can never skip when the answer is zero.
        if (a.z == b.z && b.z == c.z && c.z == d.z) || (a.x == b.x && b.x == c.x && c.x == d.x)
            || (a.y == b.y && b.y == c.y && c.y == d.y) { return 0 }
        // Nor are a triangle and one of its own corners (neighbouring triangles in a mesh).
        if d == a || d == b || d == c || a == b || b == c || c == a { return 0 }
        return orient3dExact(a, b, c, d)
    }

    /// `orient3d(a, b, c, d)` for one triangle `a b c` and many points `d`: the triangle's minors are
    /// computed once, and the filter decides exactly as `orient3d`'s (the same operations in the same
    /// order), which takes over where it cannot.
    struct Plane {
        let a: Vector3, b: Vector3, c: Vector3
        private let m12: Double, m34: Double, m56: Double
        private let p12: Double, p34: Double, p56: Double

        init(_ a: Vector3, _ b: Vector3, _ c: Vector3) {
            (self.a, self.b, self.c) = (a, b, c)
            let bx = b.x - a.x, by = b.y - a.y, bz = b.z - a.z
            let cx = c.x - a.x, cy = c.y - a.y, cz = c.z - a.z
            let m1 = by * cz, m2 = bz * cy
            let m3 = bz * cx, m4 = bx * cz
            let m5 = bx * cy, m6 = by * cx
            (m12, m34, m56) = (m1 - m2, m3 - m4, m5 - m6)
            (p12, p34, p56) = (abs(m1) + abs(m2), abs(m3) + abs(m4), abs(m5) + abs(m6))
        }

        /// The sign of `orient3d(a, b, c, d)` where the floating-point filter decides it, else nil
        /// (near or in the plane): the cheap half of `side(of:)`.
        @inline(__always) func filteredSide(of d: Vector3) -> Int? {
            let dx = d.x - a.x, dy = d.y - a.y, dz = d.z - a.z
            let det = dx * m12 + dy * m34 + dz * m56
            let bound = orient3dBound * (abs(dx) * p12 + abs(dy) * p34 + abs(dz) * p56)
            if det > bound { return 1 }
            if -det > bound { return -1 }
            return nil
        }

        /// The sign of `orient3d(a, b, c, d)`.
        @inline(__always) func side(of d: Vector3) -> Int {
            if let side = filteredSide(of: d) { return side }
            // A corner of the triangle itself (a neighbour's, in a mesh) lies in its plane.
            if d == a || d == b || d == c { return 0 }
            return orient3d(a, b, c, d)
        }
    }

    /// The exact sign. Where the nine differences to `a` are exact doubles (coordinates of similar
    /// magnitude, as in a mesh, by Sterbenz's lemma), the filter's own formula is evaluated on them
    /// in expansion arithmetic; otherwise `orient3dLaplace` works from the raw coordinates.
    private static func orient3dExact(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3) -> Int {
        let (bx, bxe) = twoDiff(b.x, a.x), (by, bye) = twoDiff(b.y, a.y), (bz, bze) = twoDiff(b.z, a.z)
        let (cx, cxe) = twoDiff(c.x, a.x), (cy, cye) = twoDiff(c.y, a.y), (cz, cze) = twoDiff(c.z, a.z)
        let (dx, dxe) = twoDiff(d.x, a.x), (dy, dye) = twoDiff(d.y, a.y), (dz, dze) = twoDiff(d.z, a.z)
        guard bxe == 0 && bye == 0 && bze == 0 && cxe == 0 && cye == 0 && cze == 0 && dxe == 0 && dye == 0 && dze == 0 else {
            return orient3dLaplace(a, b, c, d)
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 80) { buffer in
            // Layout: three minors of 4 | three terms of 8 | a sum of 16 | the total of 24.
            let m1 = buffer.baseAddress!, m2 = m1 + 4, m3 = m1 + 8, t1 = m1 + 12, t2 = m1 + 20, t3 = m1 + 28
            let s12 = m1 + 36, total = m1 + 52
            let n1 = Expansion.crossProductDifference(by, cz, bz, cy, into: m1)
            let n2 = Expansion.crossProductDifference(bz, cx, bx, cz, into: m2)
            let n3 = Expansion.crossProductDifference(bx, cy, by, cx, into: m3)
            let k1 = Expansion.scale(m1, n1, by: dx, into: t1)
            let k2 = Expansion.scale(m2, n2, by: dy, into: t2)
            let k3 = Expansion.scale(m3, n3, by: dz, into: t3)
            let k12 = Expansion.sum(t1, k1, t2, k2, into: s12)
            return Expansion.sign(total, Expansion.sum(s12, k12, t3, k3, into: total))
        }
    }

    /// The exact sign, by Laplace expansion (`laplaceDeterminant`): no rounded difference anywhere.
    static func orient3dLaplace(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3) -> Int {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: laplaceCapacity) { buffer in
            let (value, n) = laplaceDeterminant(a, b, c, d, in: buffer.baseAddress!)
            return -Expansion.sign(value, n)
        }
    }

    /// The room, in doubles, that `laplaceDeterminant` works in.
    static let laplaceCapacity = 440

    /// det [[a 1] [b 1] [c 1] [d 1]], which is minus `orient3d`'s determinant, exactly: by Laplace
    /// expansion into products of xy-minors and z-differences of the raw coordinates. Works in
    /// `buffer` (room for `laplaceCapacity` doubles); returns where in it the expansion is, and its
    /// length.
    static func laplaceDeterminant(
        _ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3, in buffer: UnsafeMutablePointer<Double>
    ) -> (UnsafeMutablePointer<Double>, Int) {
        // Layout: minor 4 | dz 2 | term 8 | part 8 | merged 16 | two accumulators of 200 each.
        let minor = buffer, dz = minor + 4, term = minor + 8, part = minor + 16, merged = minor + 24
        var acc = minor + 40, other = minor + 240, n = 0
        // det = sum sign * M_xy(p, q) * (zk - zl) over the six pairs of rows.
        func add(_ p: Vector3, _ q: Vector3, _ zk: Double, _ zl: Double, _ sign: Double) {
            let mn = Expansion.crossProductDifference(p.x * sign, q.y, q.x * sign, p.y, into: minor)
            let (hi, lo) = twoDiff(zk, zl)
            var dn = 0
            if lo != 0 { dz[dn] = lo; dn += 1 }
            if hi != 0 { dz[dn] = hi; dn += 1 }
            // term = minor * (hi + lo), each part scaled then summed.
            var tn = 0
            if dn > 0 {
                tn = Expansion.scale(minor, mn, by: dz[0], into: term)
                if dn == 2 {
                    let pn = Expansion.scale(minor, mn, by: dz[1], into: part)
                    let mlen = Expansion.sum(term, tn, part, pn, into: merged)
                    term.update(from: merged, count: mlen)
                    tn = mlen
                }
            }
            n = Expansion.sum(acc, n, term, tn, into: other)
            swap(&acc, &other)
        }
        add(a, b, c.z, d.z, 1)
        add(a, c, b.z, d.z, -1)
        add(a, d, b.z, c.z, 1)
        add(b, c, a.z, d.z, 1)
        add(b, d, a.z, c.z, -1)
        add(c, d, a.z, b.z, 1)
        return (acc, n)
    }

    /// The sign of a 2D orientation after dropping coordinate `axis` (0 = x, 1 = y, 2 = z) of each point,
    /// keeping the remaining two in cyclic order so that the result matches the 3D normal's component.
    public static func orient2d(_ a: Vector3, _ b: Vector3, _ c: Vector3, droppingAxis axis: Int) -> Int {
        orient2d(project(a, axis), project(b, axis), project(c, axis))
    }

    /// The two coordinates of `p` other than `axis`, in cyclic order (y z, z x, or x y).
    @inline(__always) public static func project(_ p: Vector3, _ axis: Int) -> Vector2 {
        switch axis {
        case 0: return Vector2(p.y, p.z)
        case 1: return Vector2(p.z, p.x)
        default: return Vector2(p.x, p.y)
        }
    }
}
