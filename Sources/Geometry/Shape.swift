import Foundation

/// How overlapping contours fill, as in SVG's `fill-rule`.
public enum FillRule: String, Hashable, Sendable, Codable {
    /// Filled where the winding number is not zero.
    case nonZero = "nonzero"
    /// Filled where the winding number is odd.
    case evenOdd = "evenodd"

    func isFilled(_ winding: Int) -> Bool {
        switch self {
        case .nonZero: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }
}

/// A planar region made of disjoint polygons with holes, in millimetres.
public struct Shape: Hashable, Sendable {
    public var polygons: [Polygon]

    public init(polygons: [Polygon]) { self.polygons = polygons }

    /// The region filled by `contours` under `fillRule`, as SVG fills a path. Contours may overlap,
    /// cross one another or themselves; such contours are first resolved into the boundary of the
    /// filled region (crossing points rounded to doubles). Contours whose points all lie on one line
    /// enclose nothing and are dropped.
    public init(contours: [Contour], fillRule: FillRule = .nonZero) throws(GeometryError) {
        var loops = contours.filter { c in
            c.points.count >= 3 && c.points.contains { Predicates.orient2d(c.points[0], c.points[1], $0) != 0 }
        }
        var rule = fillRule
        if Shape.hasCrossings(loops) {
            loops = PlanarArrangement.boundary(of: loops, fillRule: fillRule)
            rule = .nonZero  // the resolved loops carry the fill on their left
        }
        polygons = Shape.nest(loops.filter { $0.signedArea != 0 }, fillRule: rule)
    }

    /// The area in mm².
    public var area: Double { polygons.reduce(0) { $0 + $1.area } }
    public var isEmpty: Bool { polygons.isEmpty }

    /// The smallest and largest x and y over every point.
    public var bounds: (min: Vector2, max: Vector2) {
        var lo = Vector2(.infinity, .infinity), hi = Vector2(-.infinity, -.infinity)
        for p in polygons.flatMap(\.allPoints) {
            lo = Vector2(min(lo.x, p.x), min(lo.y, p.y))
            hi = Vector2(max(hi.x, p.x), max(hi.y, p.y))
        }
        return (lo, hi)
    }

    /// Both shapes' polygons; they must not overlap.
    public func merged(with other: Shape) -> Shape { Shape(polygons: polygons + other.polygons) }

    /// The shape with every point mapped by `f`. A mirroring map keeps orientations right.
    public func transformed(_ f: (Vector2) -> Vector2) -> Shape {
        Shape(polygons: polygons.map { $0.transformed(f) })
    }

    public func translated(by t: Vector2) -> Shape { transformed { $0 + t } }
    public func scaled(by s: Vector2) -> Shape { transformed { Vector2($0.x * s.x, $0.y * s.y) } }
    public func scaled(by s: Double) -> Shape { scaled(by: Vector2(s, s)) }
    /// Rotated counter-clockwise by `angle` radians about the origin.
    public func rotated(by angle: Double) -> Shape {
        let c = cos(angle), s = sin(angle)
        return transformed { Vector2(c * $0.x - s * $0.y, s * $0.x + c * $0.y) }
    }

    // MARK: - Fill-rule resolution

    /// Whether any two edges cross or overlap along a line (touching at points does not count).
    private static func hasCrossings(_ loops: [Contour]) -> Bool {
        struct Edge { var a: Vector2; var b: Vector2 }
        var edges = [Edge]()
        for c in loops {
            for i in 0..<c.points.count {
                edges.append(Edge(a: c.points[i], b: c.points[(i + 1) % c.points.count]))
            }
        }
        // Sweep over x: sort by left end, compare with edges whose x-range overlaps.
        let order = edges.indices.sorted { min(edges[$0].a.x, edges[$0].b.x) < min(edges[$1].a.x, edges[$1].b.x) }
        var active = [Int]()
        for e in order {
            let left = min(edges[e].a.x, edges[e].b.x)
            active.removeAll { max(edges[$0].a.x, edges[$0].b.x) < left }
            let ea = edges[e]
            for f in active {
                let fa = edges[f]
                guard min(ea.a.y, ea.b.y) <= max(fa.a.y, fa.b.y), min(fa.a.y, fa.b.y) <= max(ea.a.y, ea.b.y) else { continue }
                if segmentsCrossProperly(ea.a, ea.b, fa.a, fa.b) || collinearOverlap(ea, fa) { return true }
            }
            active.append(e)
        }
        return false
        func collinearOverlap(_ e: Edge, _ f: Edge) -> Bool {
            guard Predicates.orient2d(e.a, e.b, f.a) == 0, Predicates.orient2d(e.a, e.b, f.b) == 0 else { return false }
            // Collinear: overlapping in more than a point?
            let axisX = abs(e.b.x - e.a.x) >= abs(e.b.y - e.a.y)
            func t(_ p: Vector2) -> Double { axisX ? p.x : p.y }
            let lo = max(min(t(e.a), t(e.b)), min(t(f.a), t(f.b)))
            let hi = min(max(t(e.a), t(e.b)), max(t(f.a), t(f.b)))
            return hi > lo
        }
    }

    /// A point strictly inside the contour's interior side, near its boundary, for nesting tests:
    /// a vertex of `c` that does not lie on `other`, or nil if every vertex lies on it.
    private static func probe(_ c: Contour, against other: Contour) -> Vector2? {
        for p in c.points where other.winding(around: p) != nil { return p }
        // Every vertex lies on `other`: try edge midpoints.
        for i in 0..<c.points.count {
            let m = (c.points[i] + c.points[(i + 1) % c.points.count]) * 0.5
            if other.winding(around: m) != nil { return m }
        }
        return nil
    }

    private static func nest(_ loops: [Contour], fillRule: FillRule) -> [Polygon] {
        let n = loops.count
        // containers[j]: the loops that loop j lies inside (only a larger loop can hold it).
        let areas = loops.map { abs($0.signedArea) }
        var parent = [Int?](repeating: nil, count: n)
        var containers = [[Int]](repeating: [], count: n)
        for j in 0..<n {
            for i in 0..<n where areas[i] > areas[j] {
                guard let p = probe(loops[j], against: loops[i]), let w = loops[i].winding(around: p), w != 0 else { continue }
                containers[j].append(i)
            }
            parent[j] = containers[j].min { areas[$0] < areas[$1] }
        }
        // Winding just inside each loop: its own direction plus those of every loop around it.
        let direction = loops.map { $0.isCounterClockwise ? 1 : -1 }
        let inside = (0..<n).map { j in containers[j].reduce(direction[j]) { $0 + direction[$1] } }
        let outside = (0..<n).map { j in inside[j] - direction[j] }
        let isBoundary = (0..<n).map { fillRule.isFilled(inside[$0]) != fillRule.isFilled(outside[$0]) }
        func boundaryParent(_ j: Int) -> Int? {
            var p = parent[j]
            while let q = p, !isBoundary[q] { p = parent[q] }
            return p
        }
        var polygons = [Int: (outer: Contour, holes: [Contour])]()
        var order = [Int]()
        for j in 0..<n where isBoundary[j] && fillRule.isFilled(inside[j]) {
            polygons[j] = (loops[j], [])
            order.append(j)
        }
        for j in 0..<n where isBoundary[j] && !fillRule.isFilled(inside[j]) {
            if let p = boundaryParent(j), polygons[p] != nil { polygons[p]!.holes.append(loops[j]) }
        }
        return order.map { Polygon(outer: polygons[$0]!.outer, holes: polygons[$0]!.holes) }
    }
}
