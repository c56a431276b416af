/// A point or direction in space, in millimetres.
public struct Vector3: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var z: Double

    /// A hash of the position for open-addressing tables of points (a multiplicative hash of the
    /// coordinates' bits, far cheaper than `Hasher`'s SipHash): equal positions hash alike, -0 as 0.
    package var positionHash: Int {
        var h = (x + 0).bitPattern &* 0x9E37_79B9_7F4A_7C15 ^ (y + 0).bitPattern &* 0xC2B2_AE3D_27D4_EB4F
            ^ (z + 0).bitPattern &* 0x1656_67B1_9E37_79F9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h)
    }

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// A point in the plane z = `z`.
    public init(_ p: Vector2, _ z: Double) {
        self.init(p.x, p.y, z)
    }

    public static let zero = Vector3(0, 0, 0)
    public static let unitX = Vector3(1, 0, 0)
    public static let unitY = Vector3(0, 1, 0)
    public static let unitZ = Vector3(0, 0, 1)

    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    public static func * (s: Double, a: Vector3) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    public static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }

    public func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    public func cross(_ b: Vector3) -> Vector3 {
        Vector3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }
    public var length: Double { (x * x + y * y + z * z).squareRoot() }
    public var lengthSquared: Double { x * x + y * y + z * z }
    /// The unit vector in the same direction, or zero for the zero vector.
    public var normalized: Vector3 {
        let l = length
        return l > 0 ? self / l : .zero
    }
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
    /// The x and y components.
    public var xy: Vector2 { Vector2(x, y) }

    /// Component-wise product.
    public func scaled(by s: Vector3) -> Vector3 { Vector3(x * s.x, y * s.y, z * s.z) }
    public func distance(to b: Vector3) -> Double { (self - b).length }

    /// The component at `axis` (0 = x, 1 = y, 2 = z).
    public subscript(axis: Int) -> Double {
        get {
            switch axis {
            case 0: return x
            case 1: return y
            default: return z
            }
        }
        set {
            switch axis {
            case 0: x = newValue
            case 1: y = newValue
            default: z = newValue
            }
        }
    }
}

extension Vector3: CustomStringConvertible {
    public var description: String { "(\(x), \(y), \(z))" }
}
