import Testing
@testable import Geometry

/// The exact split of one triangle on integer points, where every orientation is exact, checked by
/// the tiling's own invariants: every piece turns left, their areas add up to the triangle's, and
/// every segment is an edge.
@Suite struct ExactSplitTests {
    static func split(_ points: [Vector2], corners: (UInt32, UInt32, UInt32) = (0, 1, 2), boundary: [UInt32], inside: [UInt32],
                      segments: [(UInt32, UInt32)]) throws -> [(UInt32, UInt32, UInt32)] {
        let orient = { (a: UInt32, b: UInt32, c: UInt32) in Predicates.orient2d(points[Int(a)], points[Int(b)], points[Int(c)]) }
        let between = { (a: UInt32, x: UInt32, b: UInt32) -> Bool in
            let (p, q, r) = (points[Int(a)], points[Int(x)], points[Int(b)])
            return (q - p).dot(r - p) > 0 && (q - r).dot(p - r) > 0
        }
        var exact = ExactSplit(orient: orient, between: between)
        return try exact.triangles(corners: corners, boundary: boundary, points: inside, segments: segments)
    }

    static func expectTiling(_ pieces: [(UInt32, UInt32, UInt32)], _ points: [Vector2], area: Double, segments: [(UInt32, UInt32)]) {
        var sum = 0.0
        var edges = Set<[UInt32]>()
        for (a, b, c) in pieces {
            let (p, q, r) = (points[Int(a)], points[Int(b)], points[Int(c)])
            let doubled = (q - p).cross(r - p)
            #expect(doubled > 0, "piece \(a) \(b) \(c) does not turn left")
            sum += doubled / 2
            for (u, v) in [(a, b), (b, c), (c, a)] { edges.insert([min(u, v), max(u, v)]) }
        }
        #expect(sum == area)
        for (u, v) in segments { #expect(edges.contains([min(u, v), max(u, v)]), "segment \(u) \(v) is not an edge") }
    }

    @Test func aPointOnTheLineOfTwoSegmentsMakesNoFlatPiece() throws {
        // The contact runs straight from (2, 0) through (1, 1) to (0, 2): the rounded split once cut
        // a piece (2, 0), (1, 1), (0, 2) of no area.
        let points = [Vector2(0, 0), Vector2(4, 0), Vector2(0, 4), Vector2(2, 0), Vector2(0, 2), Vector2(1, 1)]
        let segments: [(UInt32, UInt32)] = [(3, 5), (5, 4)]
        let pieces = try Self.split(points, boundary: [0, 3, 1, 2, 4], inside: [5], segments: segments)
        Self.expectTiling(pieces, points, area: 8, segments: segments)
    }

    @Test func noPieceRunsAlongASidePastItsPoint() throws {
        // A piece (2, 0), (4, 0), (0, 4) would run along the side from (4, 0) to (0, 4), which holds (2, 2).
        let points = [Vector2(0, 0), Vector2(2, 0), Vector2(4, 0), Vector2(2, 2), Vector2(0, 4)]
        let pieces = try Self.split(points, corners: (0, 2, 4), boundary: [0, 1, 2, 3, 4], inside: [], segments: [])
        Self.expectTiling(pieces, points, area: 8, segments: [])
        #expect(pieces.count == 3)
    }

    @Test(arguments: [(0, 0, 0), (5, 0, 0), (0, 5, 0), (0, 0, 5), (1, 1, 1), (7, 1, 3), (0, 9, 2), (40, 30, 50)])
    func aBoundaryWithPointsOnItsSidesIsFanned(counts: (Int, Int, Int)) throws {
        // A right triangle of side 2^20 with points on each side at unevenly spaced integer offsets
        // (exactly on it), starting the boundary at each corner in turn: n - 2 pieces, all turning left.
        let side = 1048576.0
        var points = [Vector2(0, 0), Vector2(side, 0), Vector2(0, side)]
        var sides = [[UInt32]](repeating: [], count: 3)
        for (k, count) in [counts.0, counts.1, counts.2].enumerated() {
            for i in 0..<count {
                let offset = Double((i + 1) * 1048576 / (count + 1) + (i * 37) % 7)
                let (p, q) = (points[k], points[(k + 1) % 3])
                sides[k].append(UInt32(points.count))
                points.append(p + (q - p) * (offset / side))
            }
        }
        for start in 0..<3 {
            var boundary = [UInt32]()
            for k in 0..<3 { boundary += [UInt32((start + k) % 3)] + sides[(start + k) % 3] }
            let pieces = try Self.split(points, boundary: boundary, inside: [], segments: [])
            Self.expectTiling(pieces, points, area: side * side / 2, segments: [])
            #expect(pieces.count == boundary.count - 2)
        }
    }

    @Test func twoCoincidentPointsOnASideAreRefused() {
        let points = [Vector2(0, 0), Vector2(4, 0), Vector2(0, 4), Vector2(2, 0), Vector2(2, 0)]
        #expect(throws: GeometryError.self) { try Self.split(points, boundary: [0, 3, 4, 1, 2], inside: [], segments: []) }
    }

    @Test func aBoundaryThatDoesNotRunRoundItsCornersIsRefused() {
        let points = [Vector2(0, 0), Vector2(4, 0), Vector2(0, 4), Vector2(2, 0)]
        #expect(throws: GeometryError.self) { try Self.split(points, boundary: [0, 2, 1, 3], inside: [], segments: []) }
        #expect(throws: GeometryError.self) { try Self.split(points, corners: (0, 1, 5), boundary: [0, 3, 1, 2], inside: [], segments: []) }
    }

    @Test func segmentsAreRecoveredThroughManyPoints() throws {
        // A triangle with points on every edge and a grid of points inside, and chords across it.
        var points = [Vector2(0, 0), Vector2(64, 0), Vector2(0, 64)]
        var boundary: [UInt32] = [0]
        for x in stride(from: 8.0, to: 64, by: 8) { boundary.append(UInt32(points.count)); points.append(Vector2(x, 0)) }
        boundary.append(1)
        for x in stride(from: 56.0, to: 0, by: -8) { boundary.append(UInt32(points.count)); points.append(Vector2(x, 64 - x)) }
        boundary.append(2)
        for y in stride(from: 56.0, to: 0, by: -8) { boundary.append(UInt32(points.count)); points.append(Vector2(0, y)) }
        var inside = [UInt32]()
        for x in stride(from: 5.0, to: 60, by: 6) {
            for y in stride(from: 3.0, to: 60 - x, by: 6) { inside.append(UInt32(points.count)); points.append(Vector2(x, y)) }
        }
        // From (8, 0) to (0, 48), and from the inside point in the middle of the list to (56, 8).
        let first = UInt32(points.firstIndex(of: Vector2(8, 0))!), second = UInt32(points.firstIndex(of: Vector2(0, 48))!)
        let middle = inside[inside.count / 2], corner = UInt32(points.firstIndex(of: Vector2(56, 8))!)
        let segments = [(first, second), (middle, corner)]
        let pieces = try Self.split(points, boundary: boundary, inside: inside, segments: segments)
        Self.expectTiling(pieces, points, area: 64 * 64 / 2, segments: segments)
    }

    @Test func aLongContactCurveIsRecovered() throws {
        // A zigzag of 600 points across the triangle, each joined to the next: the split walks from
        // point to point instead of looking at every triangle for each (a triangle of a model crossed
        // by 1,928 contact segments took 68 s that way).
        var points = [Vector2(0, 0), Vector2(8192, 0), Vector2(0, 8192), Vector2(4096, 0), Vector2(0, 4096)]
        var inside = [UInt32]()
        for i in 0..<600 {
            inside.append(UInt32(points.count))
            points.append(Vector2(Double(100 + 6 * i), Double(3000 - 4 * i + (i % 2 == 0 ? 0 : 37))))
        }
        var segments: [(UInt32, UInt32)] = [(4, inside[0])]
        for k in 1..<inside.count { segments.append((inside[k - 1], inside[k])) }
        segments.append((inside[inside.count - 1], 3))
        let pieces = try Self.split(points, boundary: [0, 3, 1, 2, 4], inside: inside, segments: segments)
        Self.expectTiling(pieces, points, area: 8192 * 8192 / 2, segments: segments)
        #expect(pieces.count == 2 * inside.count + 3)
    }

    @Test func aSegmentThroughAnotherPointIsSplitThere() throws {
        // The segment from (10, 10) to (30, 30) passes through the point (20, 20), which another
        // segment ends at: both halves become edges.
        let points = [Vector2(0, 0), Vector2(64, 0), Vector2(0, 64), Vector2(10, 10), Vector2(30, 30), Vector2(20, 20), Vector2(5, 40)]
        let segments: [(UInt32, UInt32)] = [(6, 5), (3, 4)]
        let pieces = try Self.split(points, boundary: [0, 1, 2], inside: [3, 4, 5, 6], segments: segments)
        Self.expectTiling(pieces, points, area: 64 * 64 / 2, segments: [(6, 5), (3, 5), (5, 4)])
    }

    @Test func aPointOutsideTheTriangleIsRefused() {
        let points = [Vector2(0, 0), Vector2(4, 0), Vector2(0, 4), Vector2(5, 5)]
        #expect(throws: GeometryError.self) { try Self.split(points, boundary: [0, 1, 2], inside: [3], segments: []) }
    }
}
