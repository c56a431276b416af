/// An axis-aligned box, in millimetres. `empty` holds no point.
public struct Bounds: Hashable, Sendable, Codable {
    public var min: Vector3
    public var max: Vector3

    public init(min: Vector3, max: Vector3) {
        self.min = min
        self.max = max
    }

    /// The smallest box holding every point.
    public init<S: Sequence>(points: S) where S.Element == Vector3 {
        self = .empty
        for p in points { formUnion(p) }
    }

    /// The box around two points.
    public init(_ a: Vector3, _ b: Vector3) {
        min = Vector3(Swift.min(a.x, b.x), Swift.min(a.y, b.y), Swift.min(a.z, b.z))
        max = Vector3(Swift.max(a.x, b.x), Swift.max(a.y, b.y), Swift.max(a.z, b.z))
    }

    /// The box around three points (a triangle).
    public init(_ a: Vector3, _ b: Vector3, _ c: Vector3) {
        min = Vector3(Swift.min(a.x, b.x, c.x), Swift.min(a.y, b.y, c.y), Swift.min(a.z, b.z, c.z))
        max = Vector3(Swift.max(a.x, b.x, c.x), Swift.max(a.y, b.y, c.y), Swift.max(a.z, b.z, c.z))
    }

    public static let empty = Bounds(
        min: Vector3(.infinity, .infinity, .infinity), max: Vector3(-.infinity, -.infinity, -.infinity))

    public var isEmpty: Bool { min.x > max.x || min.y > max.y || min.z > max.z }
    public var size: Vector3 { isEmpty ? .zero : max - min }
    public var center: Vector3 { (min + max) * 0.5 }

    public mutating func formUnion(_ p: Vector3) {
        min = Vector3(Swift.min(min.x, p.x), Swift.min(min.y, p.y), Swift.min(min.z, p.z))
        max = Vector3(Swift.max(max.x, p.x), Swift.max(max.y, p.y), Swift.max(max.z, p.z))
    }

    public mutating func formUnion(_ b: Bounds) {
        guard !b.isEmpty else { return }
        formUnion(b.min)
        formUnion(b.max)
    }

    public func union(_ b: Bounds) -> Bounds {
        var r = self
        r.formUnion(b)
        return r
    }

    /// Whether the two boxes share at least one point (touching counts).
    public func intersects(_ b: Bounds) -> Bool {
        min.x <= b.max.x && b.min.x <= max.x && min.y <= b.max.y && b.min.y <= max.y
            && min.z <= b.max.z && b.min.z <= max.z
    }

    /// The box grown by `d` (mm) on every side.
    public func expanded(by d: Double) -> Bounds {
        isEmpty ? self : Bounds(min: min - Vector3(d, d, d), max: max + Vector3(d, d, d))
    }

    public func contains(_ p: Vector3) -> Bool {
        p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z && p.z <= max.z
    }
}
