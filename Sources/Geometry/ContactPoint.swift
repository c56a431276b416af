/// A point of a corefinement kept as its exact definition on input coordinates, never as a
/// rounded position: an input vertex, or where the segment `p q` crosses the plane through `r s t`
/// (a line-plane intersection, "LPI" in Attene's indirect predicates). Predicates on such points
/// (`IndirectPredicates`) are evaluated on the definition, so no decision rests on rounding; the
/// rounded position is only what the output carries.
///
/// In homogeneous coordinates the crossing is `(q dp - p dq, dp - dq)`, where `dp` and `dq` are the
/// signed volumes of `r s t p` and `r s t q`: degree 4 over degree 3 in the input coordinates.
enum ContactPoint: Sendable {
    case vertex(Vector3)
    case crossing(p: Vector3, q: Vector3, r: Vector3, s: Vector3, t: Vector3)

    /// The crossing of segment `p q` and segment `r s`, both in a plane whose projection along
    /// `axis` is not degenerate: the segment `p q` through the plane that holds `r s` and runs
    /// along `axis` (through `r`, `s` and `r` moved along `axis`, which is exact).
    static func crossing(_ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3, inPlaneAlong axis: Int) -> ContactPoint {
        var moved = r
        let shifted = r[axis] + 1
        moved[axis] = shifted != r[axis] ? shifted : 2 * r[axis]
        return .crossing(p: p, q: q, r: r, s: s, t: moved)
    }

    /// The rounded position: `estimate`, where the segment crosses the plane computed in floating
    /// point as p + (q - p) dp / (dp - dq), unless its error bound exceeds 2⁻⁴⁷ of `scale` (an eighth
    /// of the rounding repair's tolerance), as at a crossing at a grazing angle, where a small error
    /// in the crossing's parameter moves it far along its segment: then the point's exact
    /// homogeneous coordinates (`exact`, computed here in stack buffers), divided, which is within
    /// two units in the last place. Coordinates that are constant along the segment or over the
    /// plane are copied.
    ///
    /// The estimate's bound: `dp` (and `dq`) is a sum of products 6 operations deep over differences of input
    /// coordinates, so its rounding error is at most γ₆ (6 units of 2⁻⁵³, to first order) times the
    /// same expression on the absolute values of those differences (Higham, *Accuracy and
    /// Stability of Numerical Algorithms*, §3.1); 2⁻⁵⁰ (8 units) of that magnitude, computed in
    /// floating point, covers it. The division and the last steps add a few units of their own
    /// results.
    func position(scale: Double) -> Vector3 {
        if let (x, error) = estimate, error <= scale * 0x1p-47 { return x }
        guard case .crossing(let p, let q, let r, let s, let t) = self else { return estimate!.point }
        let room = Predicates.laplaceCapacity
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * room) { buffer in
            // -dp and -dq as Laplace determinants; then the coordinates p[k] (-dq) - q[k] (-dp) and
            // the weight (-dq) - (-dp): the homogeneous coordinates of `exact`, both negated.
            let (minusP, lengthP) = Predicates.laplaceDeterminant(r, s, t, p, in: buffer.baseAddress!)
            let (minusQ, lengthQ) = Predicates.laplaceDeterminant(r, s, t, q, in: buffer.baseAddress! + room)
            let np = Expansion.compress(minusP, lengthP), nq = Expansion.compress(minusQ, lengthQ)
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * (np + nq) + 2) { scratch in
                // Layout: negated np | weight np + nq | two scaled 2 nq and 2 np | their sum 2 (np + nq).
                let negated = scratch.baseAddress!, weight = negated + np, first = weight + np + nq, second = first + 2 * nq
                let numerator = second + 2 * np
                // An expansion's value to within a unit in the last place: compressed, summed from the smallest.
                func approximation(_ e: UnsafeMutablePointer<Double>, _ n: Int) -> Double {
                    var total = 0.0
                    for i in 0..<Expansion.compress(e, n) { total += e[i] }
                    return total
                }
                for i in 0..<np { negated[i] = -minusP[i] }
                let w = approximation(weight, Expansion.sum(minusQ, nq, negated, np, into: weight))
                guard w != 0 else { return copyingConstants(p, p, q, r, s, t) }
                var x = Vector3(0, 0, 0)
                for k in 0..<3 {
                    let n1 = Expansion.scale(minusQ, nq, by: p[k], into: first)
                    let n2 = Expansion.scale(minusP, np, by: -q[k], into: second)
                    x[k] = approximation(numerator, Expansion.sum(first, n1, second, n2, into: numerator)) / w
                }
                return copyingConstants(x, p, q, r, s, t)
            }
        }
    }

    /// The point computed in floating point, with a bound on the error of each coordinate (mm), or
    /// nil where no bound holds (a segment parallel to the plane to rounding, or magnitudes near
    /// underflow or overflow). An input vertex is exact.
    var estimate: (point: Vector3, error: Double)? {
        switch self {
        case .vertex(let v):
            return (v, 0)
        case .crossing(let p, let q, let r, let s, let t):
            func abs3(_ v: Vector3) -> Vector3 { Vector3(abs(v.x), abs(v.y), abs(v.z)) }
            let u = s - r, v = t - r, mu = abs3(u), mv = abs3(v)
            let n = u.cross(v)
            let mn = Vector3(mu.y * mv.z + mu.z * mv.y, mu.z * mv.x + mu.x * mv.z, mu.x * mv.y + mu.y * mv.x)
            let a = p - r, b = q - r
            let dp = n.dot(a), dq = n.dot(b)
            let ep = mn.dot(abs3(a)) * 0x1p-50, eq = mn.dot(abs3(b)) * 0x1p-50
            let w = dp - dq, ew = ep + eq + abs(w) * 0x1p-52
            guard ew > 0x1p-900 && ew.isFinite && abs(w) > 2 * ew else { return nil }
            let f = dp / w, margin = abs(w) - ew
            let ef = (ep + (abs(dp) + ep) * ew / margin) / margin + abs(f) * 0x1p-52
            let d = q - p
            let x = p + d * min(1, max(0, f))
            var error = 0.0
            for k in 0..<3 { error = max(error, abs(d[k]) * ef * (1 + 0x1p-50) + abs(d[k] * f) * 0x1p-51 + abs(x[k]) * 0x1p-52) }
            return (copyingConstants(x, p, q, r, s, t), error)
        }
    }

    /// `x` with each coordinate that is constant along `p q`, or over the plane `r s t`, copied.
    private func copyingConstants(_ x: Vector3, _ p: Vector3, _ q: Vector3, _ r: Vector3, _ s: Vector3, _ t: Vector3) -> Vector3 {
        var x = x
        for k in 0..<3 {
            if p[k] == q[k] { x[k] = p[k] } else if r[k] == s[k] && s[k] == t[k] { x[k] = r[k] }
        }
        return x
    }

    /// Homogeneous coordinates bounded by intervals: the point is (x/w, y/w, z/w).
    var intervals: (x: Interval, y: Interval, z: Interval, w: Interval) {
        switch self {
        case .vertex(let v):
            return (Interval(v.x), Interval(v.y), Interval(v.z), Interval(1))
        case .crossing(let p, let q, let r, let s, let t):
            func i(_ v: Vector3) -> (Interval, Interval, Interval) { (Interval(v.x), Interval(v.y), Interval(v.z)) }
            let (rx, ry, rz) = i(r)
            let (sx, sy, sz) = i(s), (tx, ty, tz) = i(t)
            let ux = sx - rx, uy = sy - ry, uz = sz - rz
            let vx = tx - rx, vy = ty - ry, vz = tz - rz
            let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx
            let (px, py, pz) = i(p), (qx, qy, qz) = i(q)
            let dp = nx * (px - rx) + ny * (py - ry) + nz * (pz - rz)
            let dq = nx * (qx - rx) + ny * (qy - ry) + nz * (qz - rz)
            return (qx * dp - px * dq, qy * dp - py * dq, qz * dp - pz * dq, dp - dq)
        }
    }

    /// The same homogeneous coordinates, exactly.
    var exact: (x: ExactValue, y: ExactValue, z: ExactValue, w: ExactValue) {
        switch self {
        case .vertex(let v):
            return (ExactValue(v.x), ExactValue(v.y), ExactValue(v.z), ExactValue(1))
        case .crossing(let p, let q, let r, let s, let t):
            let ux = ExactValue.difference(s.x, r.x), uy = ExactValue.difference(s.y, r.y), uz = ExactValue.difference(s.z, r.z)
            let vx = ExactValue.difference(t.x, r.x), vy = ExactValue.difference(t.y, r.y), vz = ExactValue.difference(t.z, r.z)
            let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx
            let dp = nx * ExactValue.difference(p.x, r.x) + ny * ExactValue.difference(p.y, r.y) + nz * ExactValue.difference(p.z, r.z)
            let dq = nx * ExactValue.difference(q.x, r.x) + ny * ExactValue.difference(q.y, r.y) + nz * ExactValue.difference(q.z, r.z)
            return (ExactValue(q.x) * dp - ExactValue(p.x) * dq, ExactValue(q.y) * dp - ExactValue(p.y) * dq,
                    ExactValue(q.z) * dp - ExactValue(p.z) * dq, dp - dq)
        }
    }
}

/// A `ContactPoint` with its floating-point estimate and error bound, and its homogeneous
/// coordinates bounded by intervals and computed exactly the first time a predicate needs them: a
/// point takes part in many predicates of one split.
final class HomogeneousPoint {
    let definition: ContactPoint
    /// The point in floating point and its error bound per coordinate (`ContactPoint.estimate`).
    let estimate: (point: Vector3, error: Double)?
    private(set) lazy var intervals: (x: Interval, y: Interval, z: Interval, w: Interval) = definition.intervals
    private(set) lazy var exact = ExactCoordinates(definition.exact)

    init(_ definition: ContactPoint) {
        self.definition = definition
        estimate = definition.estimate
    }

    /// The input vertex, if the point is one.
    var vertex: Vector3? { if case .vertex(let v) = definition { v } else { nil } }
}

/// The exact homogeneous coordinates of a `HomogeneousPoint`, held by reference: an expansion is a
/// large value, and the predicates read these in place instead of copying them out of the point
/// (copies of the four took 3,400 instructions a read).
final class ExactCoordinates {
    let x: ExactValue, y: ExactValue, z: ExactValue, w: ExactValue

    init(_ c: (x: ExactValue, y: ExactValue, z: ExactValue, w: ExactValue)) {
        (x, y, z, w) = c
    }
}

/// Exact predicates on `ContactPoint`s (Attene, "Indirect predicates for geometric constructions",
/// 2020): each is the sign of a polynomial in the homogeneous coordinates. It is decided, in turn,
/// on the points' estimates where the value is larger than their error bounds can move it (the
/// points are usually far apart for their rounding), on `Interval` bounds of the homogeneous
/// coordinates, and, where the interval holds zero, exactly with `ExactValue`. Three input vertices
/// go to the non-allocating `Predicates` instead.
enum IndirectPredicates {
    /// The orientation of `a`, `b`, `c` after dropping coordinate `axis` (as
    /// `Predicates.orient2d(_:_:_:droppingAxis:)`, cyclic order): +1 counter-clockwise, -1
    /// clockwise, 0 collinear.
    static func orient2d(_ a: HomogeneousPoint, _ b: HomogeneousPoint, _ c: HomogeneousPoint, droppingAxis axis: Int) -> Int {
        if let p = a.vertex, let q = b.vertex, let r = c.vertex { return Predicates.orient2d(p, q, r, droppingAxis: axis) }
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3)
        if let (pa, ea) = a.estimate, let (pb, eb) = b.estimate, let (pc, ec) = c.estimate {
            let bx = pb[u] - pa[u], by = pb[v] - pa[v], cx = pc[u] - pa[u], cy = pc[v] - pa[v]
            let det = bx * cy - by * cx
            // Moving each point by its error changes the differences by eb and ec, and the
            // determinant by at most this; rounding adds (3 + 16 units) units of its products.
            let (eu, ev) = (ea + eb, ea + ec)
            let moved = ev * (abs(bx) + abs(by)) + eu * (abs(cx) + abs(cy)) + 2 * eu * ev
            let bound = (moved + (abs(bx * cy) + abs(by * cx)) * 0x1p-50) * (1 + 0x1p-40) + 0x1p-1000
            if det > bound { return 1 }
            if det < -bound { return -1 }
        }
        let ia = a.intervals, ib = b.intervals, ic = c.intervals
        func pick(_ h: (x: Interval, y: Interval, z: Interval, w: Interval), _ k: Int) -> Interval { k == 0 ? h.x : (k == 1 ? h.y : h.z) }
        // det [[Ua Va Wa] [Ub Vb Wb] [Uc Vc Wc]] times the signs of Wa, Wb and Wc.
        let det = pick(ia, u) * (pick(ib, v) * ic.w - ib.w * pick(ic, v))
            - pick(ia, v) * (pick(ib, u) * ic.w - ib.w * pick(ic, u))
            + ia.w * (pick(ib, u) * pick(ic, v) - pick(ib, v) * pick(ic, u))
        if let d = det.sign, let wa = ia.w.sign, let wb = ib.w.sign, let wc = ic.w.sign { return d * wa * wb * wc }
        let ea = a.exact, eb = b.exact, ec = c.exact
        // The coordinates read in place, (u, v) = (y, z), (z, x) or (x, y).
        let exact = switch axis {
        case 0: determinant(ea.y, ea.z, ea.w, eb.y, eb.z, eb.w, ec.y, ec.z, ec.w)
        case 1: determinant(ea.z, ea.x, ea.w, eb.z, eb.x, eb.w, ec.z, ec.x, ec.w)
        default: determinant(ea.x, ea.y, ea.w, eb.x, eb.y, eb.w, ec.x, ec.y, ec.w)
        }
        return exact.sign * ea.w.sign * eb.w.sign * ec.w.sign
    }

    /// det [[ua va wa] [ub vb wb] [uc vc wc]], exactly.
    private static func determinant(_ ua: ExactValue, _ va: ExactValue, _ wa: ExactValue, _ ub: ExactValue, _ vb: ExactValue,
                                    _ wb: ExactValue, _ uc: ExactValue, _ vc: ExactValue, _ wc: ExactValue) -> ExactValue {
        ua * (vb * wc - wb * vc) - va * (ub * wc - wb * uc) + wa * (ub * vc - vb * uc)
    }

    /// Where `d` lies against the plane through input points `a`, `b`, `c` (as
    /// `Predicates.orient3d`): +1 on the side the normal (b - a) x (c - a) points to, -1 on the
    /// other, 0 in the plane.
    static func orient3d(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: HomogeneousPoint) -> Int {
        if let v = d.vertex { return Predicates.orient3d(a, b, c, v) }
        // n . (D - a W) times the sign of W, n exact (degree 2).
        let i = d.intervals
        func iv(_ x: Double) -> Interval { Interval(x) }
        let (ux, uy, uz) = (iv(b.x) - iv(a.x), iv(b.y) - iv(a.y), iv(b.z) - iv(a.z))
        let (vx, vy, vz) = (iv(c.x) - iv(a.x), iv(c.y) - iv(a.y), iv(c.z) - iv(a.z))
        let bound = (uy * vz - uz * vy) * (i.x - iv(a.x) * i.w) + (uz * vx - ux * vz) * (i.y - iv(a.y) * i.w)
            + (ux * vy - uy * vx) * (i.z - iv(a.z) * i.w)
        if let s = bound.sign, let w = i.w.sign { return s * w }
        let e = d.exact
        let ex = ExactValue.difference(b.x, a.x), ey = ExactValue.difference(b.y, a.y), ez = ExactValue.difference(b.z, a.z)
        let fx = ExactValue.difference(c.x, a.x), fy = ExactValue.difference(c.y, a.y), fz = ExactValue.difference(c.z, a.z)
        let exact = (ey * fz - ez * fy) * (e.x - ExactValue(a.x) * e.w) + (ez * fx - ex * fz) * (e.y - ExactValue(a.y) * e.w)
            + (ex * fy - ey * fx) * (e.z - ExactValue(a.z) * e.w)
        return exact.sign * e.w.sign
    }

    /// The sign of coordinate `axis` of `a` minus that of `b`.
    static func compare(_ a: HomogeneousPoint, _ b: HomogeneousPoint, along axis: Int) -> Int {
        if let p = a.vertex, let q = b.vertex { return p[axis] < q[axis] ? -1 : (p[axis] > q[axis] ? 1 : 0) }
        if let (pa, ea) = a.estimate, let (pb, eb) = b.estimate {
            let bound = (ea + eb) * (1 + 0x1p-40)
            if pa[axis] - bound > pb[axis] + bound { return 1 }
            if pa[axis] + bound < pb[axis] - bound { return -1 }
        }
        let ia = a.intervals, ib = b.intervals
        func pick(_ h: (x: Interval, y: Interval, z: Interval, w: Interval)) -> Interval { axis == 0 ? h.x : (axis == 1 ? h.y : h.z) }
        if let d = (pick(ia) * ib.w - pick(ib) * ia.w).sign, let wa = ia.w.sign, let wb = ib.w.sign { return d * wa * wb }
        let ea = a.exact, eb = b.exact
        let difference = switch axis {
        case 0: ea.x * eb.w - eb.x * ea.w
        case 1: ea.y * eb.w - eb.y * ea.w
        default: ea.z * eb.w - eb.z * ea.w
        }
        return difference.sign * ea.w.sign * eb.w.sign
    }
}
