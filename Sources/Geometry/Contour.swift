import Foundation

/// A closed loop of points in the plane; the last point connects back to the first.
public struct Contour: Hashable, Sendable {
    public var points: [Vector2]

    /// A loop through `points`, with repeated consecutive points (and a repeated closing point) removed.
    public init(_ points: [Vector2]) {
        var cleaned = [Vector2]()
        cleaned.reserveCapacity(points.count)
        for p in points where cleaned.last != p { cleaned.append(p) }
        while cleaned.count > 1, cleaned.first == cleaned.last { cleaned.removeLast() }
        self.points = cleaned
    }

    /// The signed area in mm², positive when counter-clockwise.
    public var signedArea: Double {
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        let o = points[0]
        for i in 1..<(points.count - 1) {
            sum += (points[i] - o).cross(points[i + 1] - o)
        }
        return sum / 2
    }

    public var isCounterClockwise: Bool { signedArea > 0 }
    public var reversed: Contour { Contour(points.reversed()) }

    /// The same loop, counter-clockwise.
    public var counterClockwise: Contour { isCounterClockwise ? self : reversed }
    /// The same loop, clockwise.
    public var clockwise: Contour { isCounterClockwise ? reversed : self }

    /// Whether every turn is to the left (or straight) for a counter-clockwise loop, exactly.
    public var isConvex: Bool {
        let c = counterClockwise.points
        let n = c.count
        guard n >= 3 else { return false }
        for i in 0..<n where Predicates.orient2d(c[i], c[(i + 1) % n], c[(i + 2) % n]) < 0 { return false }
        return true
    }

    public func transformed(_ f: (Vector2) -> Vector2) -> Contour { Contour(points.map(f)) }

    /// The exact winding number of the loop around `p`, or nil when `p` lies on the loop.
    public func winding(around p: Vector2) -> Int? {
        var w = 0
        let n = points.count
        for i in 0..<n {
            guard let step = Contour.windingStep(points[i], points[(i + 1) % n], around: p) else { return nil }
            w += step
        }
        return w
    }

    /// What the edge from `a` to `b` adds to a loop's winding number around `p` (a crossing of the
    /// horizontal line through `p`, left of `p`, counted half-open in y so that a vertex on the line
    /// counts once), or nil when `p` lies on the edge. Only an edge whose heights span `p.y` adds
    /// anything or returns nil.
    @inline(__always) static func windingStep(_ a: Vector2, _ b: Vector2, around p: Vector2) -> Int? {
        if a.y <= p.y {
            if b.y > p.y {
                let o = Predicates.orient2d(a, b, p)
                return o > 0 ? 1 : (o == 0 ? nil : 0)
            }
            return b.y == p.y && isOnSegment(p, a, b) ? nil : 0
        }
        guard b.y <= p.y else { return 0 }
        let o = Predicates.orient2d(a, b, p)
        return o < 0 ? -1 : (o == 0 ? nil : 0)
    }
}

/// Whether `p` lies on the closed segment `a b`, exactly.
func isOnSegment(_ p: Vector2, _ a: Vector2, _ b: Vector2) -> Bool {
    Predicates.orient2d(a, b, p) == 0
        && min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x)
        && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
}

/// Whether the open segments `a b` and `c d` cross at a single point interior to both, exactly.
func segmentsCrossProperly(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Bool {
    let o1 = Predicates.orient2d(a, b, c), o2 = Predicates.orient2d(a, b, d)
    let o3 = Predicates.orient2d(c, d, a), o4 = Predicates.orient2d(c, d, b)
    return o1 * o2 < 0 && o3 * o4 < 0
}

/// Whether the closed segments `a b` and `c d` share any point, exactly.
func segmentsIntersect(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Bool {
    let o1 = Predicates.orient2d(a, b, c), o2 = Predicates.orient2d(a, b, d)
    let o3 = Predicates.orient2d(c, d, a), o4 = Predicates.orient2d(c, d, b)
    if o1 * o2 < 0 && o3 * o4 < 0 { return true }
    return (o1 == 0 && isOnSegment(c, a, b)) || (o2 == 0 && isOnSegment(d, a, b))
        || (o3 == 0 && isOnSegment(a, c, d)) || (o4 == 0 && isOnSegment(b, c, d))
}
