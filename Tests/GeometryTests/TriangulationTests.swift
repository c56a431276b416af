import Foundation
import Testing
@testable import Geometry

/// Property tests: for every polygon, the triangles cover exactly its area, do not overlap, use every
/// input vertex, and are all counter-clockwise with non-zero area.
@Suite struct TriangulationTests {
    static func check(_ polygon: Polygon, _ label: String = "") throws {
        let tris = try polygon.triangulated()
        let pts = polygon.allPoints
        var area = 0.0
        for (a, b, c) in tris {
            #expect(Predicates.orient2d(pts[a], pts[b], pts[c]) > 0, "triangle not counter-clockwise \(label)")
            area += (pts[b] - pts[a]).cross(pts[c] - pts[a]) / 2
        }
        #expect(abs(area - polygon.area) <= 1e-9 * max(1, abs(polygon.area)), "area \(area) vs \(polygon.area) \(label)")
        // Every input point is used (duplicated positions may stand in for one another).
        let usedPositions = Set(tris.flatMap { [pts[$0.0], pts[$0.1], pts[$0.2]] })
        #expect(Set(pts).isSubset(of: usedPositions), "unused vertices \(label)")
        // No two triangles overlap (exact separating-axis test on their edges).
        for i in 0..<tris.count {
            for j in (i + 1)..<tris.count {
                let t = [pts[tris[i].0], pts[tris[i].1], pts[tris[i].2]]
                let u = [pts[tris[j].0], pts[tris[j].1], pts[tris[j].2]]
                #expect(separated(t, u), "triangles \(i) and \(j) overlap \(label)")
            }
        }
    }

    /// Whether two counter-clockwise triangles have disjoint interiors.
    static func separated(_ t: [Vector2], _ u: [Vector2]) -> Bool {
        for (p, q) in [(t, u), (u, t)] {
            for k in 0..<3 where q.allSatisfy({ Predicates.orient2d(p[k], p[(k + 1) % 3], $0) <= 0 }) { return true }
        }
        return false
    }

    /// A random star-shaped (hence simple) polygon around `center`: jittered angles keep every gap
    /// under half a turn, so the centre sees the whole boundary.
    static func star(_ rng: inout SeededRandom, center: Vector2, radius: ClosedRange<Double>, count: Int) -> [Vector2] {
        let step = 2 * Double.pi / Double(count)
        let angles = (0..<count).map { Double($0) * step + Double.random(in: 0..<(0.9 * step), using: &rng) }
        var pts = [Vector2]()
        for a in angles {
            let p = center + Vector2(cos(a), sin(a)) * Double.random(in: radius, using: &rng)
            if pts.last != p { pts.append(p) }
        }
        return pts
    }

    @Test func randomStarPolygons() throws {
        var rng = SeededRandom(seed: 10)
        for n in 0..<300 {
            let pts = Self.star(&rng, center: .zero, radius: 1...10, count: Int.random(in: 3...40, using: &rng))
            let c = Contour(pts)
            guard c.points.count >= 3, Predicates.orient2d(c.points[0], c.points[1], c.points[2]) != 0 || c.points.count > 3 else { continue }
            try Self.check(Polygon(outer: c), "star \(n)")
        }
    }

    @Test func collinearRunsKeepEveryVertex() throws {
        // A square with many points on each side, and a triangle whose long side is subdivided.
        var square = [Vector2]()
        for k in 0..<10 { square.append(Vector2(Double(k), 0)) }
        for k in 0..<10 { square.append(Vector2(10, Double(k))) }
        for k in 0..<10 { square.append(Vector2(10 - Double(k), 10)) }
        for k in 0..<10 { square.append(Vector2(0, 10 - Double(k))) }
        try Self.check(Polygon(outer: Contour(square)), "square")
        var tri = [Vector2(0, 0)]
        for k in 1...20 { tri.append(Vector2(Double(k), 0)) }
        tri.append(Vector2(0, 1))
        try Self.check(Polygon(outer: Contour(tri)), "fan")
        // Nearly collinear: a bump one ulp high.
        let bump = [Vector2(0, 0), Vector2(1, 0), Vector2(2, 0x1p-52), Vector2(3, 0), Vector2(3, 1), Vector2(0, 1)]
        try Self.check(Polygon(outer: Contour(bump)), "bump")
    }

    @Test func randomPolygonsWithHoles() throws {
        var rng = SeededRandom(seed: 11)
        for n in 0..<120 {
            let outer = try Shape.roundedRectangle(width: 100, height: 60, cornerRadius: Double.random(in: 0...30, using: &rng), resolution: .draft)
            // Holes on a jittered grid so they never overlap.
            var holes = [Contour]()
            for gx in 0..<4 {
                for gy in 0..<2 where Bool.random(using: &rng) {
                    let center = Vector2(Double(gx) * 20 - 30 + Double.random(in: -3...3, using: &rng), Double(gy) * 24 - 12 + Double.random(in: -3...3, using: &rng))
                    holes.append(Contour(Self.star(&rng, center: center, radius: 2...6, count: Int.random(in: 3...12, using: &rng))))
                }
            }
            try Self.check(Polygon(outer: outer.polygons[0].outer, holes: holes.filter { $0.points.count >= 3 }), "holes \(n)")
        }
    }

    @Test func holesTouchingTheOutlineOrEachOther() throws {
        let outer = Contour([Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)])
        // A hole whose corner is the outline's corner, another touching the bottom edge's vertex.
        let corner = Contour([Vector2(0, 0), Vector2(2, 1), Vector2(1, 2)])
        try Self.check(Polygon(outer: outer, holes: [corner]), "corner hole")
        let outerWithVertex = Contour([Vector2(0, 0), Vector2(5, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)])
        let onEdge = Contour([Vector2(5, 0), Vector2(7, 3), Vector2(3, 3)])
        try Self.check(Polygon(outer: outerWithVertex, holes: [onEdge]), "edge hole")
        // Two holes sharing a corner.
        let left = Contour([Vector2(2, 4), Vector2(5, 5), Vector2(2, 6)])
        let right = Contour([Vector2(5, 5), Vector2(8, 4), Vector2(8, 6)])
        try Self.check(Polygon(outer: outer, holes: [left, right]), "touching holes")
        // A hole whose leftmost point touches the outline's left edge vertex.
        let outerLeft = Contour([Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10), Vector2(0, 5)])
        let leftTouch = Contour([Vector2(0, 5), Vector2(3, 3), Vector2(3, 7)])
        try Self.check(Polygon(outer: outerLeft, holes: [leftTouch]), "left touch")
    }

    @Test func manyHolesInAPlate() throws {
        let holes = try (0..<36).map { i -> Contour in
            try Shape.circle(radius: 1, center: Vector2(Double(i % 6) * 4 - 10, Double(i / 6) * 4 - 10), segments: 8).polygons[0].outer
        }
        try Self.check(Polygon(outer: Contour([Vector2(-13, -13), Vector2(13, -13), Vector2(13, 13), Vector2(-13, 13)]), holes: holes), "plate")
    }
}
