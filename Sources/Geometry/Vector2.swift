import Foundation

/// A point or direction in the plane, in millimetres.
public struct Vector2: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector2(0, 0)

    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }

    /// The dot product.
    public func dot(_ b: Vector2) -> Double { x * b.x + y * b.y }
    /// The z component of the 3D cross product (positive when `b` is counter-clockwise of `self`).
    public func cross(_ b: Vector2) -> Double { x * b.y - y * b.x }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var lengthSquared: Double { x * x + y * y }
    /// The unit vector in the same direction, or zero for the zero vector.
    public var normalized: Vector2 {
        let l = length
        return l > 0 ? self / l : .zero
    }
    /// This vector turned 90 degrees counter-clockwise.
    public var perpendicular: Vector2 { Vector2(-y, x) }
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The unit vector at `angle` radians counter-clockwise from +X.
    public static func unit(angle: Double) -> Vector2 { Vector2(cos(angle), sin(angle)) }

    public func distance(to b: Vector2) -> Double { (self - b).length }
}

extension Vector2: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
