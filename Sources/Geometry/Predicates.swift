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
        let acx = Expansion.difference(a.x, c.x), bcy = Expansion.difference(b.y, c.y)
        let acy = Expansion.difference(a.y, c.y), bcx = Expansion.difference(b.x, c.x)
        return (acx * bcy - acy * bcx).sign
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
        return orient3dExact(a, b, c, d)
    }

    private static func orient3dExact(_ a: Vector3, _ b: Vector3, _ c: Vector3, _ d: Vector3) -> Int {
        let bx = Expansion.difference(b.x, a.x), by = Expansion.difference(b.y, a.y), bz = Expansion.difference(b.z, a.z)
        let cx = Expansion.difference(c.x, a.x), cy = Expansion.difference(c.y, a.y), cz = Expansion.difference(c.z, a.z)
        let dx = Expansion.difference(d.x, a.x), dy = Expansion.difference(d.y, a.y), dz = Expansion.difference(d.z, a.z)
        let t1 = dx * (by * cz - bz * cy)
        let t2 = dy * (bz * cx - bx * cz)
        let t3 = dz * (bx * cy - by * cx)
        return (t1 + t2 + t3).sign
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
