import Foundation

/// An affine map of space: `p' = linear * p + translation`, stored as a row-major 3x3 matrix and a translation.
public struct Transform: Hashable, Sendable {
    /// Rows of the linear part.
    public var row0: Vector3
    public var row1: Vector3
    public var row2: Vector3
    public var translation: Vector3

    public init(row0: Vector3, row1: Vector3, row2: Vector3, translation: Vector3 = .zero) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
        self.translation = translation
    }

    public static let identity = Transform(row0: .unitX, row1: .unitY, row2: .unitZ)

    public static func translation(_ t: Vector3) -> Transform {
        Transform(row0: .unitX, row1: .unitY, row2: .unitZ, translation: t)
    }

    public static func scale(_ s: Vector3) -> Transform {
        Transform(row0: Vector3(s.x, 0, 0), row1: Vector3(0, s.y, 0), row2: Vector3(0, 0, s.z))
    }

    public static func scale(_ s: Double) -> Transform { scale(Vector3(s, s, s)) }

    /// A rotation by `angle` radians about `axis` through the origin, counter-clockwise seen from the axis tip.
    public static func rotation(axis: Vector3, angle: Double) -> Transform {
        let u = axis.normalized
        let (c, s) = Arc.cosSin(angle)  // exact for quarter turns
        let t = 1 - c
        return Transform(
            row0: Vector3(t * u.x * u.x + c, t * u.x * u.y - s * u.z, t * u.x * u.z + s * u.y),
            row1: Vector3(t * u.x * u.y + s * u.z, t * u.y * u.y + c, t * u.y * u.z - s * u.x),
            row2: Vector3(t * u.x * u.z - s * u.y, t * u.y * u.z + s * u.x, t * u.z * u.z + c))
    }

    /// Rotations about X, then Y, then Z, in degrees (the CSG scene convention).
    public static func rotation(degrees r: Vector3) -> Transform {
        let d = Double.pi / 180
        return rotation(axis: .unitZ, angle: r.z * d)
            * rotation(axis: .unitY, angle: r.y * d)
            * rotation(axis: .unitX, angle: r.x * d)
    }

    /// `a * b` applies `b` first, then `a`.
    public static func * (a: Transform, b: Transform) -> Transform {
        let c0 = Vector3(b.row0.x, b.row1.x, b.row2.x)
        let c1 = Vector3(b.row0.y, b.row1.y, b.row2.y)
        let c2 = Vector3(b.row0.z, b.row1.z, b.row2.z)
        func row(_ r: Vector3) -> Vector3 { Vector3(r.dot(c0), r.dot(c1), r.dot(c2)) }
        return Transform(
            row0: row(a.row0), row1: row(a.row1), row2: row(a.row2),
            translation: a.applyLinear(b.translation) + a.translation)
    }

    /// This transform followed by `next`.
    public func then(_ next: Transform) -> Transform { next * self }

    public func apply(to p: Vector3) -> Vector3 { applyLinear(p) + translation }

    /// Applies the linear part only (for directions).
    public func applyLinear(_ v: Vector3) -> Vector3 { Vector3(row0.dot(v), row1.dot(v), row2.dot(v)) }

    /// Maps a surface normal: by the inverse transpose of the linear part, renormalised.
    public func apply(toNormal n: Vector3) -> Vector3 {
        let c = cofactor
        return Vector3(c.row0.dot(n), c.row1.dot(n), c.row2.dot(n)).normalized * (determinant < 0 ? -1 : 1)
    }

    /// The determinant of the linear part; negative when the transform mirrors.
    public var determinant: Double { row0.dot(row1.cross(row2)) }

    /// The cofactor matrix (the inverse transpose times the determinant).
    private var cofactor: Transform {
        Transform(row0: row1.cross(row2), row1: row2.cross(row0), row2: row0.cross(row1))
    }

    /// The inverse, or nil when the linear part is singular.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let c = cofactor  // rows of c are the columns of the inverse times det
        let inv = Transform(
            row0: Vector3(c.row0.x, c.row1.x, c.row2.x) / det,
            row1: Vector3(c.row0.y, c.row1.y, c.row2.y) / det,
            row2: Vector3(c.row0.z, c.row1.z, c.row2.z) / det)
        return Transform(
            row0: inv.row0, row1: inv.row1, row2: inv.row2, translation: -inv.applyLinear(translation))
    }

    public var isFinite: Bool { row0.isFinite && row1.isFinite && row2.isFinite && translation.isFinite }
}
