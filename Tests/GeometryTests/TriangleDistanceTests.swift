import Testing
@testable import Geometry

/// Whether a segment comes within a distance of a triangle (`TriangleDistance.segment`), the test
/// that keeps snapping's later rounds to the triangles the round before changed.
@Suite struct TriangleDistanceTests {
    static let triangle = (Vector3(0, 0, 0), Vector3(10, 0, 0), Vector3(0, 10, 0))

    @Test func aSegmentThroughTheInsideIsWithinAnyDistance() {
        // Through (2, 2, 0): 2 from every edge, the ends 5 from the plane.
        #expect(TriangleDistance.segment(Vector3(2, 2, -5), Vector3(2, 2, 5), isWithin: 1e-12, of: Self.triangle))
        // The same line, stopping short of the plane.
        #expect(!TriangleDistance.segment(Vector3(2, 2, -5), Vector3(2, 2, -0.5), isWithin: 0.4, of: Self.triangle))
        #expect(TriangleDistance.segment(Vector3(2, 2, -5), Vector3(2, 2, -0.5), isWithin: 0.5, of: Self.triangle))
    }

    @Test func aSegmentAboveAnEdgeIsWithinItsHeight() {
        // Above the edge from (0, 0, 0) to (10, 0, 0), outside the triangle, at height 0.3 and 0.4 to the side.
        let p = Vector3(-5, -0.4, 0.3), q = Vector3(15, -0.4, 0.3)
        #expect(TriangleDistance.segment(p, q, isWithin: 0.5, of: Self.triangle))
        #expect(!TriangleDistance.segment(p, q, isWithin: 0.49, of: Self.triangle))
    }

    @Test func aPointIsMeasuredToTheTriangle() {
        let p = Vector3(12, 0, 0)
        #expect(TriangleDistance.segment(p, p, isWithin: 2, of: Self.triangle))
        #expect(!TriangleDistance.segment(p, p, isWithin: 1.99, of: Self.triangle))
    }

    /// Random segments and triangles against the distance of many points along the segment: where
    /// one of them is within the distance, the segment is; where the segment is said to be, a point
    /// along it is within the distance plus the spacing of the points.
    @Test func agreesWithPointsAlongTheSegment() {
        var random = SeededRandom(seed: 11)
        func point() -> Vector3 {
            Vector3(Double.random(in: -10...10, using: &random), Double.random(in: -10...10, using: &random), Double.random(in: -3...3, using: &random))
        }
        var within = 0
        for _ in 0..<2_000 {
            let t = (point(), point(), point()), p = point(), q = point(), d = Double.random(in: 0.01...3, using: &random)
            let steps = 2_000
            let nearest = (0...steps).map { k in
                TriangleDistance.distance(p + (q - p) * (Double(k) / Double(steps)), toTriangle: t)
            }.min()!
            let says = TriangleDistance.segment(p, q, isWithin: d, of: t)
            if nearest <= d { #expect(says, "\(p) \(q) \(t) within \(d): a point is \(nearest) away") }
            if says { #expect(nearest <= d + (q - p).length / Double(steps), "\(p) \(q) \(t) within \(d): the nearest point is \(nearest) away") }
            if says { within += 1 }
        }
        #expect(within > 200 && within < 1_800)
    }
}
